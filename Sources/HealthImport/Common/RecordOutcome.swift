import CivilCalendar
/// What became of one input record: delivered, ignored (a type vigord does not use) or skipped (bad).
enum RecordOutcome {
    case record(HealthSample)
    case ignored
    case skipped(HealthSkipReason, String)
}
