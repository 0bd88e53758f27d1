extension LocalDay {
    /// Gregorian weekday, 1 = Sunday … 7 = Saturday (`WeekdayName` names it), from the day number alone (no zone, no
    /// DST). 1970-01-01 (ordinal 0) was a Thursday, weekday 5.
    public var weekday: Int {
        ((ordinal % 7 + 7) % 7 + 4) % 7 + 1
    }
}
