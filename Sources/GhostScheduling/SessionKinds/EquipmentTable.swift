import CivilCalendar

/// The closed table of equipment words vigord understands: a ride needs something to ride, a swim a pool; run,
/// strength (body weight), mobility and walk need nothing. Other known words (weights, a mat …) are what people train
/// with but change no kind. Read word by word, like injuries; a phrase with no known word is reported as not
/// understood. Docs/engine.md lists it.
public enum EquipmentTable {
    /// The kinds that need equipment, the words that provide it, and what is missing, in words.
    public static let needs: [(kind: SessionKind, words: [String], missing: String)] = [
        (.ride, ["bike", "bikes", "bicycle", "trainer", "turbo", "gym"], "bike"),
        (.swim, ["pool", "swimming"], "pool"),
    ]

    /// Words of equipment that change no kind but are understood.
    public static let otherWords: Set<String> = [
        "dumbbell", "dumbbells", "kettlebell", "kettlebells", "barbell", "weights", "band", "bands", "bench", "rack",
        "mat", "treadmill", "rower", "rowing", "bar", "rings", "shoes", "none",
    ]

    /// The kinds whose equipment `equipment` provides.
    public static func provides(_ equipment: [String]) -> Set<SessionKind> {
        let words = Set(equipment.flatMap { $0.lowercased().split { !$0.isLetter }.map(String.init) })
        return Set(needs.filter { !words.isDisjoint(with: $0.words) }.map(\.kind))
    }

    /// True when a word of `item` is in the table.
    public static func understands(_ item: String) -> Bool {
        let words = Set(item.lowercased().split { !$0.isLetter }.map(String.init))
        return !words.isDisjoint(with: otherWords) || needs.contains { !words.isDisjoint(with: $0.words) }
    }
}
