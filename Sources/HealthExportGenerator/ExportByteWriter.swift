import CivilCalendar

/// Appends XML text, integers, fixed-point decimals and Apple timestamps to a byte buffer without Foundation formatting.
struct ExportByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func text(_ string: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount))
    }

    mutating func text(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    mutating func int(_ value: Int, width: Int = 1) {
        var value = value
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            value = -value
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0 || count < width
            for index in stride(from: count - 1, through: 0, by: -1) {
                bytes.append(buffer[index])
            }
        }
    }

    /// `units / 10^decimals` written with exactly `decimals` fraction digits, e.g. (48123, 3) → "48.123".
    mutating func fixed(_ units: Int, decimals: Int) {
        guard decimals > 0 else { return int(units) }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        if units < 0 { bytes.append(UInt8(ascii: "-")) }
        int(abs(units) / scale)
        bytes.append(UInt8(ascii: "."))
        int(abs(units) % scale, width: decimals)
    }

    /// Apple's "2026-03-22 23:10:00 +0100" for a UTC instant shown at `offsetMinutes`.
    mutating func appleDate(_ epochSeconds: Int, offsetMinutes: Int) {
        let local = epochSeconds + offsetMinutes * 60
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        let date = CivilDate(daysSinceEpoch: days)
        let (year, month, day) = (date.year, date.month, date.day)
        int(year, width: 4)
        bytes.append(UInt8(ascii: "-"))
        int(month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        int(day, width: 2)
        bytes.append(UInt8(ascii: " "))
        int(secondOfDay / 3600, width: 2)
        bytes.append(UInt8(ascii: ":"))
        int(secondOfDay / 60 % 60, width: 2)
        bytes.append(UInt8(ascii: ":"))
        int(secondOfDay % 60, width: 2)
        bytes.append(UInt8(ascii: " "))
        bytes.append(offsetMinutes < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        int(abs(offsetMinutes) / 60, width: 2)
        int(abs(offsetMinutes) % 60, width: 2)
    }
}
