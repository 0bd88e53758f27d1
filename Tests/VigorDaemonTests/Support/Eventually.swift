/// Waits for `condition` to hold, checking every few milliseconds for at most `seconds`: for something another
/// task or thread does in its own time (an inotify event), never to let time pass.
func eventually(within seconds: Double = 60, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(5))
    }
    return try await condition()
}
