import Foundation
@testable import HealthImport
import TestPrograms
import Testing

@Suite(.removesScratchFolders) struct ParsingTests {
    private func apple(_ text: String) -> Date? {
        Array(text.utf8).withUnsafeBytes { ByteParsing.appleDate($0) }
    }

    @Test func appleDateHonoursTheOffset() {
        #expect(apple("2026-03-22 23:10:00 +0100") == instant("2026-03-22T22:10:00Z"))
        #expect(apple("2026-03-22 23:10:00 -0530") == instant("2026-03-23T04:40:00Z"))
        #expect(apple("2024-02-29 00:00:00 +0000") == instant("2024-02-29T00:00:00Z"))
    }

    @Test func appleDateRejectsOtherShapes() {
        #expect(apple("2026-03-22T23:10:00+01:00") == nil)
        #expect(apple("2026-13-22 23:10:00 +0100") == nil)
        #expect(apple("2025-02-29 23:10:00 +0100") == nil)
        #expect(apple("2026-03-22 24:10:00 +0100") == nil)
    }

    @Test func numbersParseExactlyOrNotAtAll() {
        func number(_ text: String) -> Double? { Array(text.utf8).withUnsafeBytes { ByteParsing.double($0) } }
        #expect(number("48.5") == 48.5)
        #expect(number("-5") == -5)
        #expect(number("0.052") == 0.052)
        #expect(number("1.5e2") == 150)
        #expect(number("123456789012345678901") == 123456789012345678901.0)
        #expect(number("abc") == nil)
        #expect(number("") == nil)
        #expect(number(".") == nil)
        #expect(number("1.2.3") == nil)
        #expect(number("nan") == nil)
    }

    @Test func rfc3339RequiresAnOffset() throws {
        #expect(try RFC3339.parse("2026-03-22T23:10:00+01:00").get() == instant("2026-03-22T22:10:00Z"))
        #expect(try RFC3339.parse("2026-03-22T22:10:00Z").get() == instant("2026-03-22T22:10:00Z"))
        #expect(throws: RFC3339.Failure.missingOffset) { try RFC3339.parse("2026-03-22T23:10:00").get() }
        #expect(throws: RFC3339.Failure.malformed) { try RFC3339.parse("22/03/2026 23:10").get() }
    }
}
