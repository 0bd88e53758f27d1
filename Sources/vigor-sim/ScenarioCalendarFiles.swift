import ICalendarKit
import Foundation
import GhostScheduling
import GhostSimulation
import CalendarPlanning

/// A scenario's calendars read by the real calendar module, as vigord reads `[[calendar.source]]` files: ICS text in
/// the scenario is written to a private folder first; a path is relative to the scenario file.
final class ScenarioCalendarFiles: ScenarioCalendars {
    private let service: CalendarService
    /// The folder holding the scenario's ICS text, removed by `remove()`.
    let folder: URL
    /// Each calendar's name and the path of its file, as a `[[calendar.source]]` of vigord would name them.
    let sources: [(name: String, path: String)]

    /// Prepares the sources of `scenario`, read from `scenarioFile`.
    /// - Throws: `ScenarioFileError` when a file cannot be written or the zone is unknown.
    init(scenario: Scenario, scenarioFile: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vigor-sim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let base = URL(fileURLWithPath: scenarioFile).deletingLastPathComponent()
        var sources: [CalendarSourceConfig] = []
        for (index, source) in scenario.calendars.enumerated() {
            let path: String
            if let ics = source.ics {
                let file = folder.appendingPathComponent("\(index).ics")
                try Data(ics.utf8).write(to: file)
                path = file.path
            } else {
                path = URL(fileURLWithPath: source.path ?? "", relativeTo: base).standardizedFileURL.path
            }
            sources.append(CalendarSourceConfig(name: source.name, location: .file(path)))
        }
        self.sources = sources.compactMap { source in
            if case .file(let path) = source.location { (source.name, path) } else { nil }
        }
        service = try CalendarService(sources: sources, settings: CalendarSettings(timeZone: scenario.timeZone))
    }

    /// Adds the calendars' busy time, unknown days, personal events and travel evidence for the picture's days; a
    /// failed read leaves the picture's calendars unreadable, as in vigord.
    func add(to picture: inout WeekPicture) {
        do {
            let from = try picture.calendar.startOfDay(picture.firstDay)
            let to = try picture.calendar.startOfDay(picture.firstDay.adding(days: picture.days))
            CalendarPicture.add(busy: try service.busy(from: from, to: to), events: service.events(from: from, to: to), home: nil, to: &picture)
        } catch {
            picture.calendarFailure = "\(error)"
        }
    }

    /// Removes the folder of the scenario's ICS text.
    func remove() throws {
        try FileManager.default.removeItem(at: folder)
    }
}
