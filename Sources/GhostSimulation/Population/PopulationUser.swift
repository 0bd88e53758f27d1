import CivilCalendar
import GhostEngine

/// One drawn user: the options they got and the scenario that simulates them.
public struct PopulationUser: Sendable, Equatable {
    /// 1-based index in the population.
    public let index: Int
    public let calendar: CalendarKind
    public let attendance: String
    public let wearable: String
    public let checkIn: String
    public let answering: String
    /// Life events and failures drawn, in words (`illness week from day 12`).
    public let events: [String]
    /// The scenario run for this user.
    public let scenario: Scenario
}

extension PopulationProfiles {
    /// Draws user `index` (1-based) of a population of `days` days with `seed`: each trait's option by weight, life
    /// events and failures by their chances. The same seed and index always give the same user, whatever the
    /// population's size.
    public func user(_ index: Int, days: Int, seed: UInt64) -> PopulationUser {
        var random = Self.generator(for: index, seed: seed)
        let calendar = Self.pick(calendars, weight: \.weight, &random)
        let attendance = Self.pick(self.attendance, weight: \.weight, &random)
        let wearable = Self.pick(wearables, weight: \.weight, &random)
        let checkIn = Self.pick(checkIns, weight: \.weight, &random)
        let answering = Self.pick(self.answering, weight: \.weight, &random)
        let firstDay = LocalDay(iso: startDate) ?? LocalDay(year: 2026, month: 3, day: 2)
        var events: [String] = []
        var completion = attendance.completion
        completion.periods = completion.periods.compactMap { period in
            period.fromDay > days ? nil : CompletionPeriod(fromDay: period.fromDay, toDay: min(period.toDay, days), rate: period.rate)
        }
        var scenario = Scenario(
            name: "user \(index)", startDate: startDate, days: days, timeZone: timeZone, seed: random.next(), config: config,
            calendars: [ScenarioCalendarSource(
                name: calendar.kind.rawValue,
                ics: PopulationCalendar.ics(calendar.kind, firstDay: firstDay, timeZone: timeZone, historyDays: calendar.historyDays).map { $0 + "\r\n" }.joined())],
            completion: completion, acceptRate: answering.acceptRate,
            triage: TriageBehaviour(answerRate: answering.triageAnswerRate),
            healthSignals: HealthSignalRanges(coverage: wearable.coverage),
            workoutReports: wearable.workoutReports, checkInRate: checkIn.rate, answerRate: answering.answerRate)
        let week = { (random: inout SplitMix64) -> ClosedRange<Int> in
            let first = 1 + Int(random.next() % UInt64(max(days - 6, 1)))
            return first...min(first + 6, days)
        }
        if random.nextUnit() < lifeEvents.illnessWeek {
            let ill = week(&random)
            scenario.completion.periods.append(CompletionPeriod(fromDay: ill.lowerBound, toDay: ill.upperBound, rate: 0))
            scenario.triage.byDay += ill.map { DayAnswer(day: $0, answer: .feltUnwell) }
            events.append("illness week from day \(ill.lowerBound)")
        }
        if random.nextUnit() < lifeEvents.travelWeek {
            let away = week(&random)
            scenario.travelDays += Array(away)
            events.append("travel week from day \(away.lowerBound)")
        }
        if random.nextUnit() < lifeEvents.crashDay {
            let day = 1 + Int(random.next() % UInt64(days))
            scenario.crashDays.append(day)
            events.append("crash-button day \(day)")
        }
        for day in 1...days {
            if random.nextUnit() < answering.deleteRate { scenario.deletionDays.append(day) }
            if random.nextUnit() < failures.unreadableCalendarDay { scenario.unknownDays.append(day) }
            if random.nextUnit() < failures.failedNotification { scenario.notificationFailureDays.append(day) }
        }
        if !scenario.unknownDays.isEmpty { events.append("unreadable calendar on \(scenario.unknownDays.count) day(s)") }
        if !scenario.notificationFailureDays.isEmpty { events.append("failed notification on \(scenario.notificationFailureDays.count) day(s)") }
        if random.nextUnit() < failures.staleHealthStretch, wearable.coverage.max > 0 {
            let first = 1 + Int(random.next() % UInt64(max(days - 3, 1)))
            scenario.staleHealthDays = Array(first...min(first + 3, days))
            events.append("stale health data from day \(first)")
        }
        if let model {
            let hour = Self.pick(model.habitHours, weight: \.weight, &random).hour
            let shortNights = (1...days).filter { _ in random.nextUnit() < model.shortNightChance }
            scenario.behaviour = model.behaviour(hour: hour, shortNights: shortNights)
            scenario.retention = model.retention
            scenario.setupHour = PopulationProfiles.setupHour
            // A wearable shows the short nights to vigord too (not while its data is stale).
            if wearable.coverage.max > 0 {
                scenario.morningSignals += shortNights.filter { !scenario.staleHealthDays.contains($0) }.map { MorningSignalDay(day: $0, sleepMinutes: model.response.shortNightMinutes - 30) }
            }
            events.append("trains on their own at \(hour):00; \(shortNights.count) short night(s)")
        }
        if let delivery = wearable.delivery {
            scenario.healthDelivery = delivery.draw(&random)
            events.append(delivery.describe(scenario.healthDelivery))
        }
        return PopulationUser(
            index: index, calendar: calendar.kind, attendance: attendance.name, wearable: wearable.name, checkIn: checkIn.name,
            answering: answering.name, events: events, scenario: scenario)
    }

    /// The hour, on the evening before day 1, at which a population user's `vigorctl setup` ends: after work and
    /// after the preferred hours, so the first plan's week starts on day 1.
    public static let setupHour = 20

    /// User `index`'s own random sequence: started at a mixed state, so no two users read the same stretch of one
    /// sequence. (Started at `seed + index·γ`, SplitMix64's own step, user `index` drew what user `index + 1` drew one
    /// draw later: neighbours shared their traits and failure days.)
    public static func generator(for index: Int, seed: UInt64) -> SplitMix64 {
        var seeding = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        return SplitMix64(seed: seeding.next())
    }

    /// An option drawn in proportion to its weight (validated: at least one weight above 0).
    private static func pick<Option>(_ options: [Option], weight: KeyPath<Option, Double>, _ random: inout SplitMix64) -> Option {
        let total = options.reduce(0) { $0 + $1[keyPath: weight] }
        var draw = random.nextUnit() * total
        for option in options {
            draw -= option[keyPath: weight]
            if draw < 0 { return option }
        }
        return options[options.count - 1]
    }
}
