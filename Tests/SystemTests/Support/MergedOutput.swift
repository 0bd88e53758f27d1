import Foundation
import TestPrograms

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program with its standard error merged into its standard output (a long output cannot fill one pipe
/// while the other is read), with no signal blocked or ignored: a child Foundation's `Process` starts from a
/// Dispatch worker inherits its blocked SIGTERM, and so would every daemon a script starts (the demo's dbus-daemon,
/// Xvfb, dunst, vigord), which then never stop.
/// One that runs past `timeout` seconds (the demo and a dpkg install take minutes) is killed and fails the test.
func runMerged(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil, timeout: Int = 10 * TestDeadline.seconds
) throws -> (status: Int32, output: String) {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw SpawnError(program: path, code: errno) }
    // Close-on-exec, so a child another test starts meanwhile does not hold the write end open.
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, path, &actions, &attributes, argv, envp)
    close(pipeEnds[1])
    guard spawned == 0 else {
        close(pipeEnds[0])
        throw SpawnError(program: path, code: spawned)
    }
    defer { close(pipeEnds[0]) }
    guard let output = readToEnd(pipeEnds[0], within: timeout) else {
        kill(child, SIGKILL)
        var ignored: Int32 = 0
        while waitpid(child, &ignored, 0) < 0 && errno == EINTR {}
        throw DeadlineMissed("\(path) \(arguments) did not finish within \(timeout) s; killed")
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    let exited = status & 0x7f == 0
    return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), String(decoding: output, as: UTF8.self))
}

/// A program that could not be started.
struct SpawnError: Error, CustomStringConvertible {
    let program: String
    let code: Int32
    var description: String { "cannot start \(program): \(String(cString: strerror(code)))" }
}

/// Every path below `root` (relative, folders ending in `/`) with the content of each file, to compare a tree
/// before and after.
func treeSnapshot(_ root: String) throws -> [String: Data] {
    var snapshot: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: root) else { return snapshot }
    while let relative = walker.nextObject() as? String {
        let path = root + "/" + relative
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        switch attributes[.type] as? FileAttributeType {
        case .typeDirectory?: snapshot[relative + "/"] = Data()
        case .typeSymbolicLink?: snapshot[relative] = Data(try FileManager.default.destinationOfSymbolicLink(atPath: path).utf8)
        default: snapshot[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
    }
    return snapshot
}
