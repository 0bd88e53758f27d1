import Foundation
import TestPrograms
import Testing

private let analyzeTool = Binaries.tool("systemd-analyze")
private let unitsFolder = Repository.path("systemd")

@Test(.removesScratchFolders, .enabled(if: TestTools.runnable(["systemd-analyze"]), "systemd-analyze is not installed (apt-get install systemd)"))
func systemUnitsVerifyWithoutAnyWarning() throws {
    let (_, units) = try stageUnits("system")
    #expect(units.count == 8)
    let result = try runCommand(analyzeTool ?? "", ["verify"] + units)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "systemd-analyze verify warned:\n\(result.stderr)")
}

@Test(.removesScratchFolders, .enabled(if: TestTools.runnable(["systemd-analyze"]), "systemd-analyze is not installed (apt-get install systemd)"))
func userUnitsVerifyWithoutAnyWarning() throws {
    let (folder, units) = try stageUnits("user")
    let runtime = folder + "/runtime"
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_RUNTIME_DIR"] = runtime
    let result = try runCommand(analyzeTool ?? "", ["--user", "verify"] + units, environment: environment)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "systemd-analyze --user verify warned:\n\(result.stderr)")
}

@Test(.removesScratchFolders, .enabled(if: TestTools.runnable(["systemd-analyze"]), "systemd-analyze is not installed (apt-get install systemd)"))
func systemServiceExposureIsAtMostTwo() throws {
    let result = try runCommand(analyzeTool ?? "", ["security", "--offline=true", unitsFolder + "/system/vigord.service"])
    let line = try #require(result.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") })
    let score = try #require(line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) })
    #expect(score <= 2.0, "\(line)")
}

@Test(.removesScratchFolders) func unitsUseNotifyWatchdogAndSocketActivation() throws {
    for set in ["system", "user"] {
        let service = try String(contentsOfFile: unitsFolder + "/\(set)/vigord.service", encoding: .utf8)
        let socket = try String(contentsOfFile: unitsFolder + "/\(set)/vigord.socket", encoding: .utf8)
        #expect(service.contains("Type=notify"))
        #expect(service.contains("WatchdogSec="))
        #expect(service.contains("Restart=on-failure"))
        #expect(service.contains("Requires=vigord.socket"))
        #expect(socket.contains("SocketMode=0600"))
        #expect(socket.contains("DirectoryMode=0700"))
    }
}

@Test(.removesScratchFolders) func bothServicesBoundTheDaemonsMemory() throws {
    for set in ["system", "user"] {
        let service = try String(contentsOfFile: unitsFolder + "/\(set)/vigord.service", encoding: .utf8)
        let megabytes = { (key: String) -> Int? in
            service.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { line -> Int? in
                let value = line.dropFirst(key.count + 1)
                if value.hasSuffix("G") { return Int(value.dropLast()).map { $0 * 1024 } }
                if value.hasSuffix("M") { return Int(value.dropLast()) }
                return nil
            }
        }
        let high = try #require(megabytes("MemoryHigh"), "\(set)/vigord.service has no MemoryHigh= in M or G")
        let max = try #require(megabytes("MemoryMax"), "\(set)/vigord.service has no MemoryMax= in M or G")
        #expect(high >= 256 && max > high)
    }
}

@Test(.removesScratchFolders) func cycleTimersArePersistentAndMatchTheDefaultTimes() throws {
    for set in ["system", "user"] {
        for (kind, time) in [("morning", "06:00"), ("evening", "21:00")] {
            let timer = try String(contentsOfFile: unitsFolder + "/\(set)/vigor-\(kind).timer", encoding: .utf8)
            #expect(timer.contains("Persistent=true"))
            #expect(timer.contains("OnCalendar=*-*-* \(time):00"))
            let service = try String(contentsOfFile: unitsFolder + "/\(set)/vigor-\(kind).service", encoding: .utf8)
            #expect(service.contains("vigorctl cycle \(kind)"))
        }
    }
}

@Test(.removesScratchFolders, .enabled(if: TestTools.runnable(["systemd-analyze"]), "systemd-analyze is not installed (apt-get install systemd)"))
func theUnitsSystemCallFilterAllowsAServiceAndNoPriorityOrResourceChange() throws {
    for set in ["system", "user"] {
        let allowed = try allowedSystemCalls(inUnit: unitsFolder + "/\(set)/vigord.service")
        // read stands for @system-service; vigord never changes a thread's priority (Nice= in a drop-in does).
        let refused = ["read", "sched_yield"].filter { !allowed.contains($0) }
        let permitted = ["setpriority", "sched_setscheduler", "setrlimit", "sched_setattr", "reboot"].filter { allowed.contains($0) }
        #expect(refused.isEmpty, "\(set)/vigord.service forbids \(refused)")
        #expect(permitted.isEmpty, "\(set)/vigord.service allows \(permitted)")
    }
}

/// The system calls a unit's `SystemCallFilter=` lines allow, read in systemd's order: the first line
/// that is an allow list sets the calls, a `~` line takes some away, a later allow line gives some back.
private func allowedSystemCalls(inUnit path: String) throws -> Set<String> {
    var allowed: Set<String> = []
    for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    where line.hasPrefix("SystemCallFilter=") {
        var value = line.dropFirst("SystemCallFilter=".count)
        let denies = value.hasPrefix("~")
        if denies { value = value.dropFirst() }
        var calls: Set<String> = []
        for item in value.split(separator: " ") { calls.formUnion(try systemCalls(named: String(item))) }
        if denies { allowed.subtract(calls) } else { allowed.formUnion(calls) }
    }
    return allowed
}

/// A system call's name as itself, or the calls of a `@group` as systemd-analyze lists them, nested
/// groups included.
private func systemCalls(named item: String) throws -> Set<String> {
    guard item.hasPrefix("@") else { return [item] }
    let result = try runCommand(analyzeTool ?? "", ["syscall-filter", item])
    guard result.status == 0 else {
        throw UnitFilterError(message: "systemd-analyze does not know the group \(item): \(result.stderr)")
    }
    var calls: Set<String> = []
    for line in result.stdout.split(separator: "\n").dropFirst() {
        let entry = line.trimmingCharacters(in: .whitespaces)
        if entry.isEmpty || entry.hasPrefix("#") { continue }
        calls.formUnion(try systemCalls(named: entry))
    }
    return calls
}

private struct UnitFilterError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
