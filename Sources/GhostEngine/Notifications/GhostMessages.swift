import CivilCalendar
import Foundation

/// What the Ghost has to say at a moment, read from its state: the apology after the breaker, a ghost-health
/// change, the open triage question, proposals (new blocks and moves), today's changed blocks, the weekly
/// receipt, the morning check-in question. Pure; the daemon passes what the engine state does not hold.
public enum GhostMessages {
    /// How long the apology and a ghost-health sentence stay worth saying.
    public static let sentenceLifetime: TimeInterval = 86_400

    /// Every message wanted at `now`, in priority order (kind, then time).
    /// - Parameters:
    ///   - breakerFiredAt: when the safety breaker last fired.
    ///   - weeklyReceipt: the key and text of the last weekly receipt, when one was built in the last day.
    ///   - holdQuestion: what the weekly receipt adds about held time, whether it asks "hold these?" (a Hold these
    ///     answer, `vigorctl plan --hold week`), and the proposed block it names and its yes accepts: that block is asked
    ///     in the weekly receipt only, which then cannot wait either (it carries the block's start).
    ///   - sessionsSuggestion: the weekly receipt's suggestion to a Scheduler ("You trained 5 times this week; plan 5?")
    ///     and the count its Plan answer sets (`vigorctl plan --sessions 5`).
    ///   - askCheckIn: the morning to ask "how did you sleep?" for: no device recorded the night and the user has
    ///     not checked in yet (the daemon decides; nil asks nothing).
    public static func pending(
        ghost: Ghost, now: Date, breakerFiredAt: Date?, weeklyReceipt: (key: String, text: String)? = nil,
        holdQuestion: (text: String, asks: Bool, covers: BlockID?)? = nil, sessionsSuggestion: (sentence: String, sessions: Int)? = nil,
        askCheckIn: LocalDay? = nil
    ) -> [GhostMessage] {
        var messages: [GhostMessage] = []
        if let fired = breakerFiredAt, now.timeIntervalSince(fired) < sentenceLifetime {
            messages.append(GhostMessage(
                key: "apology:\(Int(fired.timeIntervalSince1970))", kind: .apology, title: "Sorry",
                body: SafetyBreaker.apology))
        }
        if let change = ghost.ghostHealth.lastChange, now.timeIntervalSince(change.at) < sentenceLifetime {
            messages.append(GhostMessage(
                key: "health:\(Int(change.at.timeIntervalSince1970))", kind: .ghostHealth, title: "vigord",
                body: change.sentence, inboxOnly: change.to < change.from))
        }
        if let question = ghost.triage.openQuestion, let block = ghost.block(question.block) {
            let id = block.id.rawValue
            messages.append(GhostMessage(
                key: "triage:\(id)", kind: .triage, title: "Missed your \(label(block.start, ghost)) workout",
                body: triageBody,
                actions: [
                    .init(id: "bad-time", label: "Bad time", command: "vigorctl triage answer \(id) --reason bad-time"),
                    .init(id: "life-happened", label: "Just today", command: "vigorctl triage answer \(id) --reason life-happened"),
                    .init(id: "skip", label: "Skip", command: "vigorctl triage answer \(id) --reason skip"),
                ], block: block.id))
        }
        for block in ghost.blocks where block.end > now {
            let id = block.id.rawValue
            let answers: [GhostMessage.Action] = [
                .init(id: "accept", label: "Yes", command: "vigorctl accept \(id)"),
                .init(id: "decline", label: "No", command: "vigorctl decline \(id)"),
            ]
            if block.status == .proposed, weeklyReceipt == nil || holdQuestion?.covers != block.id {
                messages.append(GhostMessage(
                    key: "proposal:\(id):\(Int(block.start.timeIntervalSince1970))", kind: .proposal,
                    title: "\(label(block.start, ghost)) workout?",
                    body: "\(block.durationMinutes) minutes\(block.currentKind.map { " of " + $0.activity } ?? ""). Yes puts it into your calendar.",
                    actions: answers, block: block.id, startsAt: block.start))
            } else if block.status == .scheduled, let target = block.proposedMove {
                messages.append(GhostMessage(
                    key: "move:\(id):\(Int(target.timeIntervalSince1970))", kind: .proposal,
                    title: "Move \(label(block.start, ghost)) to \(label(target, ghost))?",
                    body: "Something now covers your training. Yes moves it; no keeps it.", actions: answers, block: block.id,
                    startsAt: min(block.start, target)))
            }
        }
        for block in ghost.blocks where block.day == ghost.calendar.day(of: now) {
            guard let change = block.transformation, change.answer == nil else { continue }
            let id = block.id.rawValue
            let title = change.removedBlock ? "Removed today's workout."
                : change.rule == TransformationRule.hrvCrash.rawValue ? "Changed to Recovery Walk." : "Changed to \(block.durationMinutes) minutes."
            let what = change.removedBlock ? "took today's block off" : "made today's session \(block.durationMinutes) minutes"
            messages.append(GhostMessage(
                key: "transformation:\(id):\(Int(change.at.timeIntervalSince1970))", kind: .transformation,
                title: title, body: "From this morning's signals I \(what).",
                actions: [
                    .init(id: "keep", label: "OK", command: "vigorctl keep \(id)"),
                    .init(id: "revert", label: "Revert", command: "vigorctl revert \(id)"),
                ], block: block.id))
        }
        if let weekly = weeklyReceipt {
            let asks = holdQuestion?.asks == true
            var actions: [GhostMessage.Action] = asks ? [.init(id: holdWeekAction, label: "Hold these", command: "vigorctl plan --hold week")] : []
            if let suggestion = sessionsSuggestion {
                actions.append(.init(
                    id: "\(planSessionsAction)-\(suggestion.sessions)", label: "Plan \(suggestion.sessions)", command: "vigorctl plan --sessions \(suggestion.sessions)"))
            }
            let covered = holdQuestion?.covers.flatMap { ghost.block($0) }
            messages.append(GhostMessage(
                key: "weekly:\(weekly.key)", kind: .weeklyReceipt, title: "Your week",
                body: [weekly.text, holdQuestion?.text, sessionsSuggestion?.sentence].compactMap { $0 }.joined(separator: "\n\n"),
                actions: actions, startsAt: covered?.start, inboxOnly: actions.isEmpty))
        }
        if let morning = askCheckIn {
            messages.append(GhostMessage(
                key: "checkin:\(morning)", kind: .checkIn, title: "Slept well?",
                body: "Nothing told me about last night. One tap helps me plan today.",
                actions: [
                    .init(id: "slept-well", label: "Yes", command: "vigorctl checkin --felt good"),
                    .init(id: "slept-badly", label: "Not really", command: "vigorctl checkin --felt tired"),
                ]))
        }
        if let workout = workoutToConfirm(ghost, now: now) {
            messages.append(workoutMessage(workout, ghost))
        }
        return messages.enumerated().sorted { ($0.element.kind, $0.offset) < ($1.element.kind, $1.offset) }.map(\.element)
    }

    /// The id of the weekly receipt's answer that holds the week's likely sessions.
    public static let holdWeekAction = "hold-week"

    /// The id of the weekly receipt's answer that plans the sessions it suggests, before "-" and the count.
    public static let planSessionsAction = "plan-sessions"

    /// The key of a workout confirmation: this prefix and the workout's id.
    public static let workoutKeyPrefix = "workout:"

    /// The workout to confirm (the seed's "45 min logged." with Correct / Wrong): the last one that arrived without a
    /// command (an import, from a device or app), when it counts, ended in the last day and was neither confirmed nor
    /// undone. One message per import: earlier workouts of the same import are not asked about, also after a Wrong.
    /// One the user had logged by hand already (`vigorctl log`) is not asked about: they said so themselves.
    static func workoutToConfirm(_ ghost: Ghost, now: Date) -> RecordedWorkout? {
        guard let workout = ghost.workouts.last(where: { $0.source != nil }),
              workout.counts, workout.confirmed != true, workout.end <= now, now.timeIntervalSince(workout.end) < sentenceLifetime,
              !ghost.workouts.contains(where: { $0.countedAs == workout.id && $0.source == nil })
        else { return nil }
        return workout
    }

    /// "45 min run logged." with Correct (`vigorctl log --confirm`) and Wrong (`vigorctl log --undo`) for that workout.
    static func workoutMessage(_ workout: RecordedWorkout, _ ghost: Ghost) -> GhostMessage {
        let minutes = Int((workout.end.timeIntervalSince(workout.start) / 60).rounded())
        let what = workout.completedBlock.flatMap { ghost.block($0) }.map { "it completes your \(label($0.start, ghost)) block" }
            ?? "it counts as training on your own"
        return GhostMessage(
            key: workoutKeyPrefix + workout.id, kind: .workoutLogged, title: "\(minutes) min \(activityNoun(workout.activity)) logged.",
            body: "From \(workout.source ?? "an import"): \(what).",
            actions: [
                .init(id: "correct", label: "Correct", command: "vigorctl log --confirm --workout \(workout.id)"),
                .init(id: "wrong", label: "Wrong", command: "vigorctl log --undo --workout \(workout.id)"),
            ], block: workout.completedBlock)
    }

    /// "run" for running, "ride" for cycling…, "american football" for americanFootball, "workout" when unknown.
    public static func activityNoun(_ activity: String?) -> String {
        let nouns = ["running": "run", "cycling": "ride", "walking": "walk", "swimming": "swim", "hiking": "hike", "rowing": "row"]
        guard let activity, activity != "other", !activity.isEmpty else { return "workout" }
        if let noun = nouns[activity] { return noun }
        return activity.reduce(into: "") { text, character in
            if character.isUppercase { text += " " }
            text += character.lowercased()
        }
    }

    /// The triage question's body: the seed's card, its two one-tap answers with their subtitles (a desktop button
    /// shows only its title, so the subtitles are written out here).
    public static let triageBody = "Quick question to help me learn:\nBad time — Schedule differently\nJust today — Time was fine"

    private static func label(_ date: Date, _ ghost: Ghost) -> String {
        let local = ghost.calendar.moment(at: date)
        return SlotKey(local).label(minute: local.minute)
    }
}
