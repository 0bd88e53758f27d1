import CivilCalendar
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An instant shown in a given zone as RFC 3339 with its offset, e.g. `2026-11-22T07:30:00+01:00`.
/// Stored as UTC; the offset only tells the reader the wall time where the user is.
public struct RPCTimestamp: Sendable, Hashable, Codable, CustomStringConvertible {
    public let date: Date
    /// Offset from UTC in seconds at `date`, as written on the wire.
    public let offsetSeconds: Int

    public init(_ date: Date, in zone: TimeZone) {
        self.date = date
        self.offsetSeconds = zone.secondsFromGMT(for: date)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = RPCTimestamp(rfc3339: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an RFC 3339 time with an offset")
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)`; nil for anything else.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 116,
            bytes[13] == 58, bytes[16] == 58,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == 46 {
            var scale = 0.1
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case 90, 122:
            guard index + 1 == bytes.count else { return nil }
        case 43, 45:
            guard index + 6 == bytes.count, bytes[index + 3] == 58,
                let offsetHours = number(index + 1..<index + 3), let offsetMinutes = number(index + 4..<index + 6)
            else { return nil }
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == 45 ? -1 : 1)
        default:
            return nil
        }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let civil = CivilDate(year: year, month: month, day: day)
        guard CivilDate(daysSinceEpoch: civil.daysSinceEpoch) == civil else { return nil }
        let wall = civil.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        self.date = Date(timeIntervalSince1970: Double(wall - offset) + fraction)
        self.offsetSeconds = offset
    }

    /// The RFC 3339 text, with `Z` for a zero offset and whole seconds unless a fraction is present.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(29)
        write(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `description`'s UTF-8 to `bytes`.
    private func write(into bytes: inout [UInt8]) {
        // Rounded to the millisecond first, so 0.9996 s past a second is written as the next second, not the last.
        let wallMillis = Int(((date.timeIntervalSince1970 + Double(offsetSeconds)) * 1000).rounded())
        let whole = wallMillis >= 0 ? wallMillis / 1000 : -((-wallMillis + 999) / 1000)
        let millis = wallMillis - whole * 1000
        let (civil, secondOfDay) = CivilDate.split(unixSeconds: whole)
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            if rest >= divisor * 10 {
                bytes.append(contentsOf: String(value).utf8)
                return
            }
            while divisor > 0 {
                bytes.append(UInt8(48 + rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        if civil.year < 0 {
            bytes.append(contentsOf: String(civil.year).utf8)
        } else {
            digits(civil.year, 4)
        }
        bytes.append(UInt8(ascii: "-"))
        digits(civil.month, 2)
        bytes.append(UInt8(ascii: "-"))
        digits(civil.day, 2)
        bytes.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 3600 / 60, 2)
        bytes.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2)
        if millis > 0 {
            bytes.append(UInt8(ascii: "."))
            digits(millis, 3)
        }
        if offsetSeconds == 0 {
            bytes.append(UInt8(ascii: "Z"))
            return
        }
        bytes.append(offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let magnitude = abs(offsetSeconds)
        digits(magnitude / 3600, 2)
        bytes.append(UInt8(ascii: ":"))
        digits((magnitude % 3600) / 60, 2)
    }
}
