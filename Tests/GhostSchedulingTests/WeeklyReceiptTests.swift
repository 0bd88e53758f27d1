import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

struct WeeklyReceiptTests {
    /// An Auto-Scheduler ghost in Berlin with blocks at 07:00 on the given days of the week of Monday 2026-03-02.
    private func ghost(blocksOn days: [Int]) throws -> (Ghost, [BlockID]) {
        var ghost = Ghost(startingAt: try Week.at(0, 0), timeZone: Week.berlin.timeZone)
        _ = try ghost.handle(.manualPhaseChange(to: .autoScheduler), now: try Week.at(0, 0, 1))
        var ids: [BlockID] = []
        for day in days {
            let effects = try ghost.handle(
                .placementRequested(BlockCandidate(start: try Week.at(day, 7), durationMinutes: 45, confidence: 1), alternatives: []),
                now: try Week.at(0, 1))
            for case .writeBlock(let block) in effects { ids.append(block.id) }
        }
        return (ghost, ids)
    }

    @Test func theWeekCountsWhatBecameOfEachBlockAndDrawsADotPerDay() throws {
        var (ghost, ids) = try ghost(blocksOn: [0, 2, 4])
        _ = try ghost.handle(.workoutDetected(at: try Week.at(0, 7, 10), confidence: 1), now: try Week.at(0, 9))
        _ = try ghost.handle(.autoBlockDeleted(ids[1]), now: try Week.at(1, 9))
        _ = try ghost.handle(.workoutDetected(at: try Week.at(4, 7, 10), confidence: 1), now: try Week.at(4, 9))
        let receipt = try WeeklyValueReceiptBuilder.build(week: Week.monday, ghost: ghost, receipts: [], previous: nil)
        #expect(receipt.scheduled == 3 && receipt.completed == 2 && receipt.removed == 1)
        #expect(receipt.dots == "●·×·●··")
        #expect(receipt.planningMinutesSaved == 30)
        #expect(receipt.trustChange == nil)
        #expect(receipt.isStrong && receipt.strongWeeks == 1)
    }

    @Test func strongWeeksInARowMakeAStreakAndTheCleanLineHasNoBiometrics() throws {
        let (ghost, _) = try ghost(blocksOn: [])
        let lastWeek = try WeeklyValueReceiptBuilder.build(week: Week.monday.adding(days: -7), ghost: ghost, receipts: [], previous: nil)
        #expect(lastWeek.strongWeeks == 0)
        var (busyGhost, _) = try self.ghost(blocksOn: [1])
        _ = try busyGhost.handle(.workoutDetected(at: try Week.at(1, 7, 5), confidence: 1), now: try Week.at(1, 9))
        let strongPrevious = WeeklyValueReceipt(
            weekStart: Week.monday.adding(days: -7), scheduled: 3, completed: 3, missed: 0, removed: 0, moved: 0, transformed: 0,
            unplannedWorkouts: 0, planningMinutesSaved: 30, patterns: [], trustScore: 0.2, trustChange: nil, trustPhase: .autoScheduler,
            dots: "●·●·●··", strongWeeks: 3)
        let receipt = try WeeklyValueReceiptBuilder.build(week: Week.monday, ghost: busyGhost, receipts: [], previous: strongPrevious)
        #expect(receipt.strongWeeks == 4)
        #expect(receipt.clean == "4 weeks strong · On track  ·●·····")
        #expect(receipt.trustChange.map { abs($0 - (busyGhost.trust.score - 0.2)) < 1e-9 } == true)
    }
}

/// A week that began before vigord was set up is shown, marked so, and never counted in the streak: the Ghost's first
/// whole week starts it.
@Test func aWeekBeforeTheGhostIsShownButNeverCountedInTheStreak() throws {
    var ghost = Ghost(startingAt: try Week.at(0, 0), timeZone: Week.berlin.timeZone)
    for day in [0, 2, 4] { _ = try ghost.handle(.workoutDetected(at: try Week.at(day, 18), confidence: 1), now: try Week.at(day, 19)) }
    let before = try WeeklyValueReceiptBuilder.build(week: Week.monday, ghost: ghost, receipts: [], previous: nil, asked: 3, beforeGhost: true)
    #expect(before.isBeforeGhost && before.dots == "●·●·●··")
    #expect(before.isStrong && before.strongWeeks == 0)
    for day in [7, 9, 11] { _ = try ghost.handle(.workoutDetected(at: try Week.at(day, 18), confidence: 1), now: try Week.at(day, 19)) }
    let first = try WeeklyValueReceiptBuilder.build(week: Week.monday.adding(days: 7), ghost: ghost, receipts: [], previous: before, asked: 3)
    #expect(!first.isBeforeGhost && first.strongWeeks == 1)
}

/// A workout on one's own is a filled circle like a completed block.
@Test func aWorkoutWithoutABlockFillsItsDaysCircle() throws {
    var ghost = Ghost(startingAt: try Week.at(0, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.workoutDetected(at: try Week.at(2, 18), confidence: 1), now: try Week.at(2, 19))
    let receipt = try WeeklyValueReceiptBuilder.build(week: Week.monday, ghost: ghost, receipts: [], previous: nil)
    #expect(receipt.unplannedWorkouts == 1)
    #expect(receipt.dots == "··●····")
    #expect(CleanWeek(receipt).dots == "··●····")
}

/// The clean receipt's achievements: the seed's mapping, and never a count.
struct CleanWeekTests {
    private func receipt(
        scheduled: Int, completed: Int, unplanned: Int = 0, phase: TrustPhase = .autoScheduler, dots: String = "●·○·×··",
        strongWeeks: Int = 0
    ) -> WeeklyValueReceipt {
        WeeklyValueReceipt(
            weekStart: Week.monday, scheduled: scheduled, completed: completed, missed: 0, removed: 0, moved: 0, transformed: 0,
            unplannedWorkouts: unplanned, planningMinutesSaved: 40, patterns: ["You finish 3 of 4 sessions at Tue 07:00"],
            trustScore: 0.42, trustChange: 0.05, trustPhase: phase, dots: dots, strongWeeks: strongWeeks)
    }

    @Test func aStreakOfFourWeeksOrMoreReadsTheSeedsMilestoneNeverItsCount() {
        #expect(CleanWeek(receipt(scheduled: 3, completed: 2, strongWeeks: 3)).achievements.contains("4 weeks strong") == false)
        #expect(CleanWeek(receipt(scheduled: 3, completed: 2, strongWeeks: 4)).achievements.first == "4 weeks strong")
        #expect(CleanWeek(receipt(scheduled: 3, completed: 2, strongWeeks: 23)).achievements.first == "4 weeks strong")
    }

    @Test func threeWorkoutsAWeekAreConsistentAndEightyFivePercentIsOnTrack() {
        let week = CleanWeek(receipt(scheduled: 3, completed: 2, unplanned: 1, phase: .scheduler))
        #expect(week.achievements == ["Consistent"])
        #expect(CleanWeek(receipt(scheduled: 7, completed: 6, phase: .scheduler)).achievements == ["Consistent", "On track"])
        #expect(CleanWeek(receipt(scheduled: 7, completed: 5, phase: .scheduler)).achievements == ["Consistent"])
    }

    @Test func threeBlocksTheGhostWroteItselfAreFlowing() {
        #expect(CleanWeek(receipt(scheduled: 3, completed: 0)).achievements == ["Flowing"])
        #expect(CleanWeek(receipt(scheduled: 3, completed: 0, phase: .scheduler)).achievements == ["A week to build on"])
    }

    @Test func aWeekWithoutAchievementsStillSaysSomethingKind() {
        #expect(CleanWeek(receipt(scheduled: 0, completed: 0, strongWeeks: 1)).achievements == ["A strong week"])
        #expect(CleanWeek(receipt(scheduled: 2, completed: 0)).achievements == ["A week to build on"])
        #expect(CleanWeek(receipt(scheduled: 3, completed: 2, phase: .scheduler, strongWeeks: 3)).achievements == ["A strong week"])
    }

    @Test func theCleanLineHasOnlyCirclesAndNoCountEvenWithBigNumbers() {
        let busy = receipt(scheduled: 12, completed: 12, unplanned: 3, dots: "●●●●●×○", strongWeeks: 140)
        let week = CleanWeek(busy)
        #expect(week.dots == "●●●●●○○")
        #expect(week.line == "4 weeks strong · Consistent · On track · Flowing  ●●●●●○○")
        let withoutMilestone = busy.clean.replacingOccurrences(of: CleanWeek.streakMilestone, with: "")
        #expect(withoutMilestone.rangeOfCharacter(from: .decimalDigits) == nil, "\(busy.clean)")
    }
}

struct AbsolutionTests {
    private func night(_ day: Int, minutes: Double) throws -> HealthSample {
        let start = try Week.at(day - 1, 23, 30)
        return HealthSample(kind: .sleep, source: "Watch", start: start, end: start.addingTimeInterval(minutes * 60), value: minutes, detail: "core")
    }

    private func meetings(_ day: Int, from: Int, hours: Int) throws -> [BusyInterval] {
        try (0..<hours).map { try Week.busy(day, (from + $0, 0), (from + $0, 55)) }
    }

    @Test func shortNightsBecomeASleepDebtWithItsNumbers() throws {
        let samples = try (1...14).map { try night($0, minutes: 370) }
        let narrative = try #require(try AbsolutionReader.read(
            lastDay: Week.monday.adding(days: 14), days: 14, calendar: Week.berlin, busy: [], samples: samples))
        let debt = try #require(narrative.findings.first { $0.pattern == "sleepDebt" })
        #expect(debt.numbers["averageMinutes"] == 370)
        #expect(debt.numbers["nights"] == 14)
        #expect(debt.headline == "Your body was telling you something.")
        #expect(debt.explanation == "On days you skipped training, your sleep averaged 6.2 hours.")
        #expect(debt.absolution == "Skipping was actually the right call for recovery.")
        #expect(debt.hope == "Let's work with your energy, not against it.")
        #expect(narrative.text.hasPrefix("It wasn't your fault.\n\nYour body was telling you something. On days you skipped"))
    }

    @Test func packedWeekdaysAndWeekendOnlyWorkoutsAreFound() throws {
        var busy: [BusyInterval] = []
        for day in [0, 1, 2, 7, 8] { busy += try meetings(day, from: 9, hours: 4) }
        let workouts = try [5, 6, 12, 13].map { day in
            HealthSample(kind: .workout, source: "Watch", start: try Week.at(day, 10), end: try Week.at(day, 11), value: 60)
        }
        let samples = try (1...14).map { try night($0, minutes: 450) } + workouts
        let narrative = try #require(try AbsolutionReader.read(
            lastDay: Week.monday.adding(days: 13), days: 14, calendar: Week.berlin, busy: busy, samples: samples))
        #expect(narrative.findings.map(\.pattern) == ["backToBackMeetings", "weekendOnly"])
        #expect(narrative.findings.first?.numbers["days"] == 5)
        let meetings = try #require(narrative.findings.first)
        // Ten weekdays, none with a workout: five with a 3 h 55 run (gaps of five minutes), five without meetings.
        #expect(meetings.explanation == "Looking at your calendar, on days you skipped workouts, you averaged 2.0 hours of back-to-back meetings.")
        #expect(meetings.absolution == "Your schedule was designed to make you fail.")
        #expect(meetings.hope == "Let's find the protected windows your week still has, and rebuild from there.")
        // Every weekday had a free morning before 09:00: the weekends are said, and nothing is absolved by them.
        #expect(narrative.findings[1].explanation == "You only worked out on weekends: 4 of your 4 workouts fell on a Saturday "
            + "or Sunday, although 10 of your 10 weekdays had a free hour or more between 06:00 and 21:00.")
        #expect(narrative.findings[1].absolution.isEmpty)
    }

    @Test func weekdaysAreImpossibleOnlyWhenAlmostNoneHadAFreeHour() throws {
        let workouts = try [5, 6, 12, 13].map { day in
            HealthSample(kind: .workout, source: "Watch", start: try Week.at(day, 10), end: try Week.at(day, 11), value: 60)
        }
        let samples = try (1...14).map { try night($0, minutes: 450) } + workouts
        func weekendFinding(freeWeekdays: Set<Int>) throws -> AbsolutionNarrative.Finding? {
            var busy: [BusyInterval] = []
            for day in [0, 1, 2, 3, 4, 7, 8, 9, 10, 11] where !freeWeekdays.contains(day) { busy += try meetings(day, from: 6, hours: 15) }
            let narrative = try AbsolutionReader.read(
                lastDay: Week.monday.adding(days: 13), days: 14, calendar: Week.berlin, busy: busy, samples: samples)
            return narrative?.findings.first { $0.pattern == "weekendOnly" }
        }
        let packed = try #require(try weekendFinding(freeWeekdays: [4]))
        #expect(packed.explanation.hasPrefix("You only worked out on weekends - weekdays were impossible: 4 of your 4 workouts "
            + "fell on a Saturday or Sunday, and 9 of your 10 weekdays had no free hour between 06:00 and 21:00."), "\(packed.explanation)")
        #expect(packed.absolution == "Your schedule was designed to make you fail.")
        let twoFree = try #require(try weekendFinding(freeWeekdays: [4, 11]))
        #expect(!twoFree.explanation.contains("impossible"), "2 of 10 weekdays with room is not under 20 %")
        #expect(twoFree.absolution.isEmpty)
    }

    @Test func withoutAWeekOfDataThereIsNoNarrative() throws {
        let samples = try (1...5).map { try night($0, minutes: 300) }
        #expect(try AbsolutionReader.read(
            lastDay: Week.monday.adding(days: 6), days: 30, calendar: Week.berlin, busy: [], samples: samples) == nil)
    }

    @Test func healthyDataWithNothingStandingOutSaysSo() throws {
        let samples = try (1...10).map { try night($0, minutes: 460) }
        let narrative = try #require(try AbsolutionReader.read(
            lastDay: Week.monday.adding(days: 10), days: 10, calendar: Week.berlin, busy: [], samples: samples))
        #expect(narrative.findings.map(\.pattern) == ["noPattern"])
        #expect(narrative.text == "It wasn't your fault.\n\nLife got busy. That's human.\n\nLet's find your rhythm together.")
    }

    @Test func theBackToBackHopeCountsTheProtectedWindowsAlreadyFound() throws {
        var busy: [BusyInterval] = []
        for day in [0, 1, 2] { busy += try meetings(day, from: 9, hours: 4) }
        let samples = try (1...10).map { try night($0, minutes: 450) }
        let narrative = try #require(try AbsolutionReader.read(
            lastDay: Week.monday.adding(days: 9), days: 10, calendar: Week.berlin, busy: busy, samples: samples,
            protectedWindows: 3))
        #expect(narrative.findings.first?.hope == "I've already found 3 protected windows this week where we can rebuild.")
    }
}

/// The week is judged against what the user asked, not against the blocks that happened to be scheduled.
struct WeekJudgedAgainstWhatWasAskedTests {
    private func ghost(completedOn days: [Int]) throws -> Ghost {
        var ghost = Ghost(startingAt: try Week.at(0, 0), timeZone: Week.berlin.timeZone)
        _ = try ghost.handle(.manualPhaseChange(to: .autoScheduler), now: try Week.at(0, 0, 1))
        for day in days {
            _ = try ghost.handle(
                .placementRequested(BlockCandidate(start: try Week.at(day, 7), durationMinutes: 45, confidence: 1), alternatives: []),
                now: try Week.at(day, 1))
            _ = try ghost.handle(.workoutDetected(at: try Week.at(day, 7, 10), confidence: 1), now: try Week.at(day, 9))
        }
        return ghost
    }

    @Test func oneDoneOfFourAskedIsNeitherOnTrackNorAStrongWeek() throws {
        let receipt = try WeeklyValueReceiptBuilder.build(week: Week.monday, ghost: try ghost(completedOn: [0]), receipts: [], previous: nil, asked: 4)
        #expect(receipt.scheduled == 1 && receipt.completed == 1)
        #expect(!receipt.isOnTrack)
        #expect(!receipt.isStrong && receipt.strongWeeks == 0)
        #expect(!receipt.clean.contains("On track"))
    }

    @Test func fourDoneOfFourAskedIsOnTrackAndThreeIsAStrongWeek() throws {
        let four = try WeeklyValueReceiptBuilder.build(week: Week.monday, ghost: try ghost(completedOn: [0, 1, 3, 4]), receipts: [], previous: nil, asked: 4)
        #expect(four.isOnTrack && four.strongWeeks == 1)
        let three = try WeeklyValueReceiptBuilder.build(week: Week.monday, ghost: try ghost(completedOn: [0, 2, 4]), receipts: [], previous: nil, asked: 4)
        #expect(!three.isOnTrack)
        #expect(three.isStrong && three.strongWeeks == 1)
    }

    @Test func aWorkoutOnOnesOwnCountsTowardsWhatWasAsked() throws {
        var ghost = try ghost(completedOn: [0])
        _ = try ghost.handle(.workoutDetected(at: try Week.at(2, 18), confidence: 1), now: try Week.at(2, 19))
        let receipt = try WeeklyValueReceiptBuilder.build(week: Week.monday, ghost: ghost, receipts: [], previous: nil, asked: 3)
        #expect(receipt.done == 2)
        #expect(receipt.isStrong)
    }
}
