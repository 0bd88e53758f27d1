import Foundation

/// Something in a file that could not be used as written; the rest of the file still counts.
struct ParseIssue: Sendable, Hashable, CustomStringConvertible {
    /// The file the issue is in.
    var file: String
    /// 1-based line of the component, when known.
    var line: Int?
    /// The component, e.g. "VEVENT UID=abc".
    var component: String?
    /// What went wrong and what was done about it.
    var message: String

    var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let component { text += " (\(component))" }
        return text + ": " + message
    }
}
