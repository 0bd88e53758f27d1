import VigorConfig

/// Why the daemon cannot start or keep running; each message says what to do.
public enum DaemonError: Error, Sendable, Equatable, CustomStringConvertible {
    case config(ConfigError)
    case socketInUse(path: String)
    case socketPathOccupied(path: String, what: String)
    case socketSetup(path: String, detail: String)
    case socketActivation(String)
    case storage(String)
    case calendar(String)
    case health(String)
    /// Another vigord holds the folder (its state, or the folder of its calendar).
    case folderLocked(folder: String, pid: Int32?, socket: String?)
    case lockFailed(path: String, detail: String)

    public var description: String {
        switch self {
        case .config(let error): "invalid configuration: \(error)"
        case .socketInUse(let path):
            "another vigord is already serving on \(path); stop it first (systemctl --user stop vigord) or choose another --socket"
        case .socketPathOccupied(let path, let what):
            "\(path) exists and is \(what), not a socket; vigord will not replace it. Remove it or choose another --socket"
        case .socketSetup(let path, let detail): "cannot listen on \(path): \(detail)"
        case .socketActivation(let detail): "socket activation failed: \(detail)"
        case .storage(let detail): detail
        case .calendar(let detail): "cannot set up the calendars: \(detail)"
        case .health(let detail): "health drop folder: \(detail)"
        case .folderLocked(let folder, let pid, let socket):
            "another vigord (pid \(pid.map { String($0) } ?? "unknown"), socket \(socket ?? "unknown")) is running on \(folder); "
                + "two daemons would write one database and one calendar. Stop it first (systemctl --user stop vigord) "
                + "or give this one its own --state-dir and [calendar.output] path"
        case .lockFailed(let path, let detail): "cannot lock \(path): \(detail)"
        }
    }
}
