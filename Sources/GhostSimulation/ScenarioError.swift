import GhostEngine

/// Why a scenario could not be used: where (a JSON key path such as `completion.periods[0].rate`) and what.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// JSON key path of the offending value; empty for the document as a whole.
    public let path: String
    /// What is wrong, in words.
    public let message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }
}

extension ScenarioError {
    /// Checks that `value` at `path` is a chance: a finite number from 0 to 1.
    /// - Throws: `ScenarioError` naming `path` otherwise.
    static func checkChance(_ path: String, _ value: Double) throws(ScenarioError) {
        guard value.isFinite, (0...1).contains(value) else { throw ScenarioError(path: path, message: "must be 0…1, is \(value)") }
    }
}
