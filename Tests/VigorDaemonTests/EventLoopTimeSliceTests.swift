import CLinuxScheduling
import Foundation
import Logging
import NIOPosix
import Testing

@testable import VigorDaemon

/// The kernel release as (major, minor), from uname.
private func kernelRelease() -> (Int, Int)? {
    var names = utsname()
    uname(&names)
    let release = withUnsafeBytes(of: &names.release) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    let parts = release.split(separator: ".").prefix(2).compactMap { Int($0.prefix { $0.isNumber }) }
    return parts.count == 2 ? (parts[0], parts[1]) : nil
}

private let kernelHasCustomSlices = kernelRelease().map { $0 >= (6, 12) } ?? false

@Test(.enabled(if: kernelHasCustomSlices, "custom time slices need Linux 6.12 or later"))
func eventLoopsAskForAShortTimeSlice() async throws {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
    defer { group.shutdownGracefully { _ in } }
    EventLoopTimeSlice.request(on: group, logger: Logger(label: "test"))
    for loop in group.makeIterator() {
        let slice = try await loop.submit { vigor_time_slice() }.get()
        #expect(slice == Int64(EventLoopTimeSlice.nanoseconds))
    }
    // Threads outside the group keep the kernel's default.
    #expect(vigor_time_slice() != Int64(EventLoopTimeSlice.nanoseconds))
}
