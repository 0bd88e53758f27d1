import Foundation
import Testing

import CivilCalendar
@testable import VigorRPC

@Test func parsesEveryKindOfValue() throws {
    let value = try JSONParser.parse(Data(#" {"a":[1,-2,3.5,1e3,true,false,null],"b":"x\"y\\z\/\n\u00e9\ud83d\ude00","c":{}} "#.utf8))
    #expect(value == [
        "a": [.integer(1), .integer(-2), .double(3.5), .double(1000), true, false, .null],
        "b": .string("x\"y\\z/\né😀"),
        "c": .object([:]),
    ])
}

@Test func agreesWithFoundationOnTheSameDocument() throws {
    let text = #"{"jsonrpc":"2.0","method":"status","params":{"list":[1,2,{"deep":"é"}],"n":-0.25},"id":"x"}"#
    #expect(try JSONParser.parse(Data(text.utf8)) == (try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))))
}

@Test func largeIntegersBecomeDoubles() throws {
    #expect(try JSONParser.parse(Data("9223372036854775807".utf8)) == .integer(Int64.max))
    #expect(try JSONParser.parse(Data("9223372036854775808".utf8)) == .double(9_223_372_036_854_775_808))
}

@Test func rejectsWhatRFC8259Rejects() {
    for text in ["", "{", "[1,]", "{\"a\" 1}", "01", "1.", ".5", "-", "tru", "\"\\x\"", "\"a\nb\"", "[1] x", "{'a':1}", "\"\\ud800\"", "NaN"] {
        #expect(throws: JSONParser.Failure.self, "\(text.debugDescription) must be rejected") {
            try JSONParser.parse(Data(text.utf8))
        }
    }
}

@Test func rejectsInvalidUTF8() {
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Data([0x22, 0xFF, 0x22])) }
}

@Test func deepNestingIsRefusedNotACrash() {
    let deep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Data(deep.utf8)) }
    let allowed = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
    #expect(throws: Never.self) { try JSONParser.parse(Data(allowed.utf8)) }
}

@Test func civilDateRoundTripsAcrossCenturies() {
    for days in stride(from: -800_000, through: 800_000, by: 997) {
        #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
    }
    let leap = CivilDate(daysSinceEpoch: 19_782)
    #expect(leap == CivilDate(year: 2024, month: 2, day: 29))
    #expect(CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
}
