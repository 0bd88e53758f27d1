import CivilCalendar
import Foundation
import Testing

@Test func aTimeOfDayReadsTwentyFourHourTimesWithOneDigitOfHourOrTwo() {
    #expect(TimeOfDay(parsing: "07:05") == TimeOfDay(hour: 7, minute: 5))
    #expect(TimeOfDay(parsing: "23:59")?.minuteOfDay == 1439)
    #expect(TimeOfDay(parsing: "24:00") == nil)
    #expect(TimeOfDay(parsing: "7:05") == TimeOfDay(hour: 7, minute: 5))
    #expect(TimeOfDay(parsing: "7:5") == nil)
    #expect(TimeOfDay(parsing: "007:05") == nil)
    #expect(TimeOfDay(parsing: "07:60") == nil)
    #expect(TimeOfDay(hour: 7, minute: 5).description == "07:05")
    #expect(!TimeOfDay(hour: 24).isValid)
}

@Test func aWindowMustStartBeforeItEnds() {
    #expect(TimeWindow(parsing: "07:00-09:00") == TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 9)))
    #expect(TimeWindow(parsing: "09:00-09:00") == nil)
    #expect(TimeWindow(parsing: "07:00") == nil)
    #expect(TimeWindow(parsing: "07:00-09:00")?.description == "07:00-09:00")
}

@Test func timesAndWindowsKeepTheirScenarioJSONShape() throws {
    let window = TimeWindow(from: TimeOfDay(hour: 7), to: TimeOfDay(hour: 8, minute: 30))
    let text = #"{"from":{"hour":7,"minute":0},"to":{"hour":8,"minute":30}}"#
    #expect(try JSONDecoder().decode(TimeWindow.self, from: Data(text.utf8)) == window)
}

@Test func aWordOutsideTheVocabularyIsADecodingErrorThatNamesTheWords() throws {
    #expect(try JSONDecoder().decode([Feeling].self, from: Data(#"["tired","good"]"#.utf8)) == [.tired, .good])
    #expect(try JSONEncoder().encode(CycleKind.weekly) == Data(#""weekly""#.utf8))
    do {
        _ = try JSONDecoder().decode(Feeling.self, from: Data(#""great""#.utf8))
        Issue.record("'great' decoded as a feeling")
    } catch DecodingError.dataCorrupted(let context) {
        #expect(context.debugDescription == "must be one of tired, ok, good; got 'great'")
    }
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(HealthKind.self, from: Data(#""Sleep""#.utf8)) }
}
