import CivilCalendar

/// The user's equipment and injuries as `[profile]` stores them, in their own words, and what vigord makes of them:
/// which session kinds they rule out (`InjuryTable`, `EquipmentTable`) and which words it does not understand.
public struct TrainingProfile: Sendable, Equatable {
    /// What the user trains with, e.g. `["dumbbells", "bike"]`.
    public var equipment: [String]
    /// Injuries to keep in mind, e.g. `["left knee"]`.
    public var injuries: [String]

    /// Creates a profile; none by default (every kind that needs no equipment is open).
    public init(equipment: [String] = [], injuries: [String] = []) {
        self.equipment = equipment
        self.injuries = injuries
    }

    /// Why a kind is ruled out.
    public enum Exclusion: Sendable, Equatable, CustomStringConvertible {
        /// An injury, in the user's words, rules it out.
        case injury(String)
        /// The equipment it needs is missing ("bike").
        case equipment(missing: String)
        /// The session is shorter than the kind's shortest (`SessionKind.typicalMinutes`).
        case tooShort(minutes: Int)

        public var description: String {
            switch self {
            case .injury(let injury): "your injury '\(injury)'"
            case .equipment(let missing): "no \(missing) in your equipment"
            case .tooShort(let minutes): "a \(minutes)-minute session is too short for it"
            }
        }
    }

    /// The kinds ruled out for a session of `minutes`, each with every reason, in vocabulary order.
    public func ruledOut(minutes: Int) -> [(kind: SessionKind, why: [Exclusion])] {
        let provided = EquipmentTable.provides(equipment)
        return SessionKind.allCases.compactMap { kind in
            var why = injuries.filter { InjuryTable.rulesOut($0).contains(kind) }.map(Exclusion.injury)
            if let need = EquipmentTable.needs.first(where: { $0.kind == kind }), !provided.contains(kind) {
                why.append(.equipment(missing: need.missing))
            }
            if minutes < kind.typicalMinutes, EquipmentTable.needs.contains(where: { $0.kind == kind }) {
                why.append(.tooShort(minutes: minutes))
            }
            return why.isEmpty ? nil : (kind, why)
        }
    }

    /// Ruled-out kinds in words, those with the same reasons together: "run, ride (your injury 'left knee'); swim (no
    /// pool in your equipment)"; nil when none.
    public static func words(_ ruledOut: [(kind: SessionKind, why: [Exclusion])]) -> String? {
        guard !ruledOut.isEmpty else { return nil }
        var groups: [(why: String, kinds: [SessionKind])] = []
        for (kind, why) in ruledOut {
            let words = why.map(\.description).joined(separator: " and ")
            if let index = groups.firstIndex(where: { $0.why == words }) {
                groups[index].kinds.append(kind)
            } else {
                groups.append((words, [kind]))
            }
        }
        return groups.map { "\($0.kinds.map(\.rawValue).joined(separator: ", ")) (\($0.why))" }.joined(separator: "; ")
    }

    /// The kinds a session of `minutes` may be, in vocabulary order.
    public func fitting(minutes: Int) -> [SessionKind] {
        let out = Set(ruledOut(minutes: minutes).map(\.kind))
        return SessionKind.allCases.filter { !out.contains($0) }
    }

    /// Injuries with no word vigord knows: kept and shown, but they rule nothing out.
    public var unknownInjuries: [String] { injuries.filter { !InjuryTable.understands($0) } }

    /// Equipment with no word vigord knows: kept and shown, but it opens no kind.
    public var unknownEquipment: [String] { equipment.filter { !EquipmentTable.understands($0) } }

    /// One sentence per word not understood, for `--check-config`, setup and `status`.
    public var notUnderstood: [String] {
        unknownInjuries.map {
            "injury '\($0)' is not one vigord understands, so it rules out no session (it knows: "
                + InjuryTable.parts.map(\.part).joined(separator: ", ") + ")"
        } + unknownEquipment.map {
            "equipment '\($0)' is not one vigord understands, so it opens no session (a bike opens rides, a pool swims)"
        }
    }
}
