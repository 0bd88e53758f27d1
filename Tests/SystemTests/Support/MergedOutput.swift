import Foundation
import TestPrograms

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program with its standard error merged into its standard output (a long output cannot fill one pipe
/// while the other is read). One that runs past `timeout` seconds (the demo and a dpkg install take minutes) is
/// killed and fails the test.
func runMerged(
    _ path: String, _ arguments: [String], environment: [String: String]? = nil, timeout: Int = 10 * TestDeadline.seconds
) throws -> (status: Int32, output: String) {
    let pipe = Pipe()
    let child = try ChildProcess(
        executable: path, arguments: arguments, environment: environment,
        standardOutput: .descriptor(pipe.fileHandleForWriting.fileDescriptor), standardError: .standardOutput,
        newProcessGroup: true)
    try pipe.fileHandleForWriting.close()
    guard let output = readToEnd(pipe.fileHandleForReading.fileDescriptor, within: timeout) else {
        child.signal(SIGKILL)
        child.waitForExit()
        throw DeadlineMissed("\(path) \(arguments) did not finish within \(timeout) s; killed")
    }
    return (child.waitForExit().status, String(decoding: output, as: UTF8.self))
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
