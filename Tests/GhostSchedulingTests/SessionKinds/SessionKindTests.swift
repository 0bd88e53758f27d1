import CivilCalendar
import Foundation
import GhostEngine
import GhostScheduling
import Testing

/// The kind rule (Docs/engine.md, "Session kinds") on pictures alone: no calendar files, no database.
private let daily = TrainingSettings(
    sessionsPerWeek: 7, durationMinutes: 45, preferredWindows: [TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9))])

/// The default rules, except that the plan never steps back: the user here accepts every proposal and records no workout.
private let neverSteppingBack: SchedulingRules = {
    var rules = SchedulingRules.standard
    rules.patterns.missedBeforeSteppingBack = 0
    return rules
}()

/// A Scheduler whose evenings run from Sunday on for `days` days, each performing its plan (the user says yes to each
/// proposal): the Ghost after them, the plans, and the receipts the engine recorded.
private func evenings(
    _ days: Int, profile: TrainingProfile, settings: TrainingSettings = daily, accept: Bool = true
) throws -> (Ghost, [EveningPlan], [DecisionReceipt]) {
    let sunday = Week.monday.adding(days: -1)
    var ghost = Ghost(startingAt: try Week.at(sunday, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .scheduler), now: try Week.at(sunday, 1))
    var plans: [EveningPlan] = []
    var receipts: [DecisionReceipt] = []
    for offset in 0..<days {
        let today = sunday.adding(days: offset)
        let picture = WeekPicture(
            calendar: Week.berlin, today: today, firstDay: today.adding(days: 1), days: 7, ghost: ghost,
            settings: PlanningSettings(training: settings, rules: neverSteppingBack, profile: profile))
        let plan = EveningPlan.decide(picture)
        for event in plan.events {
            for effect in try ghost.handle(event, now: try Week.at(today, 20)) {
                if case .recordReceipt(let receipt) = effect { receipts.append(receipt) }
            }
        }
        for block in ghost.blocks where accept && block.status == .proposed {
            _ = try ghost.handle(.proposalAnswered(block.id, accepted: true), now: try Week.at(today, 21))
        }
        plans.append(plan)
    }
    return (ghost, plans, receipts)
}

private func kinds(_ ghost: Ghost) -> [SessionKind?] {
    ghost.blocks.sorted { $0.start < $1.start }.map(\.kind)
}

@Test func aKneeInjuryNeverGetsARunProposed() throws {
    let (ghost, _, _) = try evenings(14, profile: TrainingProfile(injuries: ["left knee"]))
    #expect(ghost.blocks.count == 14, "one proposal an evening, accepted")
    #expect(ghost.blocks.allSatisfy { $0.kind != nil && $0.kind != .run && $0.kind != .ride }, "\(kinds(ghost))")
    let (free, _, _) = try evenings(14, profile: TrainingProfile())
    #expect(free.blocks.contains { $0.kind == .run }, "without the injury a run is proposed: the injury is what rules it out")
}

@Test func aKneeInjurysPlacementSaysWhatItRuledOut() throws {
    let (_, plans, receipts) = try evenings(1, profile: TrainingProfile(injuries: ["left knee"]))
    let receipt = try #require(receipts.last { $0.action == .proposed })
    #expect(receipt.inputs.contains(ReceiptInput("sessionKind", "strength")))
    #expect(receipt.inputs.contains(ReceiptInput("injuryRuledOut", "run, ride (your injury 'left knee')")))
    let factors = DecisionExplanation(receipt, timeZone: Week.berlin.timeZone).factors
    #expect(factors.contains(DecisionExplanation.Factor(name: "Session", value: "strength training", impact: .neutral)))
    #expect(factors.contains(DecisionExplanation.Factor(
        name: "Ruled out", value: "run (your injury 'left knee'); ride (your injury 'left knee' and no bike in your equipment); swim (no pool in your equipment)",
        impact: .neutral)))
    #expect(plans[0].notes.last?.hasSuffix("): strength training; ruled out: run (your injury 'left knee'); "
        + "ride (your injury 'left knee' and no bike in your equipment); swim (no pool in your equipment)") == true, "\(plans[0].notes)")
}

@Test func theProposalsNotificationSaysWhatTheMinutesAreFor() throws {
    let (ghost, _, _) = try evenings(1, profile: TrainingProfile(injuries: ["left knee"]), accept: false)
    let proposal = try #require(GhostMessages.pending(ghost: ghost, now: try Week.at(-1, 21), breakerFiredAt: nil).first { $0.kind == .proposal })
    #expect(proposal.body == "45 minutes of strength training. Yes puts it into your calendar.")
}

@Test func withEveryKindRuledOutNothingIsProposedAndWhySaysSo() throws {
    let (ghost, plans, receipts) = try evenings(3, profile: TrainingProfile(injuries: ["ankle", "sprained wrist"]))
    #expect(ghost.blocks.isEmpty)
    let monday = Week.monday
    #expect(plans[0].events.contains(.dayLeftEmpty(monday, .noSessionKind)))
    let receipt = try #require(receipts.first { $0.action == .notPlaced })
    #expect(receipt.reason == "Your injuries, equipment or session length rule out every kind of session I propose, so I placed no workout.")
    let forecast = try #require(plans[0].forecast)
    #expect(forecast.days.allSatisfy { $0.start == nil && $0.kind == nil })
    #expect(forecast.days.filter { $0.why == .noSessionKind }.count == 7)
    #expect(forecast.days[0].reason == "Every kind of session is ruled out: run, walk (your injury 'ankle'); strength, mobility "
        + "(your injury 'sprained wrist'); ride (no bike in your equipment); swim (no pool in your equipment). I placed no workout.")
    #expect(plans[0].notes.last?.hasPrefix("no block tomorrow: Every kind of session is ruled out: run, walk (your injury 'ankle')") == true)
}

@Test func anUnknownInjuryWordIsReportedNotIgnored() {
    let profile = TrainingProfile(equipment: ["hula hoop"], injuries: ["sciatica", "left knee"])
    #expect(profile.unknownInjuries == ["sciatica"])
    #expect(profile.notUnderstood == [
        "injury 'sciatica' is not one vigord understands, so it rules out no session (it knows: knee, hip, hamstring, ankle, foot, back, "
            + "neck, shoulder, elbow, wrist)",
        "equipment 'hula hoop' is not one vigord understands, so it opens no session (a bike opens rides, a pool swims)",
    ])
    #expect(TrainingProfile.words(profile.ruledOut(minutes: 45)) == "run (your injury 'left knee'); "
        + "ride (your injury 'left knee' and no bike in your equipment); swim (no pool in your equipment)",
        "the understood injury still rules; the unknown one and the unknown equipment change nothing")
    #expect(profile.fitting(minutes: 45) == TrainingProfile(injuries: ["left knee"]).fitting(minutes: 45))
}

@Test func noKindRepeatsOnTheNextDayWhileAnotherFits() throws {
    let (ghost, _, _) = try evenings(14, profile: TrainingProfile(equipment: ["bike"]))
    let ordered = kinds(ghost)
    #expect(zip(ordered, ordered.dropFirst()).allSatisfy { $0 != $1 }, "\(ordered)")
    #expect(Set(ordered.compactMap { $0 }) == [.run, .strength, .ride, .mobility], "every open kind but the walk takes its turn")
    let (onlyOne, _, _) = try evenings(3, profile: TrainingProfile(injuries: ["wrist", "knee", "back"]))
    #expect(kinds(onlyOne) == [.walk, .walk, .walk], "with one kind open it repeats rather than leave a day empty")
}

@Test func aRideNeedsABikeAndASwimAPoolAndTimeForIt() {
    let none = TrainingProfile()
    #expect(none.fitting(minutes: 45) == [.run, .strength, .mobility, .walk])
    #expect(TrainingProfile(equipment: ["exercise bike", "swimming pool"]).fitting(minutes: 45) == SessionKind.allCases)
    #expect(TrainingProfile(equipment: ["exercise bike", "swimming pool"]).fitting(minutes: 30) == [.run, .strength, .swim, .mobility, .walk])
    #expect(TrainingProfile(equipment: ["bike"]).fitting(minutes: 10) == [.run, .strength, .mobility, .walk],
            "the kinds that need nothing fit the shortest session vigord allows")
}

@Test func theKindOfEachForecastDayFollowsTheSameRule() throws {
    let (_, plans, _) = try evenings(1, profile: TrainingProfile(injuries: ["left knee"]))
    let forecast = try #require(plans[0].forecast)
    let likely = forecast.days.compactMap(\.kind)
    #expect(likely.count == 7 && !likely.contains(.run) && !likely.contains(.ride))
    #expect(zip(likely, likely.dropFirst()).allSatisfy { $0 != $1 }, "\(likely)")
    #expect(likely.first == .strength, "tomorrow's forecast kind is the kind placed")
}

@Test func anHrvCrashWithAnAnkleInjuryRestsInsteadOfProposingAWalk() {
    let crash = MorningSignals(lastNightSleepMinutes: 420, hrv: 30, hrvBaseline7: 50)
    let rest = MorningTransformer.decide(
        intensity: .heavy, durationMinutes: 60, signals: crash, capabilities: TrustPhase.transformer.capabilities,
        rules: TransformationRules(), walkOpen: false)
    guard case .apply(let change) = rest else {
        Issue.record("expected a change, got \(rest)")
        return
    }
    #expect(change.adjustment == .remove && change.rule == .hrvCrash)
    #expect(change.reason.hasSuffix("and an injury rules out the recovery walk; rest today."))
    let tired = MorningTransformer.decide(
        intensity: .heavy, durationMinutes: 60, signals: MorningSignals(feltTired: true), capabilities: TrustPhase.transformer.capabilities,
        rules: TransformationRules(), walkOpen: false)
    guard case .suggest(let suggestion) = tired else {
        Issue.record("expected a suggestion, got \(tired)")
        return
    }
    #expect(suggestion.adjustment == .remove && !suggestion.reason.contains("-minute walk"))
}

@Test func aSessionARecoveryWalkReplacedIsAWalkUntilReverted() throws {
    var ghost = Ghost(startingAt: try Week.at(-1, 0), timeZone: Week.berlin.timeZone)
    _ = try ghost.handle(.manualPhaseChange(to: .transformer), now: try Week.at(-1, 1))
    _ = try ghost.handle(
        .placementRequested(BlockCandidate(start: try Week.at(0, 7), durationMinutes: 45, confidence: 1, kind: .strength), alternatives: []),
        now: try Week.at(-1, 20))
    let id = try #require(ghost.blocks.first?.id)
    #expect(ghost.blocks.first?.currentKind == .strength)
    _ = try ghost.handle(
        .adjustmentRequested(id, .transform(durationMinutes: 30), confidence: 1, reason: "HRV crashed", rule: "hrvCrash"),
        now: try Week.at(0, 6))
    #expect(ghost.blocks.first?.kind == .strength && ghost.blocks.first?.currentKind == .walk)
    _ = try ghost.handle(.transformationOutcome(id, kept: false), now: try Week.at(0, 6, 30))
    #expect(ghost.blocks.first?.currentKind == .strength, "reverted, it is its own kind again")
}
