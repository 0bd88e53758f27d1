import Foundation
import TestPrograms
import Testing
import GhostSimulation

@Suite(.removesScratchFolders)
struct TrajectoryRenderingTests {
    @Test func jsonHasCamelCaseFieldsAndOneEntryPerDay() throws {
        let trajectory = try ScenarioFiles.run("breaker-three-deletions.json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try trajectory.jsonText().utf8)) as? [String: Any])
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 24)
        let firing = try #require(days.first { ($0["breakerFirings"] as? Int) == 1 })
        #expect(firing["trustPhase"] as? String == "scheduler")
        #expect(firing["healthConfidence"] is Double)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["breakerFirings"] as? Int == 1)
        #expect(try JSONDecoder().decode(Trajectory.self, from: Data(try trajectory.jsonText().utf8)) == trajectory)
    }

    @Test func textShowsOneRowPerDayAndTheBreakerEvents() throws {
        let trajectory = try ScenarioFiles.run("breaker-three-deletions.json")
        let lines = trajectory.text().split(separator: "\n").map(String.init)
        let rows = lines.filter { $0.first?.isNumber == true }
        #expect(rows.count == 24)
        #expect(rows.first?.hasPrefix("1    2026-03-02  Observer") == true)
        #expect(lines.contains("       - SAFETY BREAKER fired"))
        #expect(lines.contains { $0.contains("ghost says: \"I've been scheduling at bad times.") })
        #expect(lines.last == "Breaker firings: 1; deletions: 3; blocks: \(trajectory.summary.blocksPlaced); receipts: \(trajectory.summary.receipts)")
    }

    @Test func travelDaysReadAsTravelInText() throws {
        let text = try ScenarioFiles.run("travel-days.json").text()
        #expect(text.contains("10   2026-03-11  "))
        #expect(text.split(separator: "\n").filter { $0.hasSuffix("travel") }.count == 5)
    }
}
