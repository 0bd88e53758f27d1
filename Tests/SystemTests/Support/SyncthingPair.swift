import Foundation
import TestPrograms
#if canImport(Glibc)
import Glibc
#endif

/// Two throw-away Syncthing instances (Debian's `syncthing`) on 127.0.0.1, a "phone" and a "laptop", sharing one
/// folder from the phone (send only) to the laptop (receive only): discovery, relays, NAT, usage reports and upgrades
/// off, each knowing the other's address. Stopped when the value goes.
final class SyncthingPair {
    /// The phone's side of the shared folder: write here.
    let phone: String
    /// The laptop's side: Syncthing lands the phone's files here.
    let laptop: String
    private let folder: String
    private var processes: [ChildProcess] = []

    init(folder: String, executable: String) throws {
        self.folder = folder
        phone = folder + "/phone/Sync"
        laptop = folder + "/laptop/Sync"
        let homes = [folder + "/phone/syncthing", folder + "/laptop/syncthing"]
        var ids: [String] = []
        for home in homes {
            let generated = try runCommand(executable, ["generate", "--home=\(home)", "--no-default-folder"])
            guard generated.status == 0, let line = (generated.stdout + generated.stderr).split(separator: "\n")
                .first(where: { $0.contains("Device ID: ") }) else {
                throw SyncthingError("syncthing generate failed: \(generated.stdout)\(generated.stderr)")
            }
            ids.append(String(line.split(separator: "Device ID: ").last ?? "").trimmingCharacters(in: .whitespaces))
        }
        let ports = [try freeLoopbackPort(), try freeLoopbackPort()]
        for (index, path) in [phone, laptop].enumerated() {
            // The folder marker Syncthing wants before it shares a folder.
            try FileManager.default.createDirectory(atPath: path + "/.stfolder", withIntermediateDirectories: true)
            let other = 1 - index
            try Self.config(
                me: ids[index], other: ids[other], folder: path, type: index == 0 ? "sendonly" : "receiveonly",
                listen: ports[index], otherPort: ports[other]
            ).write(toFile: homes[index] + "/config.xml", atomically: true, encoding: .utf8)
        }
        for home in homes {
            processes.append(try ChildProcess(
                executable: executable,
                arguments: ["serve", "--home=\(home)", "--no-browser", "--no-restart", "--logfile=\(home)/syncthing.log"],
                environment: ["HOME": home, "PATH": "/usr/bin:/bin", "STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1"],
                newProcessGroup: true))
        }
    }

    deinit {
        for process in processes {
            process.signalGroup(SIGKILL)
            process.waitForExit()
        }
    }

    /// Both instances' logs, for a failure's message.
    var log: String {
        ["phone", "laptop"].map { side in
            let path = folder + "/\(side)/syncthing/syncthing.log"
            do {
                return side + ":\n" + (try String(contentsOfFile: path, encoding: .utf8))
            } catch {
                return side + ": (cannot read \(path): \(error))"
            }
        }.joined(separator: "\n")
    }

    private static func config(me: String, other: String, folder: String, type: String, listen: Int, otherPort: Int) -> String {
        """
        <configuration version="36">
            <folder id="health" label="health" path="\(folder)" type="\(type)" rescanIntervalS="3600" fsWatcherEnabled="true" fsWatcherDelayS="1">
                <device id="\(me)"></device>
                <device id="\(other)"></device>
            </folder>
            <device id="\(me)" name="me" compression="metadata"><address>dynamic</address></device>
            <device id="\(other)" name="other" compression="metadata"><address>tcp://127.0.0.1:\(otherPort)</address></device>
            <gui enabled="false" tls="false"><address>127.0.0.1:0</address></gui>
            <options>
                <listenAddress>tcp://127.0.0.1:\(listen)</listenAddress>
                <globalAnnounceEnabled>false</globalAnnounceEnabled>
                <localAnnounceEnabled>false</localAnnounceEnabled>
                <relaysEnabled>false</relaysEnabled>
                <natEnabled>false</natEnabled>
                <startBrowser>false</startBrowser>
                <urAccepted>-1</urAccepted>
                <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                <crashReportingEnabled>false</crashReportingEnabled>
                <reconnectionIntervalS>1</reconnectionIntervalS>
            </options>
        </configuration>

        """
    }
}

struct SyncthingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
