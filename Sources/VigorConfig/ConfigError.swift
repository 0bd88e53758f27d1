/// A configuration file that cannot be used, with file, line and key so the user can fix it.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// Dotted key, e.g. `schedule.morning` or `calendar.source[1].path`.
    public var key: String?
    public var message: String

    public init(file: String, line: Int? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    /// `FILE:LINE: key 'K': MESSAGE`, the shape compilers use so editors can jump to it.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if let key { text += "key '\(key)': " }
        return text + message
    }
}
