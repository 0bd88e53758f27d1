import CivilCalendar
import GhostEngine

/// Which kind a planned session is: one the user's injuries, equipment and session length leave open
/// (`TrainingProfile.fitting`), a walk only when nothing else is; not the kind of the day before when another fits;
/// of those, the kind the week around it (the seven days before) has least; ties in vocabulary order. Pure: the
/// evening plan calls it for the daemon and the simulator alike. The rule is in Docs/engine.md.
public struct SessionKindChoice: Sendable, Equatable {
    /// The chosen kind; nil when every kind is ruled out.
    public var kind: SessionKind?
    /// The kinds ruled out and why, in vocabulary order.
    public var ruledOut: [(kind: SessionKind, why: [TrainingProfile.Exclusion])]

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.ruledOut.map(\.kind) == rhs.ruledOut.map(\.kind)
            && lhs.ruledOut.map(\.why) == rhs.ruledOut.map(\.why)
    }

    /// Days back the variety rule counts kinds over.
    public static let varietyDays = 7

    /// Chooses the kind of a `minutes`-long session on `day`, given the kinds of the other sessions by day.
    public static func choose(
        on day: LocalDay, minutes: Int, profile: TrainingProfile, sessions: [LocalDay: SessionKind]
    ) -> SessionKindChoice {
        let ruledOut = profile.ruledOut(minutes: minutes)
        let fitting = profile.fitting(minutes: minutes)
        let training = fitting.filter { $0 != .walk }
        let open = training.isEmpty ? fitting : training
        let yesterday = sessions[day.adding(days: -1)]
        let varied = open.filter { $0 != yesterday }
        let candidates = varied.isEmpty ? open : varied
        let recent = (1...varietyDays).compactMap { sessions[day.adding(days: -$0)] }
        let kind = candidates.min { first, second in
            recent.filter { $0 == first }.count < recent.filter { $0 == second }.count
        }
        return SessionKindChoice(kind: kind, ruledOut: ruledOut)
    }

    /// The kinds of the Ghost's sessions by day: every block with a kind that was not declined, removed or expired.
    public static func sessions(of ghost: Ghost) -> [LocalDay: SessionKind] {
        var kinds: [LocalDay: SessionKind] = [:]
        for block in ghost.blocks where ![.declined, .removed, .expired].contains(block.status) {
            if let kind = block.kind { kinds[block.day] = kind }
        }
        return kinds
    }

    /// What was ruled out, in words: "run, ride (your injury 'left knee'); swim (no pool in your equipment)".
    public var ruledOutWords: String? { TrainingProfile.words(ruledOut) }

    /// What the injuries ruled out, in words: "run, ride (your injury 'left knee')"; nil when they ruled out nothing.
    public var ruledOutByInjury: String? {
        TrainingProfile.words(ruledOut.compactMap { kind, why in
            let injuries = why.filter { if case .injury = $0 { true } else { false } }
            return injuries.isEmpty ? nil : (kind, injuries)
        })
    }

    /// Receipt inputs: the kind (or `none`), what was ruled out when something was (`ruledOut`, every reason), and
    /// what the injuries ruled out (`injuryRuledOut`), which the block's description repeats.
    public var receiptInputs: [ReceiptInput] {
        [ReceiptInput("sessionKind", kind?.rawValue ?? "none")]
            + (ruledOutWords.map { [ReceiptInput("ruledOut", $0)] } ?? [])
            + (ruledOutByInjury.map { [ReceiptInput("injuryRuledOut", $0)] } ?? [])
    }
}
