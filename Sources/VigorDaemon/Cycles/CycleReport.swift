import CivilCalendar

/// What running a morning, evening or weekly cycle did: the local day it ran for, whether it ran (not when it had run
/// that day already, or was not due), what it said, and for a morning whether there was anything new to read.
public struct CycleReport: Sendable, Equatable {
    public var kind: CycleKind
    public var localDate: LocalDay
    /// False when nothing was done: the cycle had run that day already, or was not due.
    public var ran: Bool
    public var summary: String
    /// Mornings: false when there was no health data or check-in newer than the morning before; nil for the others.
    public var newHealthData: Bool?
}
