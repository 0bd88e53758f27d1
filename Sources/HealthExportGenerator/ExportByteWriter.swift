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
        let (year, month, day) = Self.civil(fromDays: days)
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

    /// Howard Hinnant's civil_from_days.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
