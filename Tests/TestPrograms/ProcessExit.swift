import CSpawn
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Waits until the process `pid`, which need not be the test's child, has exited, seen through a pidfd (it becomes
/// readable at the exit): true once it has, or when it was gone already; false when it still runs after `seconds`.
public func processExits(_ pid: pid_t, within seconds: Int) -> Bool {
    let pidfd = vigor_pidfd_open(pid)
    guard pidfd >= 0 else { return errno == ESRCH }
    defer { close(pidfd) }
    let deadline = ContinuousClock.now + .seconds(seconds)
    var ready = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
    while true {
        let left = max(0, (deadline - .now) / .milliseconds(1))
        let result = poll(&ready, 1, Int32(left.rounded(.up)))
        if result == -1 && errno == EINTR { continue }
        return result == 1
    }
}
