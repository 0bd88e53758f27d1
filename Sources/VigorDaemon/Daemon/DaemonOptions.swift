/// What the command line may override; everything else comes from the configuration file.
public struct DaemonOptions: Sendable {
    public var configPath: String?
    public var socketPath: String?
    public var stateDirectory: String?

    public init(configPath: String? = nil, socketPath: String? = nil, stateDirectory: String? = nil) {
        self.configPath = configPath
        self.socketPath = socketPath
        self.stateDirectory = stateDirectory
    }
}

/// vigord's exit codes (sysexits.h), chosen so systemd's RestartPreventExitStatus= can tell a
/// problem a restart will not fix from a crash.
public enum DaemonExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    case socketUnavailable = 69
    /// An output file cannot be written (`--write-timer-drop-ins`).
    case cannotWrite = 73
    case storage = 74
    /// Another vigord runs on the same state folder or calendar folder (EX_TEMPFAIL: it may be gone later).
    case alreadyRunning = 75
    case config = 78
}
