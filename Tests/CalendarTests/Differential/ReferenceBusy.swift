import Foundation
import Testing
@testable import Calendar

/// One calendar of a differential run: the file and how it is read (the same settings on both sides).
struct ComparedCalendar: Sendable {
    var id: String
    var path: String
    /// The configured zone: floating times and all-day dates.
    var zone: String
    /// The window, Unix seconds.
    var from: Int
    var to: Int
    var allDay: CalendarSourceConfig.AllDayPolicy
    var addresses: [String]
}

/// What one implementation says about one calendar.
struct BusyAnswer: Sendable, Equatable {
    struct Instance: Sendable, Hashable {
        /// SUMMARY (what `CalendarService.events` lists; the generated calendars give each event its own).
        var summary: String
        var start: Int
        var end: Int
        var busy: Bool
    }

    /// Nil when the calendar was read; else why it was refused.
    var error: String?
    /// Merged busy intervals [start, end), clipped to the window.
    var intervals: [[Int]]
    /// Every expanded occurrence overlapping the window.
    var instances: [Instance]
}

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

    static let script = Fixture.packageRoot.appendingPathComponent("Tests/CalendarTests/Differential/reference_busy.py").path

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
    }

    private struct Answers: Decodable {
        struct Result: Decodable {
            var id: String
            var reference: Answer
            var adjusted: Answer
            var applied: [String]
        }

        struct Answer: Decodable {
            var error: String?
            var intervals: [[Int]]
            var instances: [[Instance]]

            var busyAnswer: BusyAnswer {
                BusyAnswer(error: error, intervals: intervals, instances: instances.compactMap { item in
                    guard item.count == 4, case .text(let summary) = item[0], case .number(let start) = item[1],
                          case .number(let end) = item[2], case .flag(let busy) = item[3] else { return nil }
                    return BusyAnswer.Instance(summary: summary, start: start, end: end, busy: busy)
                })
            }
        }

        /// One `[summary, start, end, busy]` item.
        enum Instance: Decodable {
            case text(String)
            case number(Int)
            case flag(Bool)

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let flag = try? container.decode(Bool.self) {
                    self = .flag(flag)
                } else if let number = try? container.decode(Int.self) {
                    self = .number(number)
                } else {
                    self = .text(try container.decode(String.self))
                }
            }
        }

        var deviations: [String]
        var results: [Result]
    }

    /// The reference's reading of one calendar: as the library reads it, and with the deliberate deviations
    /// (Docs/calendars.md) applied, naming those that changed anything.
    struct Reading: Sendable {
        var reference: BusyAnswer
        var adjusted: BusyAnswer
        var applied: [String]
    }

    /// The reference's reading of every calendar, by id, and the ids of every deviation it knows;
    /// throws when the process fails.
    static func readings(for calendars: [ComparedCalendar], in directory: URL) throws -> (readings: [String: Reading], deviations: [String]) {
        let python = try #require(python)
        let manifest = Manifest(calendars: calendars.map {
            Manifest.Entry(id: $0.id, path: $0.path, zone: $0.zone, from: $0.from, to: $0.to, allDay: $0.allDay.rawValue,
                           addresses: $0.addresses)
        })
        let manifestURL = directory.appendingPathComponent("manifest.json")
        let answerURL = directory.appendingPathComponent("answers.json")
        try JSONEncoder().encode(manifest).write(to: manifestURL)
        let run = try ExternalTool.run(python, [script, manifestURL.path, answerURL.path])
        guard run.status == 0 else {
            throw ReferenceFailure(message: "reference_busy.py exited \(run.status): \(run.stderr)")
        }
        let decoded = try JSONDecoder().decode(Answers.self, from: Data(contentsOf: answerURL))
        var byID: [String: Reading] = [:]
        for result in decoded.results {
            byID[result.id] = Reading(reference: result.reference.busyAnswer, adjusted: result.adjusted.busyAnswer,
                                      applied: result.applied)
        }
        return (byID, decoded.deviations)
    }

    struct ReferenceFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

/// vigord's answer for the same calendar, in process: `CalendarService.busy` (what `calendar.busy` serves)
/// and `events` for the instances.
enum VigordBusy {
    static func answer(for calendar: ComparedCalendar) throws(CalendarError) -> BusyAnswer {
        let config = CalendarSourceConfig(name: "compared", location: .file(calendar.path), allDay: calendar.allDay,
                                          userAddresses: calendar.addresses)
        let service = try CalendarService(sources: [config], settings: CalendarSettings(timeZone: calendar.zone))
        let from = Date(timeIntervalSince1970: TimeInterval(calendar.from))
        let to = Date(timeIntervalSince1970: TimeInterval(calendar.to))
        let busy = try service.busy(from: from, to: to)
        guard let status = busy.sources.first, status.ok else {
            return BusyAnswer(error: busy.sources.first?.error ?? "no status", intervals: [], instances: [])
        }
        let intervals = busy.intervals.map { [Int($0.start.timeIntervalSince1970), Int($0.end.timeIntervalSince1970)] }
        var seen: Set<BusyAnswer.Instance> = []
        var instances: [BusyAnswer.Instance] = []
        for event in service.events(from: from, to: to) {
            let instance = BusyAnswer.Instance(summary: event.summary, start: Int(event.start.timeIntervalSince1970),
                                               end: Int(event.end.timeIntervalSince1970), busy: event.isBusy)
            if seen.insert(instance).inserted { instances.append(instance) }
        }
        instances.sort { ($0.start, $0.end, $0.summary) < ($1.start, $1.end, $1.summary) }
        return BusyAnswer(error: nil, intervals: intervals, instances: instances)
    }
}
