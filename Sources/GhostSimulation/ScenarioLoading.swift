import CivilCalendar
import Foundation
import GhostEngine

extension Scenario {
    /// Decodes and validates a scenario from JSON.
    /// - Throws: `ScenarioError` naming the JSON key path of the first problem found.
    public static func load(from data: Data) throws(ScenarioError) -> Scenario {
        let scenario: Scenario
        do {
            scenario = try JSONDecoder().decode(Scenario.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw ScenarioError(path: "", message: "not valid JSON (\(syntaxProblem(in: data)))")
        } catch let error as DecodingError {
            throw ScenarioError(decoding: error)
        } catch {
            throw ScenarioError(path: "", message: "could not read the scenario: \(error)")
        }
        try scenario.validate()
        return scenario
    }

    /// Where the JSON syntax breaks, as Foundation's parser describes it.
    private static func syntaxProblem(in data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data)
            return "the top level must be an object"
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        }
    }

    /// Checks every value is in range and every day number inside the scenario.
    /// - Throws: `ScenarioError` naming the key path of the first problem.
    public func validate() throws(ScenarioError) {
        guard !name.isEmpty else { throw ScenarioError(path: "name", message: "must not be empty") }
        guard LocalDay(iso: startDate) != nil else {
            throw ScenarioError(path: "startDate", message: "'\(startDate)' is not a date in YYYY-MM-DD form")
        }
        guard (1...3650).contains(days) else { throw ScenarioError(path: "days", message: "must be 1…3650, is \(days)") }
        guard TimeZone(identifier: timeZone) != nil else {
            throw ScenarioError(path: "timeZone", message: "'\(timeZone)' is not a known IANA time zone")
        }
        var names: Set<String> = []
        for (index, source) in calendars.enumerated() {
            guard !source.name.isEmpty, names.insert(source.name).inserted else {
                throw ScenarioError(path: "calendars[\(index)].name", message: "must be a name no other calendar has")
            }
            guard (source.path == nil) != (source.ics == nil) else {
                throw ScenarioError(path: "calendars[\(index)]", message: "needs either path or ics")
            }
        }
        for (index, busyTime) in busy.enumerated() {
            for (dayIndex, weekday) in busyTime.weekdays.enumerated() {
                try Self.check("busy[\(index)].weekdays[\(dayIndex)]", weekday, 1...7)
            }
            try Self.check("busy[\(index)].fromHour", busyTime.fromHour, 0...23)
            try Self.check("busy[\(index)].toHour", busyTime.toHour, busyTime.fromHour...24)
        }
        try ScenarioError.checkChance("completion.rate", completion.rate)
        try behaviour?.validate("behaviour")
        try retention?.validate("retention")
        if let setupHour { try Self.check("setupHour", setupHour, 0...23) }
        for (index, period) in completion.periods.enumerated() {
            try Self.check("completion.periods[\(index)].fromDay", period.fromDay, 1...days)
            try Self.check("completion.periods[\(index)].toDay", period.toDay, period.fromDay...days)
            try ScenarioError.checkChance("completion.periods[\(index)].rate", period.rate)
        }
        try ScenarioError.checkChance("acceptRate", acceptRate)
        try ScenarioError.checkChance("checkInRate", checkInRate)
        try ScenarioError.checkChance("answerRate", answerRate)
        for (index, day) in crashDays.enumerated() { try Self.check("crashDays[\(index)]", day, 1...days) }
        for (index, day) in notificationFailureDays.enumerated() { try Self.check("notificationFailureDays[\(index)]", day, 1...days) }
        for (index, day) in staleHealthDays.enumerated() { try Self.check("staleHealthDays[\(index)]", day, 1...days) }
        try Self.check("historyDays", historyDays, 0...90)
        for (index, day) in deletionDays.enumerated() { try Self.check("deletionDays[\(index)]", day, 1...days) }
        for (index, day) in travelDays.enumerated() { try Self.check("travelDays[\(index)]", day, 1...days) }
        for (index, day) in unknownDays.enumerated() { try Self.check("unknownDays[\(index)]", day, 1...days) }
        for (index, day) in revertDays.enumerated() { try Self.check("revertDays[\(index)]", day, 1...days) }
        for (index, signal) in morningSignals.enumerated() {
            try Self.check("morningSignals[\(index)].day", signal.day, 1...days)
            try Self.check("morningSignals[\(index)].sleepMinutes", signal.sleepMinutes ?? 0, 0...1440)
        }
        try ScenarioError.checkChance("triage.answerRate", triage.answerRate)
        for (index, answer) in triage.byDay.enumerated() { try Self.check("triage.byDay[\(index)].day", answer.day, 1...days) }
        try healthDelivery.validate("healthDelivery")
        try ScenarioError.checkChance("healthSignals.coverage.min", healthSignals.coverage.min)
        try ScenarioError.checkChance("healthSignals.coverage.max", healthSignals.coverage.max)
        guard healthSignals.coverage.min <= healthSignals.coverage.max else {
            throw ScenarioError(path: "healthSignals.coverage", message: "min must not exceed max")
        }
        for (index, change) in manualPhaseChanges.enumerated() {
            try Self.check("manualPhaseChanges[\(index)].day", change.day, 1...days)
        }
        for (index, change) in meetingChanges.enumerated() {
            try Self.check("meetingChanges[\(index)].day", change.day, 1...days)
            try Self.check("meetingChanges[\(index)].fromHour", change.fromHour, 0...23)
            try Self.check("meetingChanges[\(index)].toHour", change.toHour, (change.fromHour + 1)...24)
        }
    }

    private static func check(_ path: String, _ value: Int, _ range: ClosedRange<Int>) throws(ScenarioError) {
        guard range.contains(value) else {
            throw ScenarioError(path: path, message: "must be \(range.lowerBound)…\(range.upperBound), is \(value)")
        }
    }
}

extension ScenarioError {
    /// Translates a decoding failure into the key path and a short message.
    init(decoding error: DecodingError) {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce(into: "") { text, key in
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: path(context.codingPath + [key]), message: "is missing")
        case .typeMismatch(let type, let context):
            let message = context.codingPath.isEmpty ? "the scenario must be a JSON object" : "expected \(type)"
            self.init(path: path(context.codingPath), message: message)
        case .valueNotFound(let type, let context):
            self.init(path: path(context.codingPath), message: "expected \(type), found null")
        case .dataCorrupted(let context):
            self.init(path: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            self.init(path: "", message: "\(error)")
        }
    }
}
