import Foundation
import VigorRPC
import VigorConfig

/// The socket and folders vigord runs with, fixed at start, each with where it came from when that is not the file's
/// own key: `vigorctl config` shows these, so it never names a default folder vigord does not use.
public struct FoldersInForce: Sendable, Equatable {
    /// A path in force and its source in words (`--state-dir`, `default`, …); nil source: the file's key gave it.
    public struct Folder: Sendable, Equatable {
        public var path: String
        public var source: String?

        public init(path: String, source: String?) {
            self.path = path
            self.source = source
        }
    }

    public var socket: Folder
    public var stateDirectory: Folder
    public var calendarOutput: Folder
    public var healthDropFolder: Folder

    public init(socket: Folder, stateDirectory: Folder, calendarOutput: Folder, healthDropFolder: Folder) {
        self.socket = socket
        self.stateDirectory = stateDirectory
        self.calendarOutput = calendarOutput
        self.healthDropFolder = healthDropFolder
    }

    /// The folders `vigord` resolves at start from its flags, its environment and `config`, as `Daemon.run` does.
    /// `systemdSocket`: the path of a socket systemd passed, if any.
    public static func resolve(
        options: DaemonOptions, config: DaemonConfig, environment: [String: String], uid: UInt32, systemdSocket: String?
    ) -> FoldersInForce {
        let socket: Folder
        if let systemdSocket {
            socket = Folder(path: systemdSocket, source: "passed by systemd (socket activation)")
        } else {
            let path = SocketLocation.resolve(explicit: options.socketPath, configured: config.daemon.socket, environment: environment, uid: uid)
            let source: String? = if options.socketPath?.isEmpty == false { "--socket" }
                else if environment[SocketLocation.environmentKey]?.isEmpty == false { "$\(SocketLocation.environmentKey)" }
                else if config.daemon.socket?.isEmpty == false { nil }
                else { "default" }
            socket = Folder(path: path, source: source)
        }
        let chosen = options.stateDirectory ?? config.daemon.stateDir
        let chosenBy = options.stateDirectory != nil ? "--state-dir" : "[\(ConfigKeys.daemon.name)] \(ConfigKeys.stateDir.name)"
        let state: Folder = if let flag = options.stateDirectory { Folder(path: flag, source: "--state-dir") }
            else if let configured = config.daemon.stateDir { Folder(path: configured, source: nil) }
            else {
                Folder(
                    path: ConfigPaths.defaultStateDirectory(environment: environment, uid: uid),
                    source: environment["STATE_DIRECTORY"]?.isEmpty == false ? "$STATE_DIRECTORY (systemd)" : "default")
            }
        func inState(_ configured: String?, _ fallback: String) -> Folder {
            if let configured { return Folder(path: configured, source: nil) }
            return Folder(path: fallback, source: chosen == nil ? "default" : "default: in the state folder \(chosenBy) chose")
        }
        return FoldersInForce(
            socket: socket, stateDirectory: state,
            calendarOutput: inState(
                config.calendar.outputPath,
                ConfigPaths.defaultCalendarOutput(environment: environment, uid: uid, chosenStateDirectory: chosen)),
            healthDropFolder: inState(
                config.health.dropFolderPath,
                ConfigPaths.defaultHealthDropFolder(environment: environment, uid: uid, chosenStateDirectory: chosen)))
    }
}
