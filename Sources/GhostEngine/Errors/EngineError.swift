/// A failure the engine reports for bad input, with a stable code and a human message.
/// The daemon maps it to JSON-RPC errors at its boundary.
public enum EngineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The time-zone identifier is not a known IANA zone.
    case unknownTimeZone(String)
    /// A local date/time could not be formed.
    case invalidLocalTime(String)
    /// An event referred to a block the engine does not know.
    case unknownBlock(BlockID)
    /// An event referred to a block in a state where it cannot apply.
    case blockNotInExpectedState(BlockID, expected: String, actual: String)
    /// A number was outside its allowed range.
    case valueOutOfRange(name: String, value: Double, allowed: String)
    /// No triage question is open for the block.
    case noOpenTriageQuestion(BlockID)
    /// A rule in the configuration cannot work (for example a window of zero days).
    case invalidRule(name: String, problem: String)
    /// There is no counted workout (with that id) left to undo.
    case noWorkoutToUndo(String?)
    /// There is no counted workout with that id to confirm.
    case noWorkoutToConfirm(String)

    /// Stable machine-readable code.
    public var code: String {
        switch self {
        case .unknownTimeZone: "unknown-time-zone"
        case .invalidLocalTime: "invalid-local-time"
        case .unknownBlock: "unknown-block"
        case .blockNotInExpectedState: "block-state"
        case .valueOutOfRange: "value-out-of-range"
        case .noOpenTriageQuestion: "no-open-triage-question"
        case .invalidRule: "invalid-rule"
        case .noWorkoutToUndo: "no-workout-to-undo"
        case .noWorkoutToConfirm: "no-workout-to-confirm"
        }
    }

    /// One sentence for people.
    public var message: String {
        switch self {
        case .unknownTimeZone(let identifier):
            "The time zone '\(identifier)' is not known; use an IANA name such as Europe/Berlin."
        case .invalidLocalTime(let text):
            "'\(text)' is not a valid local date and time."
        case .unknownBlock(let id):
            "No block with id '\(id.rawValue)' is known to the engine."
        case .blockNotInExpectedState(let id, let expected, let actual):
            "\(id.rawValue) is \(actual), not \(expected)."
        case .valueOutOfRange(let name, let value, let allowed):
            "\(name) is \(value), but must be in \(allowed)."
        case .noOpenTriageQuestion(let id):
            "There is no open question about block '\(id.rawValue)'."
        case .invalidRule(let name, let problem):
            "The rule '\(name)' \(problem)."
        case .noWorkoutToUndo(let id):
            id.map { "No counted workout '\($0)' is left to undo." } ?? "There is no counted workout left to undo."
        case .noWorkoutToConfirm(let id):
            "No counted workout '\(id)' is left to confirm."
        }
    }

    public var description: String { message }
}
