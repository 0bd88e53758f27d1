import CivilCalendar
import ICalendarKit
import Foundation
import GhostEngine
import GhostScheduling
import Store
import CalendarPlanning
import VigorConfig

/// The daemon's one reader of what planning looks at: builds the `WeekPicture` for an evening, a morning, a
/// re-planning or the absolution from the calendars, the Ghost and the store. The decisions are the pure functions of
/// `GhostScheduling/Planning`; nothing here decides.
struct WeekPictureReader: Sendable {
    let ghost: GhostHost
    let calendars: CalendarHost
    let output: CalendarOutput
    /// The store: health samples, check-ins and the system zone watch. Nil: the pictures carry no signals and the
    /// system zone is not read.
    let database: AppDatabase?
    /// The system's time zone name now (nil: unknown), read at every evening for the travel rules.
    let systemZone: @Sendable () -> String?
    /// The system's zone when vigord started: the settled zone when none was saved yet (a server kept in UTC while
    /// `[schedule] timezone` says Berlin is not travelling).
    let startingSystemZone: String?

    /// The user's planning settings: what a picture carries, the zone it is read in and how the week's sessions are
    /// held. The backend reads them from the configuration in force (`init(_:)`), the one place they are unpacked, so
    /// every picture (a cycle's, a replan's, the holds', a check-in's, the absolution's) carries the same ones.
    struct Settings: Sendable {
        /// `[schedule] timezone`: the user's days.
        var zone: TimeZone
        var training: DaemonConfig.TrainingSection
        var rules: SchedulingRules
        /// `[schedule] home`, so the travel rules can measure how far away an event takes place.
        var home: GeoPosition?
        /// `[profile]`: the kinds of session the user's equipment and injuries leave open.
        var profile: TrainingProfile
        /// `[calendar.hold]`: how the week's likely sessions are held and defended.
        var hold: HoldSettings

        /// `[training]`, `[profile]` and the scheduling rules, as the planning functions read them.
        var planning: PlanningSettings {
            PlanningSettings(training: training.slotSettings, intensity: training.sessionIntensity, rules: rules, profile: profile)
        }

        /// The settings of `config`.
        init(_ config: DaemonConfig) {
            self.init(
                zone: config.schedule.zone, training: config.training, rules: config.schedulingRules, home: config.schedule.home,
                profile: config.profile.trainingProfile, hold: config.calendar.hold)
        }

        init(
            zone: TimeZone, training: DaemonConfig.TrainingSection = .init(), rules: SchedulingRules = .standard,
            home: GeoPosition? = nil, profile: TrainingProfile = TrainingProfile(), hold: HoldSettings = HoldSettings()
        ) {
            self.zone = zone
            self.training = training
            self.rules = rules
            self.home = home
            self.profile = profile
            self.hold = hold
        }
    }

    /// The week from tomorrow as an evening on `today` plans it. Calendars that cannot be read at all give a picture
    /// that says so; the evening observes the system zone, and `systemZone` is the watch to keep when it changed.
    /// `fromToday`: the week from today instead (the first plan before today's preferred hours).
    func evening(
        today: LocalDay, fromToday: Bool = false, calendar: LocalCalendar, now: Date, settings: Settings
    ) async throws -> (picture: WeekPicture, systemZone: SystemZoneRecord?) {
        let tomorrow = fromToday ? today : today.adding(days: 1)
        var picture = try await base(today: today, firstDay: tomorrow, days: 7, calendar: calendar, settings: settings)
        let from: Date, to: Date, busy: BusyResult
        do {
            from = try calendar.startOfDay(tomorrow)
            to = try calendar.startOfDay(tomorrow.adding(days: 7))
            busy = try await readBusy(from: from, to: to)
        } catch {
            picture.calendarFailure = "\(error)"
            return (picture, nil)
        }
        let watch = try await fill(&picture, busy: busy, from: from, to: to, settings: settings, systemZone: .observe(now: now))
        picture.readableHistoryDays = await readableHistory(before: today, of: picture, settings: settings)
        let book = await output.holds.book
        picture.heldDays = book.userHeldDays
        picture.releasedDays = book.consent.releasedDays
        picture.recoveryTimeIntoFirstDay = await ghost.emergencies(endingAfter: now).contains { $0.isActive(at: now) && $0.endsAt > from }
        return (picture, watch)
    }

    /// Today and the days after it as re-planning checks them, far enough for "move later" (`Replanning.pictureDays`);
    /// the system zone as the last evening saw it.
    func replanning(today: LocalDay, calendar: LocalCalendar, settings: Settings) async throws -> WeekPicture {
        let days = Replanning.pictureDays(rules: settings.rules)
        var picture = try await base(today: today, firstDay: today, days: days, calendar: calendar, settings: settings, signals: false)
        let from = try calendar.startOfDay(today)
        let to = try calendar.startOfDay(today.adding(days: days))
        _ = try await fill(&picture, busy: try await readBusy(from: from, to: to), from: from, to: to, settings: settings, systemZone: .saved)
        return picture
    }

    /// Today as a morning sees it: the Ghost and the signals of the last weeks (a morning reads no calendar, except an
    /// Observer's, which reads its readable history). `checkIn`: a check-in of today not saved yet, read in place of a
    /// saved one (it is saved with the decision made on this picture).
    func morning(today: LocalDay, calendar: LocalCalendar, settings: Settings, checkIn: CheckInReport? = nil) async throws -> WeekPicture {
        var picture = try await base(today: today, firstDay: today, days: 1, calendar: calendar, settings: settings, checkIn: checkIn)
        picture.readableHistoryDays = await readableHistory(before: today, of: picture, settings: settings)
        return picture
    }

    /// The days of the last 90 before `day` that the calendars and health data show (`ReadableHistory`), read only
    /// while `picture`'s Ghost is an Observer (whose week counts them); nil otherwise. Calendars that cannot be read
    /// show no history here: the evening counts and reports their failure.
    func readableHistory(before day: LocalDay, of picture: WeekPicture, settings: Settings) async -> Int? {
        guard picture.trustPhase == .observer else { return nil }
        do {
            let past = try await history(
                lastDay: day.adding(days: -1), days: ReadableHistory.maximumDays, calendar: picture.calendar, settings: settings)
            return try ReadableHistory.days(past)
        } catch {
            return 0
        }
    }

    /// The `days` local days ending with `lastDay` as the absolution reads them: their busy time and health data.
    func history(lastDay: LocalDay, days: Int, calendar: LocalCalendar, settings: Settings) async throws -> WeekPicture {
        let firstDay = lastDay.adding(days: -(days - 1))
        var picture = try await base(
            today: lastDay.adding(days: 1), firstDay: firstDay, days: days, calendar: calendar, settings: settings, signals: false)
        let from = try calendar.startOfDay(firstDay)
        let to = try calendar.startOfDay(lastDay.adding(days: 1))
        picture.busy = try await readBusy(from: from, to: to).intervals
        if let database {
            picture.signals = SignalDigest(
                calendar: calendar, samples: try Self.samples(database, from: from.addingTimeInterval(-86_400), to: to))
        }
        return picture
    }

    /// The busy time of every calendar from `from` to `to`, without vigord's own blocks.
    func readBusy(from: Date, to: Date) async throws -> BusyResult {
        await output.withoutOwnBusyEvents(try await calendars.busy(from: from, to: to, source: nil))
    }

    /// The picture's Ghost, settings and (unless `signals` is false) the signals of the 31 days up to `today`.
    private func base(
        today: LocalDay, firstDay: LocalDay, days: Int, calendar: LocalCalendar, settings: Settings, signals: Bool = true,
        checkIn: CheckInReport? = nil
    ) async throws -> WeekPicture {
        var digest: SignalDigest?
        let current = await ghost.current
        if signals, let database {
            digest = SignalDigest(
                calendar: calendar, samples: try Self.samples(
                    database, from: try calendar.startOfDay(today.adding(days: -WeekPicture.signalHistoryDays)), to: try calendar.startOfDay(today.adding(days: 1))),
                checkIns: try Self.checkIns(database, before: today) + (checkIn.map { [$0] } ?? []), recordedWorkouts: SignalDigest.recordedWorkouts(of: current))
        }
        let book = await output.holds.book
        return WeekPicture(
            calendar: calendar, today: today, firstDay: firstDay, days: days, ghost: current, settings: settings.planning,
            signals: digest, agreedSessions: book.agreedSessions, weekAcceptance: book.acceptance)
    }

    /// How the system zone enters a picture: observed now (and saved), or as the last evening saved it.
    private enum SystemZoneReading {
        case observe(now: Date)
        case saved
    }

    /// What the calendars say about the picture's days (`CalendarPicture`), manual travel and the system zone; returns
    /// the system zone watch to keep, when observing changed it.
    private func fill(
        _ picture: inout WeekPicture, busy: BusyResult, from: Date, to: Date, settings: Settings, systemZone: SystemZoneReading
    ) async throws -> SystemZoneRecord? {
        CalendarPicture.add(busy: busy, events: await calendars.events(from: from, to: to), home: settings.home, to: &picture)
        picture.manualTravelDays = await ghost.travelDays(among: picture.dayList)
        let home = picture.calendar.timeZone.identifier
        let (zone, keep): (TravelEvidence?, SystemZoneRecord?) = switch systemZone {
        case .observe(let now): try watchSystemZone(today: picture.today, home: home, now: now, rules: settings.rules.travel)
        case .saved: (try database?.systemZone().map(SystemZoneWatch.init(record:))?.evidence, nil)
        }
        if let zone { picture.travelEvidence.append(zone) }
        return keep
    }

    /// The zone vigord started with as the system's settled zone, to keep unless one is saved already, so a later
    /// restart while abroad is compared with the zone of home, not with the foreign one; nil when there is none to keep.
    func settledSystemZone(now: Date) throws(StoreError) -> SystemZoneRecord? {
        guard let database, try database.systemZone() == nil, let started = startingSystemZone, TimeZone(identifier: started) != nil
        else { return nil }
        return SystemZoneRecord(SystemZoneWatch(settledZone: started), at: now)
    }

    /// Reads the system zone and returns the change in force (SystemZoneWatch), and the watch to keep when it changed,
    /// so a restart while abroad still sees the trip; before anything was saved, the zone vigord started with is the
    /// settled one. An unreadable or unknown system zone leaves the watch as it was.
    private func watchSystemZone(
        today: LocalDay, home: String, now: Date, rules: TravelRules
    ) throws -> (TravelEvidence?, SystemZoneRecord?) {
        guard let database else { return (nil, nil) }
        let stored = try database.systemZone()
        let started = startingSystemZone.flatMap { TimeZone(identifier: $0) == nil ? nil : $0 }
        guard let current = systemZone(), TimeZone(identifier: current) != nil else {
            return (stored.map(SystemZoneWatch.init(record:))?.evidence, nil)
        }
        let watch = stored.map(SystemZoneWatch.init(record:)) ?? SystemZoneWatch(settledZone: started ?? current)
        let next = watch.observing(current, today: today, home: home, rules: rules)
        return (next.evidence, next != watch || stored == nil ? SystemZoneRecord(next, at: now) : nil)
    }

    /// Check-ins of the 31 mornings up to `today`, as the morning rules read them.
    static func checkIns(_ database: AppDatabase, before today: LocalDay) throws -> [CheckInReport] {
        try database.checkIns(from: today.adding(days: -WeekPicture.signalHistoryDays), through: today).map { stored in
            CheckInReport(day: stored.localDate, sleptMinutes: stored.sleptMinutes, felt: stored.felt, recordedAt: stored.recordedAt)
        }
    }

    /// Health samples ending from `from` to `to`, as the planning rules read them.
    static func samples(_ database: AppDatabase, from: Date, to: Date) throws -> [HealthSample] {
        try HealthKind.allCases.flatMap { kind in try database.healthSamples(kind: kind, endingFrom: from, to: to) }
    }
}
