import GhostSimulation
import Testing

/// Every shipped scenario can be replayed against vigord (`vigor-sim versus-daemon`, `Scripts/sim-vs-daemon`): no step
/// the replay cannot do, and blocks to compare. The system test replays `SimulatorVersusDaemonTests.replayed`, a few
/// scenarios that take every kind of step the shipped ones take; this checks that they still do.
struct ShippedScenarioStepsTests {
    /// The kind of a step, as the replay tells it apart.
    static func kind(_ action: StepAction) -> String {
        switch action {
        case .morningCycle: "morning cycle"
        case .eveningCycle: "evening cycle"
        case .clock: "clock"
        case .answerProposal: "answer a proposal"
        case .checkIn: "check in"
        case .importReadings(let readings): readings.contains { $0.kind == .workout } ? "import a detected workout" : "import readings"
        case .logWorkout: "log a workout"
        case .answerTriage: "answer triage"
        case .setTrust: "set trust"
        case .crashing: "crashing"
        case .answerTransformation(_, let kept): kept ? "keep a change" : "revert a change"
        case .deleteBlock: "delete a block"
        case .meetingsLanded: "meetings land"
        case .eveningCycleWithUnreadableCalendar: "evening with an unreadable calendar"
        case .holdWeek: "hold the week"
        case .planSessions: "plan sessions"
        case .notReplayable(let what): "not replayable: \(what)"
        }
    }

    /// The kinds of step of a shipped scenario, with "travel" and "weekly busy time" for what the replay sets up.
    static func kinds(_ name: String) throws -> Set<String> {
        let scenario = try ScenarioFiles.load(name)
        let steps = try ScenarioFiles.simulator(scenario).runWithSteps().steps
        var kinds = Set(steps.map { kind($0.action) })
        if !scenario.travelDays.isEmpty { kinds.insert("travel") }
        if !scenario.busy.isEmpty { kinds.insert("weekly busy time") }
        return kinds
    }

    @Test(arguments: try ScenarioFiles.names())
    func everyStepOfAShippedScenarioCanBeReplayedAndItPlacesABlock(name: String) throws {
        let run = try ScenarioFiles.simulator(ScenarioFiles.load(name)).runWithSteps()
        #expect(run.steps.filter { Self.kind($0.action).hasPrefix("not replayable") }.map { Self.kind($0.action) } == [])
        #expect(run.trajectory.days.contains { !$0.blocks.isEmpty }, "no block placed: nothing to compare with vigord")
        #expect(run.compared.count == run.trajectory.days.count)
    }

    @Test func theReplayedScenariosTakeEveryKindOfStepTheShippedOnesTake() throws {
        var shipped: Set<String> = []
        for name in try ScenarioFiles.names() { shipped.formUnion(try Self.kinds(name)) }
        var replayed: Set<String> = []
        for name in Self.replayed { replayed.formUnion(try Self.kinds(name)) }
        #expect(shipped.subtracting(replayed).sorted() == [])
        // Every kind the replay knows is taken by some shipped scenario, but a failed notification.
        #expect(shipped.isSuperset(of: [
            "import a detected workout", "delete a block", "meetings land", "evening with an unreadable calendar", "travel",
            "keep a change", "revert a change", "weekly busy time", "log a workout", "check in",
        ]))
    }

    /// The shipped scenarios the system test replays against vigord (keep in step with `SimulatorVersusDaemonTests`).
    static let replayed = [
        "breaker-three-deletions.json", "changing-week.json", "default-settings.json", "sacred-weekend-lunch.json",
        "transformation-mornings.json", "travel-days.json", "watchless-faithful.json",
    ]
}
