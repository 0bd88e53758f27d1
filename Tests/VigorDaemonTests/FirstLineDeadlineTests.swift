import Foundation
import TestPrograms
import Testing

/// The read the desktop harness starts its bus and display with: the first line, or a failure at the deadline.
private func started(_ script: String) throws -> (ChildProcess, Pipe) {
    let out = Pipe()
    let process = try ChildProcess(
        executable: "/bin/sh", arguments: ["-c", script], standardOutput: .descriptor(out.fileHandleForWriting.fileDescriptor))
    try out.fileHandleForWriting.close()
    return (process, out)
}

@Test(.removesScratchFolders) func theFirstLineOfAToolThatGotReadyIsReadWhileItKeepsRunning() throws {
    let (process, out) = try started("echo unix:path=/tmp/bus; exec sleep 60")
    defer { process.stop() }
    #expect(try readFirstLine(out.fileHandleForReading.fileDescriptor, within: 60) == "unix:path=/tmp/bus")
}

@Test(.removesScratchFolders) func aToolThatNeverPrintsItsFirstLineFailsAtTheDeadlineInsteadOfHanging() throws {
    let (process, out) = try started("exec sleep 60")
    defer { process.stop() }
    #expect(throws: DeadlineMissed.self) { _ = try readFirstLine(out.fileHandleForReading.fileDescriptor, within: 1) }
}
