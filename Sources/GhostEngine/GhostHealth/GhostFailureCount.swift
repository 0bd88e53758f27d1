import Foundation

/// How often one kind of failure was counted towards the ghost's health mode since it was last healthy, and when last:
/// what `status` names when the ghost is not healthy.
public struct GhostFailureCount: Codable, Sendable, Equatable {
    /// The kind of failure.
    public let kind: GhostFailure
    /// Failures of this kind counted.
    public var count: Int
    /// The first one counted.
    public let firstAt: Date
    /// The last one counted.
    public var lastAt: Date

    /// A first failure of `kind` at `date`.
    public init(kind: GhostFailure, at date: Date) {
        self.kind = kind
        count = 1
        firstAt = date
        lastAt = date
    }
}

extension GhostFailure {
    /// The failure in the user's words, e.g. "a daily cycle failed or ran more than 30 minutes late".
    public var words: String {
        switch self {
        case .missedCycle: "a daily cycle failed or ran more than 30 minutes late"
        case .calendarReadFailed: "an evening could not read a calendar"
        case .calendarWriteFailed: "vigord's calendar could not be written"
        case .staleData: "data went stale (a calendar subscription not refreshed for a day, or no new health data for two days)"
        case .notificationFailed: "a notification could not be delivered"
        case .storageFailed: "vigord's state could not be saved"
        case .healthSourceFailed: "a watched health source could not be read"
        }
    }

    /// What the user can do about it, a command or a place to look.
    public var remedy: String {
        switch self {
        case .missedCycle: "keep vigord running (systemctl --user status vigord; journalctl --user -u vigord says why it stopped)"
        case .calendarReadFailed: "vigorctl sources names the calendar and why it fails"
        case .calendarWriteFailed: "check that vigord's calendar folder ([calendar.output] path, shown by vigorctl config) exists and is writable"
        case .staleData: "vigorctl sources shows each subscription's last good copy; the health data rows of vigorctl status show how old it is (vigorctl import FILE)"
        case .notificationFailed: "check the desktop's notification service, or the [notify] command (vigorctl inbox shows what was said)"
        case .storageFailed: "free disk space where the state database lives (vigorctl status, database)"
        case .healthSourceFailed: "vigorctl sources names the health source and why it fails"
        }
    }
}
