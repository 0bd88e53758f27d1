import Foundation
import TestPrograms
import Testing
@testable import ICalendarKit

/// Real khal and python icalendar read what VdirWriter wrote.
@Suite(.removesScratchFolders) struct ExternalToolTests {
    @Test(.enabled(if: ExternalTool.khal != nil || ExternalTool.required, "khal is not installed; Scripts/bootstrap installs it"))
    func khalListsTheWrittenBlocks() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout, focus]))
        // 06:30Z is 07:30 CET; 08:00Z is 09:00 CET.
        #expect(try khalList(sandbox) == [
            "2026-11-23 07:30 2026-11-23 08:15 Run, 45 min [vigor]",
            "2026-11-24 09:00 2026-11-24 11:00 Focus: thesis; chapter 2 [vigor]",
        ])
    }

    @Test(.enabled(if: ExternalTool.khal != nil || ExternalTool.required, "khal is not installed; Scripts/bootstrap installs it"))
    func aTentativeProposalShowsInKhalAndIsBusyForNoReader() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        var proposal = workout
        proposal.title = "Proposed: Training"
        proposal.tentative = true
        _ = try sandbox.writer.reconcile(.loaded([proposal]))
        #expect(try khalList(sandbox) == ["2026-11-23 07:30 2026-11-23 08:15 Proposed: Training [vigor]"])
        let text = try String(contentsOfFile: sandbox.writer.collectionPath + "/" + VdirWriter.fileName(forUID: proposal.uid), encoding: .utf8)
        #expect(text.contains("STATUS:TENTATIVE\r\n") && text.contains("TRANSP:TRANSPARENT\r\n"))
        // A second vigord (or any busy-time reader) that reads this calendar finds no busy time in it.
        let reader = try service(.vdir(sandbox.writer.collectionPath), zone: "Europe/Berlin")
        let busy = try reader.busy(from: utc("2026-11-23T00:00Z"), to: utc("2026-11-24T00:00Z"))
        #expect(busy.sources.allSatisfy { $0.ok })
        #expect(busy.intervals.isEmpty)
    }

    /// What `khal list` prints for the sandbox's collection, 2026-11-23 to 2026-11-26 in Berlin.
    private func khalList(_ sandbox: WriterSandbox) throws -> [String] {
        let config = sandbox.root.appendingPathComponent("khal.conf")
        try """
            [calendars]
            [[vigor]]
            path = \(sandbox.writer.collectionPath)
            type = calendar
            [sqlite]
            path = \(sandbox.root.appendingPathComponent("khal.db").path)
            [locale]
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            local_timezone = Europe/Berlin
            default_timezone = Europe/Berlin
            [default]
            default_calendar = vigor

            """.write(to: config, atomically: true, encoding: .utf8)
        let environment = ["HOME": sandbox.root.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"]
        let khal = try #require(ExternalTool.khal)
        let output = try ExternalTool.run(khal, ["-c", config.path, "list", "--day-format", "",
                                                 "--format", "{start} {end} {title} [{calendar}]",
                                                 "2026-11-23", "2026-11-26"], environment: environment)
        #expect(output.status == 0, "khal failed: \(output.stderr)")
        return output.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test(.enabled(if: ExternalTool.pythonWithICalendar != nil || ExternalTool.required,
                   "python icalendar is not installed; run Scripts/install-test-tools"))
    func pythonICalendarParsesEveryWrittenFile() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        var blocks = [workout, focus]
        blocks.append(VigorBlock(id: "long-ünïcode-block", kind: "errand", state: "planned",
                                 title: "Pick up the parcel at the Packstation, then café with Jörg",
                                 start: utc("2026-11-26T15:00Z"), end: utc("2026-11-26T16:00Z"),
                                 reason: String(repeating: "Errand block; the parcel shop closes at 18:00, ", count: 4),
                                 identity: CalendarIdentity(uid: "vigor-long-ünïcode-block@vigord", created: utc("2026-11-20T20:00Z"))))
        _ = try sandbox.writer.reconcile(.loaded(blocks))
        let script = """
            import sys, pathlib, icalendar
            files = sorted(pathlib.Path(sys.argv[1]).glob('*.ics'))
            for path in files:
                cal = icalendar.Calendar.from_ical(path.read_bytes())
                events = [c for c in cal.walk('VEVENT')]
                assert len(events) == 1, path
                event = events[0]
                assert str(event['X-VIGOR-OWNER']) == 'vigord', path
                assert str(event['TRANSP']) == 'OPAQUE', path
                assert event['DTSTART'].dt < event['DTEND'].dt, path
                assert event['DTSTAMP'].dt == event['LAST-MODIFIED'].dt >= event['CREATED'].dt, path
                categories = ','.join(str(c) for c in event['CATEGORIES'].cats) if 'CATEGORIES' in event else '-'
                alarms = ['%s %s' % (a['ACTION'], a['TRIGGER'].dt) for a in event.walk('VALARM')]
                print(event['UID'], event['DTSTART'].dt.isoformat(), event['SUMMARY'], 'sequence', int(event['SEQUENCE']),
                      categories, event.get('COLOR', '-'), alarms)
            print('parsed', len(files))
            """
        let python = try #require(ExternalTool.pythonWithICalendar)
        let output = try ExternalTool.run(python, ["-c", script, sandbox.writer.collectionPath])
        #expect(output.status == 0, "icalendar failed: \(output.stderr)")
        #expect(output.stdout.contains("parsed 3\n"), "python printed: \(output.stdout)")
        #expect(output.stdout.contains(
            "vigor-long-ünïcode-block@vigord 2026-11-26T15:00:00+00:00 Pick up the parcel at the Packstation, then café with Jörg sequence 0 - - []"),
            "python printed: \(output.stdout)")
        #expect(output.stdout.contains(
            "\(workoutUID) 2026-11-23T06:30:00+00:00 Run, 45 min sequence 0 Vigor,Training darkorchid ['DISPLAY -1 day, 23:50:00']"),
            "python printed: \(output.stdout)")
        #expect(output.stdout.contains("\(focusUID) 2026-11-24T08:00:00+00:00 Focus: thesis; chapter 2 sequence 2 - - []"),
                "python printed: \(output.stdout)")
    }

    @Test(.enabled(if: ExternalTool.pythonWithICalendar != nil || ExternalTool.required,
                   "python icalendar is not installed; run Scripts/install-test-tools"))
    func aMoveSavedByPythonICalendarIsReportedAsTheUsersMove() throws {
        let sandbox = try WriterSandbox()
        defer { removeDirectory(sandbox.root) }
        _ = try sandbox.writer.reconcile(.loaded([workout, focus]))
        #expect(try sandbox.writer.detectEdits() == [])
        // A client that parses the file and writes its own serialisation: a zone-aware start, folded lines, its
        // own property order, a new DTSTAMP and SEQUENCE.
        let script = """
            import sys, datetime, zoneinfo, icalendar
            path = sys.argv[1]
            with open(path, 'rb') as handle:
                cal = icalendar.Calendar.from_ical(handle.read())
            berlin = zoneinfo.ZoneInfo('Europe/Berlin')
            for event in cal.walk('VEVENT'):
                event['DTSTART'] = icalendar.vDDDTypes(datetime.datetime(2026, 11, 23, 18, 0, tzinfo=berlin))
                event['DTEND'] = icalendar.vDDDTypes(datetime.datetime(2026, 11, 23, 18, 45, tzinfo=berlin))
                event['DTSTART'].params['TZID'] = 'Europe/Berlin'
                event['DTEND'].params['TZID'] = 'Europe/Berlin'
                event['SEQUENCE'] = int(event.get('SEQUENCE', 0)) + 1
                event['DTSTAMP'] = icalendar.vDDDTypes(datetime.datetime(2026, 11, 22, 12, 0, tzinfo=datetime.timezone.utc))
            with open(path, 'wb') as handle:
                handle.write(cal.to_ical())
            """
        let python = try #require(ExternalTool.pythonWithICalendar)
        let output = try ExternalTool.run(python, ["-c", script, sandbox.path(of: workout)])
        #expect(output.status == 0, "icalendar failed: \(output.stderr)")
        // 18:00–18:45 CET is 17:00–17:45Z.
        #expect(try sandbox.writer.detectEdits() == [
            BlockChange(blockID: workout.id, uid: workout.uid, kind: .moved, oldStart: workout.start, oldEnd: workout.end,
                        newStart: utc("2026-11-23T17:00Z"), newEnd: utc("2026-11-23T17:45Z"), newTitle: workout.title),
        ])
        #expect(try sandbox.writer.detectEdits() == [])
    }
}
