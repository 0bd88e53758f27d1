import CLibical

extension WallDateTime {
    /// The wall time a libical time reads (its zone, if any, ignored).
    init(ical time: icaltimetype) {
        self.init(year: Int(time.year), month: Int(time.month), day: Int(time.day), hour: Int(time.hour),
                  minute: Int(time.minute), second: Int(time.second), isDate: time.is_date != 0)
    }

    /// The same wall time as a libical time with no zone, which libical's rule iterator works on.
    var floatingICalTime: icaltimetype {
        var time = icaltime_null_time()
        let fields = fields
        time.year = Int32(fields.year)
        time.month = Int32(fields.month)
        time.day = Int32(fields.day)
        time.hour = Int32(fields.hour)
        time.minute = Int32(fields.minute)
        time.second = Int32(fields.second)
        time.is_date = isDate ? 1 : 0
        time.zone = nil
        return time
    }
}
