import CivilCalendar
import Testing
import GhostEngine

struct CheckInQuestionTests {
    let today = LocalDay(year: 2026, month: 11, day: 24)

    func ask(hour: Int = 7, ranToday: Bool = true, ranBefore: Bool = true, checkedIn: Bool = false, night: Bool = false) -> LocalDay? {
        CheckInQuestion.morning(
            today: today, hour: hour, morningCycleRanToday: ranToday, cycleRanBeforeToday: ranBefore, checkedInToday: checkedIn,
            deviceRecordsNights: night)
    }

    @Test func aMorningNothingToldAboutAsksSleptWell() {
        #expect(ask() == today)
    }

    @Test func aNightADeviceRecordedAsksNoCheckIn() {
        #expect(ask(night: true) == nil)
    }

    @Test func aUserWhoCheckedInAlreadyIsNotAsked() {
        #expect(ask(checkedIn: true) == nil)
    }

    @Test func theQuestionWaitsForTheMorningCycleAndEndsAtNoon() {
        #expect(ask(ranToday: false) == nil)
        #expect(ask(hour: 11) == today)
        #expect(ask(hour: 12) == nil)
    }

    @Test func theFirstDayVigordPlansAsksNothing() {
        #expect(ask(ranBefore: false) == nil)
    }
}
