import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// A profile changed after the week was planned: the coming sessions it now rules out change kind, or go.

/// A Scheduler on Sunday night with a session at 07:00 on each of `days` (offsets from Monday) of the given kinds;
/// `accepted` ones are on the calendar, the rest still proposals.
private func planned(_ sessions: [(day: Int, kind: SessionKind)], accepted: Set<Int>) throws -> Ghost {
    var ghost = Ghost(startingAt: try Week.at(-1, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .scheduler), now: try Week.at(-1, 1))
    for session in sessions {
        let candidate = BlockCandidate(start: try Week.at(session.day, 7), durationMinutes: 45, confidence: 1, kind: session.kind)
        _ = try ghost.handle(.placementRequested(candidate, alternatives: []), now: try Week.at(-1, 20))
    }
    for block in ghost.blocks where accepted.contains(Week.monday.days(until: block.day)) {
        _ = try ghost.handle(.proposalAnswered(block.id, accepted: true), now: try Week.at(-1, 21))
    }
    return ghost
}

private func block(_ ghost: Ghost, day: Int) throws -> ScheduledBlock {
    try #require(ghost.blocks.first { $0.day == Week.monday.adding(days: day) })
}

@Test func aKneeAddedLaterTurnsTheComingRunIntoAnotherKindAndLeavesThePastAlone() throws {
    var ghost = try planned([(0, .run), (1, .strength), (2, .run)], accepted: [0, 1])
    let knee = TrainingProfile(injuries: ["left knee"])
    let noon = try Week.at(0, 12)  // Monday's run is behind
    let wednesday = try block(ghost, day: 2)
    let events = KindRevision.events(ghost, profile: knee, now: noon)
    // Tuesday is strength, so Wednesday takes the other open kind; a ride is out too (the knee, and no bike).
    #expect(events == [.sessionKindRevised(wednesday.id, to: .mobility, ruledOut: "run (your injury 'left knee')")])

    let effects = try ghost.handle(try #require(events.first), now: noon)
    #expect(try block(ghost, day: 2).kind == .mobility)
    #expect(try block(ghost, day: 2).status == .proposed, "still a proposal: only its kind changed")
    #expect(try block(ghost, day: 0).kind == .run, "a session already past stays what it was")
    let receipt = try #require(effects.compactMap { effect -> DecisionReceipt? in
        if case .recordReceipt(let receipt) = effect { receipt } else { nil }
    }.first)
    #expect(receipt.action == .kindChanged)
    #expect(receipt.reason == "Changed Wed 07:00 from a run to mobility work: your profile now rules out run (your injury 'left knee').")
    #expect(KindRevision.events(ghost, profile: knee, now: noon).isEmpty, "nothing more to change under the same profile")
    #expect(KindRevision.events(ghost, profile: TrainingProfile(), now: noon).isEmpty, "a profile that rules out nothing changes nothing")
}

@Test func withEveryKindRuledOutTheComingSessionsLeaveTheCalendar() throws {
    var ghost = try planned([(1, .strength), (2, .mobility)], accepted: [1])
    let everything = TrainingProfile(injuries: ["ankle", "sprained wrist"])
    let monday = try Week.at(0, 9)
    let events = KindRevision.events(ghost, profile: everything, now: monday)
    #expect(events.count == 2)
    var removed: [BlockID] = []
    var reasons: [String] = []
    for event in events {
        for effect in try ghost.handle(event, now: monday) {
            if case .removeBlock(let id) = effect { removed.append(id) }
            if case .recordReceipt(let receipt) = effect, receipt.action == .removed { reasons.append(receipt.reason) }
        }
    }
    #expect(try block(ghost, day: 1).status == .removed, "the accepted session is taken off")
    #expect(try block(ghost, day: 2).status == .declined, "the proposal is withdrawn")
    #expect(removed.count == 2)
    #expect(reasons.first == "Took strength training on Tue 07:00 off your calendar: your profile now rules out every kind of "
        + "session I propose (strength (your injury 'sprained wrist')).")
}

@Test func aSessionTheMorningChangedKeepsWhatTheMorningMadeOfIt() throws {
    var ghost = Ghost(startingAt: try Week.at(-1, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .transformer), now: try Week.at(-1, 1))
    _ = try ghost.handle(
        .placementRequested(BlockCandidate(start: try Week.at(0, 18), durationMinutes: 45, confidence: 1, kind: .run), alternatives: []),
        now: try Week.at(-1, 20))
    let id = try block(ghost, day: 0).id
    _ = try ghost.handle(.adjustmentRequested(id, .transform(durationMinutes: 20), confidence: 1, reason: "HRV", rule: "hrvCrash"), now: try Week.at(0, 7))
    #expect(try block(ghost, day: 0).currentKind == .walk)
    #expect(KindRevision.events(ghost, profile: TrainingProfile(injuries: ["knee"]), now: try Week.at(0, 8)).isEmpty)
}

@Test func theWeekForecastsLikelyRunsBecomeAnotherKindAndKeepTheirTimes() throws {
    let ghost = try planned([(0, .strength)], accepted: [0])
    let day = { (offset: Int) in Week.monday.adding(days: offset).description }
    let forecast = try forecastOf([
        (day(1), try Week.at(1, 18), .run), (day(2), nil, nil), (day(3), try Week.at(3, 7), .strength), (day(4), try Week.at(4, 7), .run),
    ])
    let knee = TrainingProfile(injuries: ["left knee"])
    let revised = try #require(KindRevision.forecast(forecast, ghost: ghost, profile: knee, minutes: 45))
    #expect(revised.days.map(\.kind) == [.mobility, nil, .strength, .mobility],
            "Tuesday follows Monday's strength, Friday follows Thursday's strength")
    #expect(revised.days.map(\.start) == forecast.days.map(\.start), "each keeps its time")
    #expect(KindRevision.forecast(revised, ghost: ghost, profile: knee, minutes: 45) == nil, "nothing more to change")

    let everything = TrainingProfile(injuries: ["ankle", "sprained wrist"])
    let none = try #require(KindRevision.forecast(forecast, ghost: ghost, profile: everything, minutes: 45))
    #expect(none.days[0].start == nil && none.days[0].why == .noSessionKind)
    #expect(none.days[0].reason.hasPrefix("Every kind of session is ruled out: run, walk (your injury 'ankle')"))
}

/// A forecast of the given days as JSON reads it (the type has no public memberwise initialiser).
private func forecastOf(_ days: [(date: String, start: Date?, kind: SessionKind?)]) throws -> WeekForecast {
    let encoder = JSONEncoder()
    let entries = days.map { day -> [String: String] in
        var entry = ["date": day.date, "reason": "test"]
        if let start = day.start { entry["start"] = ISO8601DateFormatter().string(from: start) }
        if let kind = day.kind { entry["kind"] = kind.rawValue }
        if day.start == nil { entry["why"] = DayWithoutBlock.weekFull.rawValue }
        return entry
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(WeekForecast.self, from: try encoder.encode(["days": entries]))
}
