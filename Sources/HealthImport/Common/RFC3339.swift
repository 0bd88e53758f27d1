import CivilCalendar
import Foundation

/// Parses RFC 3339 timestamps as used in JSON Lines and CSV files; the UTC offset is mandatory.
enum RFC3339 {
    /// Why a timestamp was rejected, for the user's message.
    enum Failure: Error, Equatable {
        case malformed
        case missingOffset
    }

    /// "2026-03-22T23:10:00+01:00", "2026-03-22T22:10:00.5Z", "2026-03-22 23:10:00+0100".
    static func parse(_ text: String) -> Result<Date, Failure> {
        var text = text
        return text.withUTF8 { utf8 in parse(UnsafeRawBufferPointer(utf8)) }
    }

    /// The instant in UTC, whole seconds: "2026-03-23T05:40:00Z" (what `parse` reads back).
    static func text(_ date: Date) -> String {
        let (civil, second) = CivilDate.split(unixSeconds: Int(date.timeIntervalSince1970.rounded(.down)))
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(civil.year)-\(two(civil.month))-\(two(civil.day))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<Date, Failure> {
        guard bytes.count >= 19,
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = ByteParsing.number(bytes, 0, 4), let month = ByteParsing.number(bytes, 5, 2),
              let day = ByteParsing.number(bytes, 8, 2), let hour = ByteParsing.number(bytes, 11, 2),
              let minute = ByteParsing.number(bytes, 14, 2), let second = ByteParsing.number(bytes, 17, 2)
        else { return .failure(.malformed) }
        var index = 19
        var fraction = 0.0
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let fractionStart = index
            while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > fractionStart else { return .failure(.malformed) }
        }
        guard index < bytes.count else { return .failure(.missingOffset) }
        let offset: Int
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return .failure(.malformed) }
            offset = 0
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            let rest = bytes.count - index - 1
            let hours: Int?
            let minutes: Int?
            if rest == 5 && bytes[index + 3] == UInt8(ascii: ":") {
                hours = ByteParsing.number(bytes, index + 1, 2)
                minutes = ByteParsing.number(bytes, index + 4, 2)
            } else if rest == 4 {
                hours = ByteParsing.number(bytes, index + 1, 2)
                minutes = ByteParsing.number(bytes, index + 3, 2)
            } else {
                return .failure(.malformed)
            }
            guard let hours, let minutes, minutes < 60 else { return .failure(.malformed) }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return .failure(.malformed)
        }
        guard let date = CivilTime.date(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            fraction: fraction, offsetSeconds: offset)
        else { return .failure(.malformed) }
        return .success(date)
    }
}
