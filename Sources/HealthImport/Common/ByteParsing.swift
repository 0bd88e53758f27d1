import Foundation

/// Fast parsers for numbers and Apple timestamps straight from bytes of the input buffer.
enum ByteParsing {
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Parses a finite decimal number (optionally signed, optional fraction and exponent); nil otherwise.
    /// Short plain decimals take an exact fast path (Clinger); anything else goes through `Double(String)`.
    static func double(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let count = bytes.count
        guard count > 0, count <= 64 else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawDot = false
        var sawDigit = false
        var simple = true
        while index < count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                sawDigit = true
                if digits < 18 {
                    mantissa = mantissa * 10 + UInt64(byte - 0x30)
                    if mantissa != 0 { digits += 1 }
                    if sawDot { fractionDigits += 1 }
                } else {
                    simple = false
                }
            } else if byte == UInt8(ascii: ".") && !sawDot {
                sawDot = true
            } else {
                simple = false
                break
            }
            index += 1
        }
        if simple && digits <= 15 && fractionDigits <= 22 {
            guard sawDigit else { return nil }
            let value = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        return slowDouble(bytes)
    }

    private static func slowDouble(_ bytes: UnsafeRawBufferPointer) -> Double? {
        for byte in bytes {
            let allowed = (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            guard allowed else { return nil }
        }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// Parses a number held in a String (JSON Lines / CSV fields).
    static func double(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { buffer in double(UnsafeRawBufferPointer(buffer)) }
    }

    /// Parses Apple's "2026-03-22 23:10:00 +0100" (`yyyy-MM-dd HH:mm:ss Z`); nil when it is not exactly that.
    static func appleDate(_ bytes: UnsafeRawBufferPointer) -> Date? {
        guard bytes.count == 25,
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " "),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: " ")
        else { return nil }
        guard let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
              let offsetHours = number(bytes, 21, 2), let offsetMinutes = number(bytes, 23, 2)
        else { return nil }
        let sign = bytes[20]
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), offsetMinutes < 60 else { return nil }
        let offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        return CivilTime.date(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, offsetSeconds: offset)
    }

    /// Reads `length` ASCII digits at `start` as an integer; nil if any is not a digit.
    static func number(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for index in start..<(start + length) {
            let byte = bytes[index]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
