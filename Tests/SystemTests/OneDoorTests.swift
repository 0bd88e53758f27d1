import Foundation
import Testing

private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The files that may change the daemon's state: the backend (its one door, `GhostBackend.decide`) and the engine's
/// host it saves through.
private let door = ["Sources/VigorDaemon/Backend/", "Sources/VigorDaemon/Ghost/GhostHost.swift"]

/// Writes of the store that are not a change of the user's state, each where it happens and why.
private let writesBesideTheDoor: [String: Set<String>] = [
    // The daemon's own run log: when it started and stopped.
    "Sources/VigorDaemon/Daemon/Daemon.swift": ["recordStart", "recordStop"],
    // An import streams its samples in batches of its own; the Ghost hears of its workouts through the backend.
    "Sources/VigorDaemon/Health/HealthIntake.swift": ["insertHealthSamples", "recordHealthImport"],
    // The notifications follow a decision; what they said is their inbox's.
    "Sources/VigorDaemon/Notifications/NotificationDesk.swift": ["saveNotificationLedger"],
    // vigord's calendar follows a decision; the items it wrote (their UIDs) are its ledger.
    "Sources/VigorDaemon/Calendar/CalendarOutput.swift": ["settleCalendarItems"],
]

/// Every change of state goes through the backend: a file outside it that runs engine events (`perform`), puts rules in
/// force (`adopt`) or calls one of the store's writes is a second door. The writes are read from the store itself, so
/// a new one is covered.
@Test func onlyTheBackendPerformsOrSaves() throws {
    let writes = try storeWrites()
    #expect(writes.isSuperset(of: ["recordDecision", "saveWeekForecast", "saveHoldBook", "saveCheckIn", "recordRecovery"]),
            "the store's writes were not read: \(writes.sorted())")
    var found: [String] = []
    var scanned = 0
    for file in try daemonFiles() where !door.contains(where: { file.path.hasPrefix($0) }) {
        scanned += 1
        let allowed = writesBesideTheDoor[file.path] ?? []
        for line in file.text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            for name in changes(in: line, writes: writes) where !allowed.contains(name) {
                found.append("\(file.path): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
    }
    #expect(scanned > 100, "only \(scanned) files were read")
    #expect(found.isEmpty, "a change of state outside the backend (make it a Decision for GhostBackend.decide): \(found)")
}

@Test func aChangeOfStateIsFoundHoweverItIsSpelled() throws {
    let writes = try storeWrites()
    let changing = [
        "_ = try await ghost.perform([.tick], at: now)", "let effects = try await host.perform(event, at: now)",
        "if try await ghost.adopt(rules: config.engineRules, at: now()) {",
        "try database.saveWeekForecast(WeekForecastRecord(madeAt: now, body: body))", "try database.saveHoldBook(record)",
        "_ = try self.database.recordRecovery(record)", "try database.recordDecision(records, at: now)",
        "try database.deleteReceipts(ids: prunable)", "try database.saveSystemZone(SystemZoneRecord(next, at: now))",
    ]
    let reading = [
        "let forecast = try database.weekForecast()", "try await backend.decide(decision, at: now)",
        "health.record(imported, finished: clock())", "let stored = try database.holdBook()", "try replay.performance(step)",
        "return TravelStatus(try await backend.clearTravel(at: context.now()))",
    ]
    #expect(changing.filter { changes(in: $0[...], writes: writes).isEmpty } == [])
    #expect(reading.filter { !changes(in: $0[...], writes: writes).isEmpty } == [])
}

/// The store's public writes: its public methods that open a write transaction (`write(`).
private func storeWrites() throws -> Set<String> {
    var names: Set<String> = []
    for file in swiftFiles(under: packageRoot.appendingPathComponent("Sources/Store")) {
        let text = try String(contentsOf: file, encoding: .utf8)
        // Each function's text runs to the next function.
        for chunk in text.split(separator: /\bfunc\s/).dropFirst() {
            guard let name = chunk.prefixMatch(of: /([A-Za-z]+)/)?.1 else { continue }
            let declared = text.contains("public func \(name)")
            if declared, chunk.contains("try write(") { names.insert(String(name)) }
        }
    }
    return names
}

/// The names of the changes of state `line` calls: `perform`, `adopt(rules:`, or a write of the store.
private func changes(in line: Substring, writes: Set<String>) -> [String] {
    var found: [String] = []
    // A call on the backend is the door itself (`backend.clearTravel(at:)` is its intent).
    for match in line.matches(of: /(\w*)\s*\.\s*([A-Za-z]+)\s*\(/) where match.1 != "backend" {
        let name = String(match.2)
        if name == "perform" || writes.contains(name) { found.append(name) }
    }
    if line.contains(/\.\s*adopt\s*\(\s*rules\s*:/) { found.append("adopt") }
    return found
}

/// The daemon's files, and those of the programs that link it (the only ones that can reach its engine host and store).
private func daemonFiles() throws -> [(path: String, text: String)] {
    var files: [(path: String, text: String)] = []
    for folder in ["Sources/VigorDaemon", "Sources/vigord", "Sources/vigor-sim"] {
        for file in swiftFiles(under: packageRoot.appendingPathComponent(folder)) {
            let text = try String(contentsOf: file, encoding: .utf8)
            guard folder == "Sources/VigorDaemon" || text.contains(/(?m)^(?:@testable\s+)?import\s+(?:VigorDaemon|Store)\b/) else { continue }
            files.append((file.path.replacingOccurrences(of: packageRoot.path + "/", with: ""), text))
        }
    }
    return files
}

private func swiftFiles(under folder: URL) -> [URL] {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    return (walker?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
}
