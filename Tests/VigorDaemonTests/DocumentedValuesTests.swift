import Foundation
import GhostEngine
import GhostScheduling
import TestPrograms
import Testing
import VigorRPC

@testable import VigorDaemon
@testable import VigorConfig

/// Docs/rpc.md's lists of values are the code's: a new receipt action, message kind or migration shows there, or
/// fails here.
private func repositoryText(_ path: String) throws -> String {
    try RepositoryFiles.text(path)
}

/// The back-quoted words inside the parenthesis that opens with `lead`.
private func listedValues(after lead: String, in text: String) throws -> Set<String> {
    let start = try #require(text.range(of: lead)).upperBound
    let rest = text[start...]
    let close = try #require(rest.firstIndex(of: ")"))
    return Set(rest[..<close].split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) })
}

@Test(.removesScratchFolders) func rpcDocNamesEveryReceiptAction() throws {
    let listed = try listedValues(after: "`action` (", in: try repositoryText("Docs/rpc.md"))
    #expect(listed == Set(DecisionAction.allCases.map(\.rawValue)))
}

@Test(.removesScratchFolders) func rpcDocAndTheInboxSchemaNameEveryMessageKind() throws {
    let kinds = Set(GhostMessage.Kind.allCases.map(\.rawValue))
    #expect(try listedValues(after: "`kind` (", in: try repositoryText("Docs/rpc.md")) == kinds)
    let schema = try JSONEncoder().encode(InboxListMethod.resultSchema)
    for kind in kinds {
        #expect(String(decoding: schema, as: UTF8.self).contains("\"\(kind)\""), "the inbox.list schema lacks \(kind)")
    }
}

@Test(.removesScratchFolders) func rpcDocsStatusExampleShowsTheCurrentSchema() throws {
    let context = try makeTestContext(config: DaemonConfig(), now: Date(timeIntervalSince1970: 1_795_424_400))
    let version = try context.database.schemaVersion()
    #expect(try repositoryText("Docs/rpc.md").contains("\"schemaVersion\":\"\(version)\""))
}

@Test(.removesScratchFolders) func theTemplateStatesTheHorizonRangeTheReaderTakes() throws {
    let template = try repositoryText("config/config.toml")
    #expect(template.contains("the longest plan (7-14 days)"))
    var rules = SchedulingRules.standard
    rules.slots.maxHorizonDays = 6
    #expect(throws: (any Error).self) { try rules.validate() }
    rules.slots.maxHorizonDays = 7
    #expect(throws: Never.self) { try rules.validate() }
    rules.slots.maxHorizonDays = 15
    #expect(throws: (any Error).self) { try rules.validate() }
}

@Test(.removesScratchFolders) func restartOnlyKeysAreListedInTheDocs() throws {
    let code = Set(RestartOnlyKeys.all.map(\.name))
    #expect(try listedValues(after: "These keys are read only at start (", in: try repositoryText("Docs/configuration.md")) == code)
    let page = try repositoryText("man/vigord.conf.5").components(separatedBy: "\n")
    let lead = try #require(page.firstIndex(of: "These keys are read only at start:"))
    let listed = page[(lead + 1)...].prefix { $0.hasPrefix(".Ic ") || $0 == "and" }
        .filter { $0.hasPrefix(".Ic ") }.map { String($0.dropFirst(4).split(separator: " ").first ?? "") }
    #expect(Set(listed) == code)
}
