import Foundation
import VigorRPC

/// The tests' own "now" for the tests that take no instant of their own: `VIGOR_TEST_NOW` (RFC 3339 with an
/// offset, as `Scripts/test-at` sets it) or, unset, Wednesday 2026-11-25 07:10 in Berlin. Never the machine's clock.
enum TestNow {
    static let defaultInstant = "2026-11-25T07:10:00+01:00"

    static var instant: Date {
        get throws {
            let text = ProcessInfo.processInfo.environment["VIGOR_TEST_NOW"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultInstant
            guard let parsed = RPCTimestamp(rfc3339: text) else { throw TestNowError.invalid(text) }
            return parsed.date
        }
    }
}

enum TestNowError: Error, CustomStringConvertible {
    case invalid(String)

    var description: String {
        switch self {
        case .invalid(let text): "VIGOR_TEST_NOW='\(text)' is not an RFC 3339 instant with an offset (e.g. \(TestNow.defaultInstant))"
        }
    }
}
