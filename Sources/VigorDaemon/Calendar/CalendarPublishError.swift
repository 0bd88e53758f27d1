/// A decision was saved but vigord's own calendar could not be written (it is written again on the next change or tick).
struct CalendarPublishError: Error, CustomStringConvertible {
    var cause: any Error
    /// True when this write began an episode of failures (the backend counts it toward ghost health, once).
    var beganFailing = false
    var description: String { "the calendar could not be written: \(cause)" }
}
