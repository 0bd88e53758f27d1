import Foundation

extension PopulationProfiles {
    /// The shipped default profiles, as `Fixtures/population/profiles.json` spells them (a test keeps the two equal).
    public static let standardJSON = #"""
    {
      "startDate": "2026-03-02",
      "timeZone": "Europe/Berlin",
      "config": "",
      "calendars": [
        {"kind": "light", "weight": 2, "historyDays": 90},
        {"kind": "office", "weight": 4, "historyDays": 90},
        {"kind": "onCall", "weight": 1, "historyDays": 90},
        {"kind": "shift", "weight": 1, "historyDays": 90},
        {"kind": "parent", "weight": 2, "historyDays": 90},
        {"kind": "traveller", "weight": 1, "historyDays": 90}
      ],
      "attendance": [
        {"name": "steady", "weight": 5, "completion": {"rate": 1}},
        {"name": "fading", "weight": 3, "completion": {"rate": 0.4,
          "periods": [{"fromDay": 1, "toDay": 14, "rate": 1}, {"fromDay": 15, "toDay": 28, "rate": 0.7}]}},
        {"name": "lapse and return", "weight": 2, "completion": {"rate": 1,
          "periods": [{"fromDay": 22, "toDay": 35, "rate": 0}]}}
      ],
      "wearables": [
        {"name": "watch, phone sync", "weight": 4, "workoutReports": "detected", "coverage": {"min": 0.8, "max": 1},
          "delivery": {"kind": "phoneSync", "everyHours": {"min": 1, "max": 6}}},
        {"name": "watch, plugged in", "weight": 1, "workoutReports": "detected", "coverage": {"min": 0.8, "max": 1},
          "delivery": {"kind": "watchPlug", "everyDays": {"min": 2, "max": 7}}},
        {"name": "ring", "weight": 2, "workoutReports": "detected", "coverage": {"min": 0.6, "max": 0.9},
          "delivery": {"kind": "phoneSync", "everyHours": {"min": 1, "max": 6}}},
        {"name": "none", "weight": 3, "workoutReports": "logged", "coverage": {"min": 0, "max": 0}}
      ],
      "checkIns": [
        {"name": "daily", "weight": 2, "rate": 0.9},
        {"name": "sometimes", "weight": 3, "rate": 0.3},
        {"name": "never", "weight": 5, "rate": 0}
      ],
      "answering": [
        {"name": "responsive", "weight": 5, "answerRate": 1, "acceptRate": 0.85, "triageAnswerRate": 0.7, "deleteRate": 0},
        {"name": "ignores notifications", "weight": 3, "answerRate": 0.2, "acceptRate": 0.85, "triageAnswerRate": 0, "deleteRate": 0},
        {"name": "deletes blocks", "weight": 2, "answerRate": 1, "acceptRate": 0.6, "triageAnswerRate": 0.3, "deleteRate": 0.15}
      ],
      "lifeEvents": {"illnessWeek": 0.15, "travelWeek": 0.2, "crashDay": 0.1},
      "failures": {"unreadableCalendarDay": 0.01, "failedNotification": 0.02, "staleHealthStretch": 0.05},
      "model": {"name": "central",
        "habitHours": [{"hour": 7, "weight": 3}, {"hour": 12, "weight": 1}, {"hour": 18, "weight": 4}, {"hour": 20, "weight": 2}],
        "habitByWeekday": [0.3, 0.3, 0.3, 0.3, 0.2, 0.35, 0.35],
        "response": {"accepted": 0.75, "written": 0.6, "perHourFromHabit": 0.15, "farFromHabit": 0.4,
                     "busyDay": 0.75, "busyDayHours": 9, "shortNight": 0.75, "shortNightMinutes": 360},
        "shortNightChance": 0.15,
        "retention": {"questionsPerWeek": 7, "naggingWeeks": 2, "ignoredPerWeek": 3, "daysWithoutValue": 21}}
    }

    """#

    /// The shipped default profiles.
    /// - Throws: `ScenarioError` only if `standardJSON` were broken (a test reads it).
    public static func standard() throws(ScenarioError) -> PopulationProfiles {
        try load(from: Data(standardJSON.utf8))
    }
}
