/// A decision was saved but vigord's own calendar could not be written (it is written again on the next change or tick).
struct CalendarPublishError: Error, CustomStringConvertible {
    var cause: any Error
    var description: String { "the calendar could not be written: \(cause)" }
}
