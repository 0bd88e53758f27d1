import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GhostEngine
import GhostSimulation
import TestPrograms
import Testing

@Suite(.removesScratchFolders)
struct PopulationTests {
    /// Seven days of a pinned Auto-Scheduler training every day (`sessions_per_week = 7`), who works out every day and
    /// accepts every proposal. With no history the slots' scores stay below what Auto-Scheduler needs to write on its
    /// own, so every block is a proposal.
    func everyDayUser(reports: WorkoutReporting) throws -> Trajectory {
        let scenario = Scenario(
            name: "every day", startDate: "2026-03-02", days: 7, timeZone: "Europe/Berlin", seed: 5,
            config: "[training]\nsessions_per_week = 7\nmin_hours_between_sessions = 0\n",
            completion: CompletionBehaviour(rate: 1), manualPhaseChanges: [ManualPhaseChange(day: 1, phase: .autoScheduler)],
            workoutReports: reports)
        return try ScenarioFiles.simulator(scenario).run()
    }

    @Test func acceptingAProposalIsAClickSoOnlyTheWearablesUnplannedWorkoutIsZeroInput() throws {
        let outcome = UserOutcome(try everyDayUser(reports: .detected))
        // Day 1 has no block yet (the first evening plans day 2): that workout is the user's own.
        #expect(outcome.workouts == 7)
        #expect(outcome.proactive == 6)
        #expect(outcome.zeroInput == 1)
        #expect(outcome.interactions == 7)  // trust set autoScheduler, six accepts
        #expect(outcome.hoursToFirstProposal == 21)
        #expect(outcome.phases == Array(repeating: .autoScheduler, count: 7))
        #expect(!outcome.leftHealthy)
    }

    @Test func aUserWhoLogsEveryWorkoutMakesAnInteractionForEachAndNoZeroInputWorkout() throws {
        let outcome = UserOutcome(try everyDayUser(reports: .logged))
        #expect(outcome.workouts == 7)
        #expect(outcome.proactive == 6)
        #expect(outcome.zeroInput == 0)
        #expect(outcome.interactions == 14)  // trust set, six accepts, seven logs
        #expect(outcome.interactionsByCommand == ["trust": 1, "accept": 6, "log": 7])
        let report = PopulationReport(outcomes: [outcome], days: 7, seed: 1)
        #expect(report.interactionsByCommand == ["trust": 1, "accept": 6, "log": 7])  // per week of use: the run is one week
    }

    @Test func theSevenMetricsOfATinyPopulationAreTheHandComputedValues() throws {
        let auto = Array(repeating: TrustPhase.observer, count: 9) + Array(repeating: TrustPhase.scheduler, count: 10)
            + Array(repeating: TrustPhase.autoScheduler, count: 16)
        let stuck = Array(repeating: TrustPhase.observer, count: 35)
        let report = PopulationReport(
            outcomes: [
                UserOutcome(phases: auto, hoursToFirstProposal: 213, interactions: 10, workouts: 20, proactive: 15, zeroInput: 10, leftHealthy: false),
                UserOutcome(phases: stuck, hoursToFirstProposal: nil, interactions: 0, workouts: 10, proactive: 0, zeroInput: 10, leftHealthy: true),
                UserOutcome(phases: auto, hoursToFirstProposal: 237, interactions: 25, workouts: 10, proactive: 9, zeroInput: 0, leftHealthy: false),
            ],
            days: 35, seed: 1)
        let values = Dictionary(uniqueKeysWithValues: report.metrics.map { ($0.key, $0.value) })
        #expect(values["timeToFirstMagic"] == 225 * 60)  // median of 213 and 237 hours, in minutes (no setup modelled)
        #expect(values["interactionsPerWeek"] == 7.0 / 3)  // (10 + 0 + 25) / 5 weeks / 3 users
        #expect(values["proactiveShare"] == 0.6)  // 24 of 40
        #expect(values["zeroInputShare"] == 0.5)  // 20 of 40
        #expect(values["autoSchedulerOnDay30"] == 2.0 / 3)
        #expect(values["leftHealthyShare"] == 1.0 / 3)
        #expect(values["retention30"] == 1)  // nobody left
        #expect(report.metrics.map(\.met) == [false, true, false, true, true, false, true])  // 0.6 is not > 0.6
        #expect(report.phases.map(\.reached) == [3, 2, 2, 0, 0])
        #expect(report.phases.map(\.medianDay) == [1, 10, 20, nil, nil])
        #expect(report.phaseCounts[0] == [3, 0, 0, 0, 0])
        #expect(report.phaseCounts[34] == [1, 0, 2, 0, 0])
    }

    @Test func aUserWhoLeftBeforeDay30CountsAgainstRetentionAndIsNotJudgedOnDay30() throws {
        var gone = UserOutcome(
            phases: Array(repeating: .observer, count: 20), hoursToFirstProposal: nil, interactions: 10, workouts: 0, proactive: 0,
            zeroInput: 0, leftHealthy: false)
        gone.left = Departure(day: 20, reason: .tooManyQuestions)
        let stayed = UserOutcome(
            phases: Array(repeating: .autoScheduler, count: 35), hoursToFirstProposal: 21, interactions: 5, workouts: 10, proactive: 5,
            zeroInput: 5, leftHealthy: false)
        let report = PopulationReport(outcomes: [gone, stayed], days: 35, seed: 1)
        let values = Dictionary(uniqueKeysWithValues: report.metrics.map { ($0.key, $0.value) })
        #expect(values["retention30"] == 0.5)
        #expect(values["autoSchedulerOnDay30"] == 1)  // of those still using vigord on day 30
        #expect(values["interactionsPerWeek"] == (10.0 * 7 / 20 + 5.0 * 7 / 35) / 2)  // per week of use
        #expect(report.metrics.first { $0.key == "retention30" }?.note == "left by day 30: tooManyQuestions 1, blocksIgnored 0, noValue 0")
    }

    @Test func aUserIsTheSameWhateverThePopulationsSize() throws {
        let profiles = try PopulationProfiles.standard()
        #expect(profiles.user(7, days: 60, seed: 42) == profiles.user(7, days: 60, seed: 42))
        #expect(profiles.user(7, days: 60, seed: 42).scenario != profiles.user(7, days: 60, seed: 43).scenario)
        try profiles.user(7, days: 60, seed: 42).scenario.validate()
    }

    @Test func neighbouringUsersDoNotShareOneStretchOfRandomness() throws {
        func draws(_ index: Int) -> [UInt64] {
            var random = PopulationProfiles.generator(for: index, seed: 1)
            return (0..<64).map { _ in random.next() }
        }
        let sharing = (1...200).filter { !Set(draws($0)).isDisjoint(with: draws($0 + 1)) }
        #expect(sharing.isEmpty, "users drawing numbers the next user draws too: \(sharing.prefix(5))…")
        // What it shows in a population: the users who drew a failed-notification day are about the 70 % that 2 % a
        // day over 60 days gives, not a run of neighbours with the same days.
        let profiles = try PopulationProfiles.standard()
        let users = (1...300).map { profiles.user($0, days: 60, seed: 1) }
        let failing = users.filter { !$0.scenario.notificationFailureDays.isEmpty }.count
        #expect((180...240).contains(failing), "\(failing) of 300")
        let sameDays = zip(users, users.dropFirst()).filter {
            !$0.scenario.notificationFailureDays.isEmpty && $0.scenario.notificationFailureDays == $1.scenario.notificationFailureDays
        }.count
        #expect(sameDays < 10, "\(sameDays) neighbours failed on the very same days")
    }

    @Test func theShippedProfilesFileIsTheDefault() throws {
        let file = ScenarioFiles.directory.deletingLastPathComponent().appendingPathComponent("population/profiles.json")
        #expect(try PopulationProfiles.load(from: Data(contentsOf: file)) == PopulationProfiles.standard())
    }

    @Test func theShippedModelsFileIsTheBuiltInModelsAndTheDefaultIsCentral() throws {
        let file = ScenarioFiles.directory.deletingLastPathComponent().appendingPathComponent("population/models.json")
        let models = try JSONDecoder().decode([BehaviourModel].self, from: Data(contentsOf: file))
        let shipped = try BehaviourModel.shipped()
        let standard = try PopulationProfiles.standard()
        #expect(models == shipped)
        #expect(models.map(\.name) == ["pessimistic", "central", "optimistic"])
        #expect(standard.model == models[1])
    }

    @Test func aProfilesFileWithABadChanceNamesItsKeyPath() throws {
        let broken = PopulationProfiles.standardJSON.replacingOccurrences(of: #""crashDay": 0.1"#, with: #""crashDay": 1.5"#)
        #expect(throws: ScenarioError(path: "lifeEvents.crashDay", message: "must be 0…1, is 1.5")) {
            try PopulationProfiles.load(from: Data(broken.utf8))
        }
    }

    @Test func thePhasePictureIsWellFormedSVGWithOneAreaPerPhase() throws {
        let report = PopulationReport(
            outcomes: [
                UserOutcome(phases: [.observer, .scheduler, .autoScheduler], hoursToFirstProposal: 45, interactions: 1, workouts: 2, proactive: 1, zeroInput: 1, leftHealthy: false),
                UserOutcome(phases: [.observer, .observer, .scheduler], hoursToFirstProposal: nil, interactions: 0, workouts: 0, proactive: 0, zeroInput: 0, leftHealthy: false),
            ],
            days: 3, seed: 9)
        let svg = report.phaseChartSVG()
        let collector = ElementCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.names.first == "svg")
        #expect(collector.names.filter { $0 == "polygon" }.count == TrustPhase.allCases.count)
        #expect(svg.contains("Auto-Scheduler (median first day 3)"))
    }
}

/// Collects the element names an XML parser meets.
final class ElementCollector: NSObject, XMLParserDelegate {
    var names: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        names.append(elementName)
    }
}

/// The week promise as the population measures it: judged weeks, kept and over.
@Suite struct WeekPromiseMeasureTests {
    /// Three weeks from Sunday 2026-03-01 of a Scheduler asking for 3 sessions who accepts every proposal and trains with
    /// the given daily rate (in the day's block, or on their own without one).
    private func run(rate: Double, missedBeforeSteppingBack: Int = 2) throws -> Trajectory {
        let scenario = Scenario(
            name: "three a week", startDate: "2026-03-01", days: 21, timeZone: "Europe/Berlin", seed: 5,
            config: "[training]\nsessions_per_week = 3\n[engine.patterns]\nmissed_before_stepping_back = \(missedBeforeSteppingBack)\n",
            completion: CompletionBehaviour(rate: rate),
            manualPhaseChanges: [ManualPhaseChange(day: 1, phase: .scheduler)], workoutReports: .detected)
        return try ScenarioFiles.simulator(scenario).run()
    }

    @Test func aUserWhoTrainsEveryDayHasEveryJudgedWeekKept() throws {
        let weeks = WeekPromise(try run(rate: 1).days)
        #expect(weeks.judged == 2, "the weeks of 2026-03-02 and 2026-03-09; the third ends after the run")
        #expect(weeks.kept == 2)
        #expect(weeks.over == 2, "this user also trains on the days without a block")
    }

    @Test func aUserWhoNeverTrainsStillGetsTheWeeksSessionsPlacedWhileThePlanDoesNotStepBack() throws {
        let weeks = WeekPromise(try run(rate: 0, missedBeforeSteppingBack: 0).days)
        #expect(weeks.judged > 0)
        #expect(weeks.kept == weeks.judged, "missed blocks were placed: the plan kept its side")
    }

    @Test func aWeekThePlanSteppedBackInIsNotJudgedAgainstTheSessionsItNoLongerAsks() throws {
        let weeks = WeekPromise(try run(rate: 0).days)
        #expect(weeks.steppedBack > 0)
        #expect(weeks.kept == weeks.judged, "a week judged was asked one session, and got it")
    }
}
