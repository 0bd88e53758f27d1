import GhostEngine
import VigorRPC

/// The API's view of sacred time.
enum SacredView {
    /// The standing rules the slot finder applies (Docs/engine.md has the numbers).
    static let rules = [
        "weekend mornings before 09:00",
        "lunch 12:00-13:00 (unless you opt in)",
        "recurring personal events in protected categories",
    ]

    static func list(_ ghost: Ghost) -> SacredListMethod.Result {
        SacredListMethod.Result(slots: ghost.triage.sacredSlots.sorted().map(\.description), rules: rules)
    }
}
