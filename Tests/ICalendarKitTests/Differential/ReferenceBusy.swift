import Foundation
import Testing

/// The independent implementation: python icalendar + recurring-ical-events (PyPI) through
/// `reference_busy.py`, one process for a whole list of calendars.
enum ReferenceBusy {
    /// A python that imports both libraries: $VIGOR_TEST_PYTHON, else Scripts/install-test-tools' venv.
    static let python: String? = {
        let candidates = [ProcessInfo.processInfo.environment["VIGOR_TEST_PYTHON"],
                          (ProcessInfo.processInfo.environment["VIGOR_TEST_VENV"] ?? "/tmp/vigor-test-venv") + "/bin/python3"]
        for case let candidate? in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            do {
                if try ExternalTool.run(candidate, ["-c", "import icalendar, recurring_ical_events"]).status == 0 { return candidate }
            } catch {
                print("cannot run \(candidate): \(error)")
            }
        }
        return nil
    }()

    static let script = Fixture.packageRoot.appendingPathComponent("Tests/ICalendarKitTests/Differential/reference_busy.py").path

    /// The reference's reading of one calendar: as the library reads it, and with the deliberate deviations
    /// (Docs/calendars.md) applied, naming those that changed the answer.
    struct Reading: Sendable, Decodable {
        var id: String
        var reference: BusyAnswer
        var adjusted: BusyAnswer
        var applied: [String]
    }

    private struct Manifest: Encodable {
        struct Entry: Encodable {
            var id: String
            var path: String
            var zone: String
            var from: Int
            var to: Int
            var allDay: String
            var addresses: [String]
        }

        var calendars: [Entry]
        /// TZIDs the library does not know, and the zone each means (Windows display names).
        var zoneNames: [String: String]
    }

    private struct Answers: Decodable {
        var deviations: [String]
        var results: [Reading]
    }

    /// The reference's reading of every calendar, by id, and the ids of every deviation it knows;
    /// throws when the process fails.
    static func readings(for calendars: [ComparedCalendar], in directory: URL) throws -> (readings: [String: Reading], deviations: [String]) {
        let python = try #require(python)
        let manifest = Manifest(calendars: calendars.map {
            Manifest.Entry(id: $0.id, path: $0.path, zone: $0.zone, from: $0.from, to: $0.to, allDay: $0.allDay.rawValue,
                           addresses: $0.addresses)
        }, zoneNames: Dictionary(CalendarCorpus.displayNames.map { ($0.tzid, $0.iana) }, uniquingKeysWith: { first, _ in first }))
        let manifestURL = directory.appendingPathComponent("manifest.json")
        let answerURL = directory.appendingPathComponent("answers.json")
        try JSONEncoder().encode(manifest).write(to: manifestURL)
        let run = try ExternalTool.run(python, [script, manifestURL.path, answerURL.path])
        guard run.status == 0 else {
            throw ReferenceFailure(message: "reference_busy.py exited \(run.status): \(run.stderr)")
        }
        let answers = try JSONDecoder().decode(Answers.self, from: Data(contentsOf: answerURL))
        return (Dictionary(answers.results.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }), answers.deviations)
    }

    struct ReferenceFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
