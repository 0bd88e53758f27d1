import CivilCalendar

/// The closed table of injury words vigord understands and the session kinds each rules out: the kinds that load the
/// injured part hard and often. A rough, cautious table, not medical advice; Docs/engine.md lists it. An injury the
/// user names is read word by word ("left knee" is a knee); a phrase with no word of the table is kept and shown,
/// and reported as not understood, but rules nothing out.
public enum InjuryTable {
    /// The parts of the body the table knows, with the kinds each rules out, in the order Docs/engine.md shows them.
    public static let parts: [(part: String, words: [String], rulesOut: [SessionKind])] = [
        ("knee", ["knee", "knees", "acl", "meniscus", "patella"], [.run, .ride]),
        ("hip", ["hip", "hips", "groin"], [.run, .ride]),
        ("hamstring", ["hamstring", "hamstrings", "shin", "shins", "calf", "calves"], [.run]),
        ("ankle", ["ankle", "ankles", "achilles"], [.run, .walk]),
        ("foot", ["foot", "feet", "heel", "heels", "plantar", "toe", "toes"], [.run, .walk]),
        ("back", ["back", "spine", "lumbar", "disc"], [.strength, .ride]),
        ("neck", ["neck"], [.swim, .ride]),
        ("shoulder", ["shoulder", "shoulders", "rotator"], [.swim, .strength]),
        ("elbow", ["elbow", "elbows"], [.strength]),
        ("wrist", ["wrist", "wrists", "hand", "hands"], [.strength, .mobility]),
    ]

    /// The kinds `injury` rules out (the union over the parts its words name); empty when no word is known.
    public static func rulesOut(_ injury: String) -> Set<SessionKind> {
        let words = Set(injury.lowercased().split { !$0.isLetter }.map(String.init))
        return parts.filter { !words.isDisjoint(with: $0.words) }.reduce(into: []) { $0.formUnion($1.rulesOut) }
    }

    /// True when a word of `injury` is in the table.
    public static func understands(_ injury: String) -> Bool {
        let words = Set(injury.lowercased().split { !$0.isLetter }.map(String.init))
        return parts.contains { !words.isDisjoint(with: $0.words) }
    }
}
