import Foundation
import TestPrograms
import Testing
import GhostSimulation

@Suite(.removesScratchFolders)
struct ScenarioLoadingTests {
    /// The steady scenario's JSON with `edit` applied to its top-level object.
    func edited(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        let data = try Data(contentsOf: ScenarioFiles.directory.appendingPathComponent("steady-85-percent.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    func error(_ data: Data) -> ScenarioError? {
        do {
            _ = try Scenario.load(from: data)
            return nil
        } catch {
            return error
        }
    }

    @Test func missingKeyIsNamed() throws {
        let problem = error(try edited { $0["seed"] = nil })
        #expect(problem == ScenarioError(path: "seed", message: "is missing"))
    }

    @Test func wrongTypeIsNamedWithItsKeyPath() throws {
        let problem = error(try edited { $0["completion"] = ["rate": "often"] })
        #expect(problem?.path == "completion.rate")
        #expect(problem?.description.hasPrefix("completion.rate: expected") == true)
    }

    @Test func outOfRangeValueIsNamedWithItsArrayIndex() throws {
        let problem = error(try edited { $0["completion"] = ["rate": 0.8, "periods": [["fromDay": 1, "toDay": 2, "rate": 1.5]]] })
        #expect(problem == ScenarioError(path: "completion.periods[0].rate", message: "must be 0…1, is 1.5"))
    }

    @Test func dayOutsideTheScenarioIsRejected() throws {
        let problem = error(try edited { $0["travelDays"] = [3, 61] })
        #expect(problem == ScenarioError(path: "travelDays[1]", message: "must be 1…60, is 61"))
    }

    @Test func unknownTimeZoneAndBadDateAreRejected() throws {
        #expect(error(try edited { $0["timeZone"] = "Moon/Base" })?.path == "timeZone")
        #expect(error(try edited { $0["startDate"] = "02/03/2026" })?.path == "startDate")
        #expect(error(try edited { $0["days"] = 0 })?.path == "days")
        #expect(error(try edited { $0["name"] = "" })?.path == "name")
    }

    @Test func unknownMissReasonIsNamed() throws {
        let problem = error(try edited { $0["triage"] = ["answer": "tired"] })
        #expect(problem?.path == "triage.answer")
    }

    @Test func busyTimesAndCoverageAreChecked() throws {
        #expect(error(try edited { $0["busy"] = [["weekdays": [8], "fromHour": 7, "toHour": 9]] })?.path == "busy[0].weekdays[0]")
        #expect(error(try edited { $0["busy"] = [["weekdays": [2], "fromHour": 9, "toHour": 7]] })?.path == "busy[0].toHour")
        #expect(error(try edited { $0["healthSignals"] = ["coverage": ["min": 0.9, "max": 0.5]] })?.path == "healthSignals.coverage")
    }

    @Test func invalidJSONSaysSo() {
        let problem = error(Data("{ not json".utf8))
        #expect(problem?.path == "")
        #expect(problem?.message.hasPrefix("not valid JSON") == true)
    }

    @Test func optionalSectionsHaveDefaults() throws {
        let json = """
            {"name":"minimal","startDate":"2026-03-02","days":3,"timeZone":"UTC","seed":1,
             "completion":{"rate":1}}
            """
        let scenario = try Scenario.load(from: Data(json.utf8))
        #expect(scenario.acceptRate == 1 && scenario.busy.isEmpty && scenario.deletionDays.isEmpty)
        #expect(scenario.triage == TriageBehaviour() && scenario.healthSignals == HealthSignalRanges() && scenario.config.isEmpty)
        #expect(try ScenarioFiles.simulator(scenario).run().days.count == 3)
    }

    @Test func simulatorRefusesAnInvalidScenarioBuiltInCode() throws {
        var scenario = try ScenarioFiles.load("steady-85-percent.json")
        scenario.acceptRate = 2
        #expect(throws: ScenarioError(path: "acceptRate", message: "must be 0…1, is 2.0")) {
            try ScenarioFiles.simulator(scenario)
        }
    }
}
