import CivilCalendar
import Foundation
import TestPrograms
import GhostEngine
import Logging
import Store
import Synchronization
import Testing

@testable import VigorDaemon
@testable import VigorConfig

/// Each `[training]` setting and each group of scheduling rules under `[engine]` changes a decision: the same
/// evening (or morning) is run twice through `cycle.run`, once with the defaults and once with the key set in
/// `config.toml` text, and the block moves, disappears or appears.
@Suite(.removesScratchFolders) struct SettingDecisionTests {
    /// Monday 2026-11-23 21:00 Berlin; tomorrow is Tuesday 2026-11-24 (UTC+1).
    private let monday = ISO8601DateFormatter().date(from: "2026-11-23T20:00:00Z") ?? .distantPast

    private func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    /// A context whose configuration is `toml` (after `[schedule]` with the Berlin zone and `schedule` lines, and
    /// the calendar `events`, if any), read by the real configuration reader, in Scheduler phase so the evening proposes.
    private func context(_ toml: String, events: String? = nil, schedule: String = "", now: Date) async throws -> LocalAPI.Context {
        var text = "[schedule]\ntimezone = \"Europe/Berlin\"\n" + schedule
        if let events {
            let path = try ScratchFolder.make("settings") + "/settings.ics"
            try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + events + "END:VCALENDAR\r\n")
                .write(toFile: path, atomically: true, encoding: .utf8)
            text += "[[calendar.source]]\nname = \"work\"\npath = \"\(path)\"\n"
        }
        let config = try ConfigLoader.parse(text + toml, file: "config.toml", baseDirectory: "/")
        let context = try makeTestContext(config: config, now: now)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .scheduler), at: now)
        return context
    }

    /// The start of the block the evening of `now` proposes for tomorrow under `toml`; nil when it proposes none.
    private func tomorrowsBlock(_ toml: String, events: String? = nil, schedule: String = "", now: Date? = nil) async throws -> Date? {
        let now = now ?? monday
        let context = try await context("[training]\nsessions_per_week = 7\n" + toml, events: events, schedule: schedule, now: now)
        _ = try await LocalAPI(context).serveCycleRun(.init(kind: .evening))
        return await context.ghost.current.blocks.first { $0.status == .proposed }?.start
    }

    /// A timed event on Tuesday 2026-11-24, Berlin time (`HHMMSS`).
    private func tuesday(_ uid: String, from start: String, to end: String, extra: String = "") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;TZID=Europe/Berlin:20261124T\(start)\r\n"
            + "DTEND;TZID=Europe/Berlin:20261124T\(end)\r\nSUMMARY:\(uid)\r\n\(extra)END:VEVENT\r\n"
    }

    // MARK: [training]

    @Test func earliestMovesTheFirstSessionOfTheDayLater() async throws {
        #expect(try await tomorrowsBlock("") == (try instant("2026-11-24T06:00:00Z")))
        #expect(try await tomorrowsBlock("earliest = \"08:00\"\n") == (try instant("2026-11-24T07:00:00Z")))
    }

    @Test func latestDropsTheSessionThatWouldEndAfterIt() async throws {
        // Tuesday is busy until 19:45: only 20:00 is left, and only while sessions may end at 21:00.
        let busyDay = tuesday("long-day", from: "060000", to: "194500")
        let shortGap = "min_hours_between_sessions = 8\n"
        #expect(try await tomorrowsBlock(shortGap, events: busyDay) == (try instant("2026-11-24T19:00:00Z")))
        #expect(try await tomorrowsBlock(shortGap + "latest = \"20:30\"\n", events: busyDay) == nil)
    }

    @Test func aRestDayGetsNoSession() async throws {
        #expect(try await tomorrowsBlock("") != nil)
        #expect(try await tomorrowsBlock("rest_days = [\"Tue\", \"sunday\"]\n") == nil)
    }

    @Test func bufferBeforeMinutesKeepsMoreRoomAfterAMeeting() async throws {
        let call = tuesday("early-call", from: "063000", to: "080000")
        #expect(try await tomorrowsBlock("", events: call) == (try instant("2026-11-24T07:15:00Z")))
        #expect(try await tomorrowsBlock("buffer_before_minutes = 30\n", events: call) == (try instant("2026-11-24T07:30:00Z")))
    }

    @Test func bufferAfterMinutesKeepsMoreRoomBeforeAMeeting() async throws {
        let standup = tuesday("standup", from: "080000", to: "090000")
        #expect(try await tomorrowsBlock("", events: standup) == (try instant("2026-11-24T06:00:00Z")))
        let moved = try #require(try await tomorrowsBlock("buffer_after_minutes = 20\n", events: standup))
        #expect(moved != (try instant("2026-11-24T06:00:00Z")))
    }

    @Test func minHoursBetweenSessionsDecidesWhetherALateSessionMayPrecedeAnEarlyOne() async throws {
        // Tuesday is busy until 19:45, so its only slot is 20:00; 16 hours later Wednesday's 07:00 would be gone, and
        // the week plan keeps Wednesday morning. With 8 hours both fit.
        let busyDay = tuesday("long-day", from: "060000", to: "194500")
        #expect(try await tomorrowsBlock("", events: busyDay) == nil)
        #expect(try await tomorrowsBlock("min_hours_between_sessions = 8\n", events: busyDay) == (try instant("2026-11-24T19:00:00Z")))
    }

    @Test func lunchAllowedOpensTheLunchHour() async throws {
        let aroundLunch = tuesday("morning", from: "060000", to: "114500") + tuesday("afternoon", from: "130500", to: "210000")
        #expect(try await tomorrowsBlock("", events: aroundLunch) == nil)
        #expect(try await tomorrowsBlock("lunch_allowed = true\n", events: aroundLunch) == (try instant("2026-11-24T11:00:00Z")))
    }

    // MARK: [engine.*] scheduling rules

    @Test func preferredWindowWeightDecidesHowMuchTheStatedPreferenceCounts() async throws {
        // With no weight on "inside a preferred window", every start scores alike and the earliest one wins.
        #expect(try await tomorrowsBlock("") == (try instant("2026-11-24T06:00:00Z")))
        #expect(try await tomorrowsBlock("[engine.slots]\npreferred_window_weight = 0\n") == (try instant("2026-11-24T05:00:00Z")))
    }

    @Test func aReloadedRuleDecidesTheNextReplan() async throws {
        // A block on Tuesday, a conference that day: no travel word by default, so the block stays. After a reload
        // that makes "conference" a travel word, the next replan finds Tuesday a travel day and the block moves.
        let folder = try ScratchFolder.make("settings-replan")
        let calendar = folder + "/work.ics"
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:conf\r\nDTSTAMP:20261101T000000Z\r\n"
            + "DTSTART;VALUE=DATE:20261124\r\nDTEND;VALUE=DATE:20261125\r\nSUMMARY:Conference Lisbon\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
            .write(toFile: calendar, atomically: true, encoding: .utf8)
        let path = folder + "/config.toml"
        let base = "[schedule]\ntimezone = \"Europe/Berlin\"\n[[calendar.source]]\nname = \"work\"\npath = \"\(calendar)\"\n"
        try base.write(toFile: path, atomically: true, encoding: .utf8)
        let context = try makeTestContext(
            config: try ConfigLoader.load(path: path, mayBeMissing: false).0, now: monday, configPath: path, origin: .file)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .autoScheduler), at: monday)
        let start = try instant("2026-11-24T06:00:00Z")
        let effects = try await context.ghost.perform(
            .placementRequested(BlockCandidate(start: start, durationMinutes: 45, confidence: 1), alternatives: []), at: monday)
        let id = try #require(effects.compactMap { if case .writeBlock(let block) = $0 { block.id } else { nil } }.first)
        func replan() async throws -> Int {
            return try await context.backend.replanWeek(at: monday)
        }
        #expect(try await replan() == 0)
        #expect(await context.ghost.current.block(id)?.start == start)
        try (base + "[engine.travel]\nkeywords = [\"flight\", \"conference\"]\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(await context.backend.reload(at: context.now()).ok)
        #expect(try await replan() == 1)
        let after = try #require(await context.ghost.current.block(id))
        #expect(after.status != .scheduled || after.start != start)
    }

    @Test func slotStepMinutesSetsTheGridOfCandidateStarts() async throws {
        let call = tuesday("early-call", from: "063000", to: "080000")
        #expect(try await tomorrowsBlock("[engine.slots]\nstep_minutes = 5\n", events: call) == (try instant("2026-11-24T07:10:00Z")))
    }

    @Test func sacredWeekendMorningUntilSetsWhenASaturdaySessionMayStart() async throws {
        let friday = try instant("2026-11-27T20:00:00Z")
        #expect(try await tomorrowsBlock("", now: friday) == (try instant("2026-11-28T08:00:00Z")))
        #expect(try await tomorrowsBlock("[engine.sacred]\nweekend_morning_until = \"07:00\"\n", now: friday)
            == (try instant("2026-11-28T06:00:00Z")))
    }

    @Test func sacredLunchWindowDecidesWhichHourIsProtected() async throws {
        let aroundLunch = tuesday("morning", from: "060000", to: "114500") + tuesday("afternoon", from: "130500", to: "210000")
        #expect(try await tomorrowsBlock("[engine.sacred]\nlunch = \"13:00-14:00\"\n", events: aroundLunch)
            == (try instant("2026-11-24T11:00:00Z")))
    }

    @Test func sacredProtectedCategoriesProtectARecurringEventOfThatCategory() async throws {
        let climbing = tuesday(
            "climbing", from: "070000", to: "080000", extra: "RRULE:FREQ=WEEKLY\r\nCATEGORIES:Climbing\r\nTRANSP:TRANSPARENT\r\n")
        #expect(try await tomorrowsBlock("", events: climbing) == (try instant("2026-11-24T06:00:00Z")))
        let moved = try #require(try await tomorrowsBlock("[engine.sacred]\nprotected_categories = [\"climbing\"]\n", events: climbing))
        #expect(moved >= (try instant("2026-11-24T07:00:00Z")))
    }

    @Test func travelKeywordsMarkADayAsTravel() async throws {
        let conference = "BEGIN:VEVENT\r\nUID:conf\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20261124\r\n"
            + "DTEND;VALUE=DATE:20261125\r\nSUMMARY:Conference Lisbon\r\nEND:VEVENT\r\n"
        #expect(try await tomorrowsBlock("", events: conference) != nil)
        #expect(try await tomorrowsBlock("[engine.travel]\nkeywords = [\"conference\"]\n", events: conference) == nil)
    }

    @Test func travelFarDistanceKilometresDecidesHowFarAwayIsTravel() async throws {
        // About 98 km north of Berlin.
        let visit = tuesday("site-visit", from: "100000", to: "110000", extra: "GEO:53.4;13.4\r\n")
        let home = "home = \"52.52, 13.405\"\n"
        func block(_ toml: String) async throws -> Date? {
            try await tomorrowsBlock(toml, events: visit, schedule: home)
        }
        #expect(try await block("") != nil)
        #expect(try await block("[engine.travel]\nfar_distance_kilometres = 50\n") == nil)
    }

    @Test func travelFarZoneHoursDecidesHowFarAZoneIsTravel() async throws {
        let newYork = "BEGIN:VEVENT\r\nUID:ny\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;TZID=America/New_York:20261124T100000\r\n"
            + "DTEND;TZID=America/New_York:20261124T110000\r\nSUMMARY:Brunch\r\nEND:VEVENT\r\n"
        #expect(try await tomorrowsBlock("", events: newYork) == nil)
        #expect(try await tomorrowsBlock("[engine.travel]\nfar_zone_hours = 8\n", events: newYork) != nil)
    }

    @Test func patternsTypicalMeetingHoursDecideWhichDayLooksTooBusyToTrain() async throws {
        // One session a week; Tuesday has five hours of meetings, the other days none. By default more than three
        // busy hours raise Tuesday's skip risk, so the week's session goes to Wednesday; with eight ordinary
        // hours every day looks alike and the earliest day, tomorrow, keeps it.
        let meetings = tuesday("workshop", from: "100000", to: "150000")
        let once = "[training]\nsessions_per_week = 1\n"
        func block(_ toml: String) async throws -> Date? {
            let context = try await context(once + toml, events: meetings, now: monday)
            _ = try await LocalAPI(context).serveCycleRun(.init(kind: .evening))
            return await context.ghost.current.blocks.first { $0.status == .proposed }?.start
        }
        #expect(try await block("") == nil)
        #expect(try await block("[engine.patterns]\ntypical_meeting_hours = 8\n") == (try instant("2026-11-24T06:00:00Z")))
    }

    /// The week's one session under `toml`, with Tuesday's five hours of meetings and, when given, Monday night's
    /// `sleep`: the start of the block the evening proposes for tomorrow, nil when the session goes to a later day.
    private func oneSessionTomorrow(_ toml: String, meetings: Bool = true, sleep: HealthSample? = nil) async throws -> Date? {
        let events = meetings ? tuesday("workshop", from: "100000", to: "150000") : nil
        let context = try await context("[training]\nsessions_per_week = 1\n" + toml, events: events, now: monday)
        if let sleep { _ = try context.database.insertHealthSamples([sleep]) }
        _ = try await LocalAPI(context).serveCycleRun(.init(kind: .evening))
        return await context.ghost.current.blocks.first { $0.status == .proposed }?.start
    }

    @Test func attendanceWeightDecidesHowMuchTheSkipRiskCounts() async throws {
        // Tuesday's busy day raises its skip risk and the session goes to Wednesday; with no weight on attendance
        // every day scores alike and the earliest day, tomorrow, keeps it.
        #expect(try await oneSessionTomorrow("") == nil)
        #expect(try await oneSessionTomorrow("[engine.slots]\nattendance_weight = 0\n") == (try instant("2026-11-24T06:00:00Z")))
    }

    @Test func meetingHourCoefficientDecidesHowMuchABusyDayRaisesTheSkipRisk() async throws {
        #expect(try await oneSessionTomorrow("") == nil)
        #expect(try await oneSessionTomorrow("[engine.patterns]\nmeeting_hour_coefficient = 0\n") == (try instant("2026-11-24T06:00:00Z")))
    }

    @Test func sleepDebtHourCoefficientDecidesHowMuchAShortNightRaisesTomorrowsSkipRisk() async throws {
        // Five hours of sleep last night, two below the need: tomorrow's risk rises and the session goes to Wednesday.
        let shortNight = try night(hours: 5, endingAt: "2026-11-23T05:30:00Z")
        #expect(try await oneSessionTomorrow("", meetings: false) == (try instant("2026-11-24T06:00:00Z")))
        #expect(try await oneSessionTomorrow("", meetings: false, sleep: shortNight) == nil)
        #expect(try await oneSessionTomorrow("[engine.patterns]\nsleep_debt_hour_coefficient = 0\n", meetings: false, sleep: shortNight)
            == (try instant("2026-11-24T06:00:00Z")))
    }

    @Test func sleepNeedMinutesDecidesWhichNightCountsAsShort() async throws {
        let shortNight = try night(hours: 5, endingAt: "2026-11-23T05:30:00Z")
        #expect(try await oneSessionTomorrow("", meetings: false, sleep: shortNight) == nil)
        #expect(try await oneSessionTomorrow("[engine.patterns]\nsleep_need_minutes = 300\n", meetings: false, sleep: shortNight)
            == (try instant("2026-11-24T06:00:00Z")))
    }

    @Test func alternativesKeptDecidesHowManyAlternativesTheReceiptKeeps() async throws {
        func alternatives(_ toml: String) async throws -> [String] {
            let context = try await context("[training]\nsessions_per_week = 7\n" + toml, now: monday)
            _ = try await LocalAPI(context).serveCycleRun(.init(kind: .evening))
            let stored = try context.database.receipts(from: monday.addingTimeInterval(-86_400), to: monday.addingTimeInterval(86_400))
            let receipts = try stored.map { try JSONDecoder().decode(DecisionReceipt.self, from: $0.body) }
            // The receipt lists the other slots, then the other way to act ("schedule on my own").
            return try #require(receipts.first { $0.action == .proposed }).alternatives.dropLast()
        }
        #expect(try await alternatives("").count == 3)
        #expect(try await alternatives("[engine.slots]\nalternatives_kept = 1\n").count == 1)
    }

    @Test func zoneChangeMaxDaysDecidesHowLongASystemZoneChangeCountsAsTravel() async throws {
        // vigord started in Berlin; this evening the system reads Tokyo. By default the next days are travel days and
        // tomorrow gets no block; when a change counts for one day only (today), tomorrow is an ordinary day again.
        func block(_ toml: String) async throws -> Date? {
            let context = try await context("[training]\nsessions_per_week = 7\n" + toml, now: monday)
            let zones = Mutex(["Europe/Berlin", "Asia/Tokyo"])
            let runner = CycleRunner(
                ghost: context.ghost, calendars: context.calendars, database: context.database, output: context.output,
                logger: Logger(label: "test"),
                systemZone: { zones.withLock { zones in zones.count > 1 ? zones.removeFirst() : zones.first } })
            let config = await context.state.config
            _ = try await context.backend(cycles: runner).runCycle(.evening, now: monday, zone: config.schedule.zone, training: config.training, rules: config.schedulingRules)
            return await context.ghost.current.blocks.first { $0.status == .proposed }?.start
        }
        #expect(try await block("") == nil)
        #expect(try await block("[engine.travel]\nzone_change_max_days = 1\n") == (try instant("2026-11-24T06:00:00Z")))
    }

    // MARK: [engine.transformation]

    /// Runs Tuesday's morning cycle under `toml` (Transformer phase) with a heavy session at 18:00 Berlin and the
    /// `samples`, and returns that block as the morning left it.
    private func morning(_ toml: String, samples: [HealthSample]) async throws -> ScheduledBlock? {
        let context = try await context(toml, now: monday)
        _ = try await context.ghost.perform(.manualPhaseChange(to: .transformer), at: monday)
        let candidate = BlockCandidate(start: try instant("2026-11-24T17:00:00Z"), durationMinutes: 45, confidence: 1)
        var placed: BlockID?
        for case .writeBlock(let block) in try await context.ghost.perform(.placementRequested(candidate, alternatives: []), at: monday) {
            placed = block.id
        }
        let id = try #require(placed)
        _ = try context.database.insertHealthSamples(samples)
        let config = await context.state.config
        _ = try await context.backend.runCycle(
            .morning, now: try instant("2026-11-24T05:00:00Z"), zone: config.schedule.zone, training: config.training,
            rules: config.schedulingRules)
        return await context.ghost.current.block(id)
    }

    /// A night of `hours` asleep ending at `end` (by default Tuesday 06:30 Berlin).
    private func night(hours: Double, endingAt end: String = "2026-11-24T05:30:00Z") throws -> HealthSample {
        let end = try instant(end)
        return HealthSample(
            kind: .sleep, source: "watch", start: end.addingTimeInterval(-hours * 3600), end: end, value: hours * 60, detail: "core")
    }

    /// HRV of 60 ms on the seven mornings before Tuesday, then `today` ms on Tuesday morning.
    private func hrv(today: Double) throws -> [HealthSample] {
        var samples = try (17...23).map { day in
            let at = try instant("2026-11-\(day)T05:00:00Z")
            return HealthSample(kind: .hrv, source: "watch", start: at, end: at, value: 60)
        }
        let at = try instant("2026-11-24T04:30:00Z")
        samples.append(HealthSample(kind: .hrv, source: "watch", start: at, end: at, value: today))
        return samples
    }

    @Test func minimumSleepMinutesDecidesWhichNightRemovesTheSession() async throws {
        let shortNight = [try night(hours: 4.5)]
        #expect(try await morning("", samples: shortNight)?.status == .removed)
        #expect(try await morning("[engine.transformation]\nminimum_sleep_minutes = 240\n", samples: shortNight)?.status == .scheduled)
    }

    @Test func hrvCrashMarginDecidesWhichDropTurnsAHeavySessionIntoAWalk() async throws {
        let drop = try hrv(today: 45)  // 25 % below the baseline
        let heavy = "[training]\nintensity = \"heavy\"\n"
        #expect(try await morning(heavy, samples: drop)?.durationMinutes == 30)
        #expect(try await morning(heavy + "[engine.transformation]\nhrv_crash_margin = 0.3\n", samples: drop)?.durationMinutes == 45)
    }

    @Test func recoveryWalkMinutesSetsTheLengthOfTheWalk() async throws {
        let heavy = "[training]\nintensity = \"heavy\"\n[engine.transformation]\nrecovery_walk_minutes = 20\n"
        #expect(try await morning(heavy, samples: try hrv(today: 45))?.durationMinutes == 20)
    }
}
