import CivilCalendar
import Foundation
import GhostEngine

/// A morning self-report as the morning rules read it: the night's sleep in minutes and how the user feels.
/// It stands in for a device, at lower weight: reported sleep is used only when no device recorded the night.
public struct CheckInReport: Sendable, Equatable {
    /// The morning it was given for.
    public let day: LocalDay
    /// Reported sleep of the night before `day`, minutes.
    public let sleptMinutes: Int?
    public let felt: Feeling?
    public let recordedAt: Date

    /// Creates a report.
    public init(day: LocalDay, sleptMinutes: Int?, felt: Feeling?, recordedAt: Date) {
        self.day = day
        self.sleptMinutes = sleptMinutes
        self.felt = felt
        self.recordedAt = recordedAt
    }
}
