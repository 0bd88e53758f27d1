import Foundation
import Synchronization
import TestPrograms
import Testing
@testable import ICalendarKit

/// vigord's busy time against an independent implementation (python icalendar + recurring-ical-events) over
/// every calendar in Fixtures/ and a seeded corpus of generated calendars, a year each. A disagreement fails
/// unless the reference, with the deliberate deviations of Docs/calendars.md applied, gives vigord's answer.
///
/// `VIGOR_CORPUS_SIZE` changes the corpus size (default 2 000), `VIGOR_CORPUS_SEED` its seed, and
/// `VIGOR_DIFFERENTIAL_KEEP=DIR` keeps the generated files, the manifest and both answers in DIR.
@Suite(.removesScratchFolders, .serialized) struct DifferentialTests {
    static let referenceMissing = "python icalendar and recurring-ical-events are not installed; run Scripts/install-test-tools"

    @Test(.enabled(if: ReferenceBusy.python != nil || ExternalTool.required, Comment(rawValue: referenceMissing)))
    func everyFixtureCalendarAgreesWithTheReference() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        let root = Fixture.packageRoot.appendingPathComponent("Fixtures")
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".ics") }.sorted()
        #expect(files.count >= 20, "found \(files.count) fixture calendars")
        // Every file over every year its events may touch, a year at a time.
        let calendars = files.flatMap { file in
            (2016...2027).map { year in
                ComparedCalendar(id: "\(file) \(year)", path: root.appendingPathComponent(file).path, zone: "Europe/Berlin",
                                 from: Self.newYear(year), to: Self.newYear(year + 1), allDay: .free,
                                 addresses: ["ana.lopez@gmail.com"])
            }
        }
        let summary = try Self.compare(calendars, in: directory)
        print("differential, fixtures: \(summary)")
        #expect(summary.unexplained.isEmpty, "\(summary.unexplained.joined(separator: "\n"))")
    }

    @Test(.enabled(if: ReferenceBusy.python != nil || ExternalTool.required, Comment(rawValue: referenceMissing)))
    func everyGeneratedCalendarAgreesWithTheReference() throws {
        let environment = ProcessInfo.processInfo.environment
        let keep = environment["VIGOR_DIFFERENTIAL_KEEP"]
        let directory: URL
        if let keep {
            try FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            directory = URL(fileURLWithPath: keep)
        } else {
            directory = try temporaryDirectory()
        }
        defer { if keep == nil { removeDirectory(directory) } }
        let count = environment["VIGOR_CORPUS_SIZE"].flatMap { Int($0) } ?? 2_000
        let seed = environment["VIGOR_CORPUS_SEED"].flatMap { UInt64($0) } ?? 20_261_124
        var calendars: [ComparedCalendar] = []
        for entry in CalendarCorpus.generate(count: count, seed: seed) {
            let path = directory.appendingPathComponent(entry.name + ".ics").path
            try entry.text.write(toFile: path, atomically: false, encoding: .utf8)
            calendars.append(ComparedCalendar(id: entry.name, path: path, zone: entry.zone, from: Self.newYear(entry.year),
                                              to: Self.newYear(entry.year + 1), allDay: entry.allDay,
                                              addresses: [CalendarCorpus.user]))
        }
        let summary = try Self.compare(calendars, in: directory, keep: keep != nil)
        print("differential, \(count) generated calendars (seed \(seed)): \(summary)")
        #expect(summary.compared == count)
        #expect(summary.unexplained.isEmpty, "\(summary.unexplained.joined(separator: "\n"))")
    }

    @Test(.enabled(if: ReferenceBusy.python != nil || ExternalTool.required, Comment(rawValue: referenceMissing)))
    func everyDeviationTheReferenceAppliesIsListedInTheDocs() throws {
        let directory = try temporaryDirectory()
        defer { removeDirectory(directory) }
        let known = try ReferenceBusy.readings(for: [], in: directory).deviations
        let listed = try DeviationTable.ids()
        #expect(!known.isEmpty)
        #expect(Set(known) == Set(listed), "reference_busy.py applies \(known.sorted()); Docs/calendars.md lists \(listed.sorted())")
    }

    /// 1 January of `year`, 00:00 UTC, in Unix seconds.
    static func newYear(_ year: Int) -> Int {
        WallDateTime(year: year, month: 1, day: 1, hour: 0, minute: 0, second: 0, isDate: false).naiveSeconds
    }

    /// The outcome of one differential run.
    struct Summary: CustomStringConvertible {
        var compared = 0
        var agreed = 0
        /// Calendars where vigord matched the reference only with deviations applied, by deviation.
        var explained: [String: Int] = [:]
        var explainedCalendars = 0
        var unexplained: [String] = []

        var description: String {
            let reasons = explained.keys.sorted().map { "\($0) \(explained[$0] ?? 0)" }.joined(separator: ", ")
            return "\(compared) compared, \(agreed) agree, \(explainedCalendars) differ as documented (\(reasons)), "
                + "\(unexplained.count) unexplained"
        }
    }

    static func compare(_ calendars: [ComparedCalendar], in directory: URL, keep: Bool = false) throws -> Summary {
        let reference = try ReferenceBusy.readings(for: calendars, in: directory).readings
        let answers = Mutex<[String: Result<BusyAnswer, CalendarError>]>([:])
        DispatchQueue.concurrentPerform(iterations: calendars.count) { index in
            let answer = Result { () throws(CalendarError) in try BusyAnswer.vigord(calendars[index]) }
            answers.withLock { $0[calendars[index].id] = answer }
        }
        let vigord = answers.withLock { $0 }
        var summary = Summary()
        for calendar in calendars {
            summary.compared += 1
            guard let reading = reference[calendar.id], let answer = vigord[calendar.id] else {
                summary.unexplained.append("\(calendar.id): no answer")
                continue
            }
            let mine: BusyAnswer
            switch answer {
            case .success(let value): mine = value
            case .failure(let error):
                summary.unexplained.append("\(calendar.id): vigord failed: \(error)")
                continue
            }
            if mine.agrees(with: reading.reference) {
                summary.agreed += 1
            } else if !reading.applied.isEmpty, mine.agrees(with: reading.adjusted) {
                summary.explainedCalendars += 1
                for deviation in reading.applied { summary.explained[deviation, default: 0] += 1 }
            } else {
                summary.unexplained.append(Self.difference(calendar, mine: mine, reading: reading))
            }
        }
        if keep {
            let read = vigord.compactMapValues { answer -> BusyAnswer? in
                if case .success(let value) = answer { value } else { nil }
            }
            try JSONEncoder().encode(read).write(to: directory.appendingPathComponent("vigord.json"))
        }
        return summary
    }

    /// What differs, for a failure message: each side's error or the first intervals only one side has.
    private static func difference(_ calendar: ComparedCalendar, mine: BusyAnswer, reading: ReferenceBusy.Reading) -> String {
        let theirs = reading.applied.isEmpty ? reading.reference : reading.adjusted
        let mineSet = Set(mine.intervals)
        let theirSet = Set(theirs.intervals)
        let show = { (intervals: Set<[Int]>) in
            intervals.sorted { $0.lexicographicallyPrecedes($1) }.prefix(3).map { interval in
                interval.map { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval($0))) }.joined(separator: "–")
            }.joined(separator: ", ")
        }
        return "\(calendar.id) (zone \(calendar.zone), all_day \(calendar.allDay.rawValue)): "
            + "vigord \(mine.error ?? "read it"), reference \(theirs.error ?? "read it") (deviations applied: \(reading.applied)); "
            + "only vigord: [\(show(mineSet.subtracting(theirSet)))]; only the reference: [\(show(theirSet.subtracting(mineSet)))]"
    }
}
