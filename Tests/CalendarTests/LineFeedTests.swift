import CLibical
import Foundation
import Testing

@testable import Calendar

/// libical's own serialisation of a parsed tree (nil when nothing was parsed); frees the tree.
private func serialized(_ root: OpaquePointer?) -> String? {
    guard let root else { return nil }
    defer { icalcomponent_free(root) }
    guard let raw = icalcomponent_as_ical_string_r(root) else { return nil }
    defer { icalmemory_free_buffer(raw) }
    return String(cString: raw)
}

/// What libical's own string parser builds from `text`, serialised.
private func parsedByLibical(_ text: String) -> String? {
    LibicalRuntime.prepare()
    return serialized(icalparser_parse_string(text))
}

private let fixtureFiles: [String] = {
    let root = Fixture.path("")
    let names = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return names.filter { $0.hasSuffix(".ics") }.sorted()
}()

@Test func everyProducerFixtureIsCovered() {
    #expect(fixtureFiles.count >= 15)
}

@Test(arguments: fixtureFiles)
func feedingLinesBuildsTheTreeLibicalsStringParserBuilds(_ relative: String) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.path(relative)))
    let text = try #require(String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1))
    let fed = serialized(LineFeed.parse(text))
    #expect(fed != nil || relative.hasPrefix("broken/"))
    #expect(fed == parsedByLibical(text))
}

@Test func linesLongerThanLibicalsBufferArriveWhole() throws {
    let description = String(repeating: "a long unfolded description ", count: 400)
    let text = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        UID:long@example.com\r
        DTSTART:20260301T090000Z\r
        DESCRIPTION:\(description)\r
        END:VEVENT\r
        END:VCALENDAR
        """
    let fed = try #require(serialized(LineFeed.parse(text)))
    #expect(fed == parsedByLibical(text))
    #expect(fed.replacingOccurrences(of: "\r\n ", with: "").contains(description.trimmingCharacters(in: .whitespaces)))
}

@Test func textEndsAtItsFirstNulAsInLibicalsStringParser() throws {
    let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:nul@example.com\r\nSUMMARY:before\u{0}after\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let fed = serialized(LineFeed.parse(text))
    #expect(fed == parsedByLibical(text))
    #expect(fed?.contains("after") != true)
}

@Test func emptyTextParsesToNothing() {
    #expect(serialized(LineFeed.parse("")) == nil)
}
