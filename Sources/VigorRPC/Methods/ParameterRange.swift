/// An integer parameter's allowed values and default, kept with its method: vigorctl checks an option against it
/// before it calls, and the handler checks the request against the same range.
public struct ParameterRange: Sendable, Equatable {
    /// The parameter's name on the wire (`minutes`).
    public let name: String
    /// The values allowed, both ends included.
    public let bounds: ClosedRange<Int>
    /// The value when the request leaves the parameter out.
    public let defaultValue: Int

    public init(name: String, bounds: ClosedRange<Int>, defaultValue: Int) {
        self.name = name
        self.bounds = bounds
        self.defaultValue = defaultValue
    }

    /// `between 1 and 240`.
    public var allowed: String { "between \(bounds.lowerBound) and \(bounds.upperBound)" }

    /// True when `value` is allowed.
    public func allows(_ value: Int) -> Bool { bounds.contains(value) }
}
