"""Busy time of iCalendar files by an independent implementation, for vigord's differential test.

Reads a JSON manifest (argv[1]) listing calendars and windows, expands every calendar with
icalendar + recurring-ical-events (PyPI) and writes, as JSON to argv[2], each calendar's merged
busy intervals and instances under vigord's busy rules (Docs/calendars.md, "What counts as busy").
One process serves the whole corpus.

Where vigord deliberately reads a calendar otherwise than the library does, the difference is one
entry of DEVIATIONS, named like its row in Docs/calendars.md ("Deliberate deviations"). Every
calendar is answered twice: as the library reads it ("reference"), and with every deviation applied
("adjusted"), naming the deviations that changed the answer ("applied"). The test accepts vigord's
answer when it equals the reference, or equals the adjusted answer with at least one deviation applied.

Manifest: {"calendars": [{"id", "path", "zone", "from", "to", "allDay", "addresses"}]}
  zone: IANA zone for floating times and all-day dates; from/to: the window in Unix seconds;
  allDay: "free", "busy" or "never-busy"; addresses: the user's e-mail addresses.
Answer: {"deviations": [ids], "results": [{"id", "reference": ANSWER, "adjusted": ANSWER, "applied": [ids]}]}
  ANSWER: {"error", "intervals": [[start, end]], "instances": [{"summary", "start", "end", "busy"}]}
"""

import contextlib
import datetime
import json
import re
import sys
import warnings
import zoneinfo

import icalendar
import recurring_ical_events
import recurring_ical_events.adapters.component
import recurring_ical_events.series.rrule
import recurring_ical_events.util

UTC = datetime.timezone.utc
# Occurrences are asked for with this margin on both sides and clipped afterwards, so that the
# library's handling of floating times in the query span does not matter.
MARGIN = datetime.timedelta(days=3)

# id -> the RFC 5545 section it rests on; Docs/calendars.md has one row per id.
DEVIATIONS = {
    # A series instance lasts the exact time DTEND - DTSTART of the first one (an RDATE period: its own
    # exact length); the library adds the difference on the wall clock, an hour off across a DST change.
    "exact-dtend-length": "3.8.5.3",
    # The hours, minutes and seconds of a DURATION are exact time, its days and weeks nominal (PT25H is
    # 25 hours, P1DT1H a day and an hour); the library adds all of it on the wall clock, as a day and an hour.
    "exact-duration-time": "3.3.6",
    # A time in a spring-forward gap of a zone the file defines itself is read with the offset before the
    # gap, as in system zones; the library's VTIMEZONE zones use the offset after it.
    "gap-in-file-zone": "3.3.5",
    # An EXDATE, RECURRENCE-ID or RDATE period names the instance at its instant. The library keys instances
    # by their UTC and their local reading at once, so one whose UTC reading equals another instance's local
    # reading hits that instance too.
    "instance-identity": "3.8.4.4",
    # An EXDATE;VALUE=DATE removes the day's instances of a timed series and the overrides of those
    # instances; the library keeps an override unless its RECURRENCE-ID reads 00:00 that day.
    "exdate-day-removes-overrides": "3.8.5.1",
    # A file with lines that cannot be read is used without them; the library refuses the whole file.
    "partly-readable-file": "3.1",
    # An instance whose end comes before its start as instants (DTSTART in a spring-forward gap, DTEND just
    # after it) is busy between the two; the library leaves it ending before it starts.
    "reversed-instants": "3.3.5",
    # A UTC time stays a UTC time in a calendar with X-WR-TIMEZONE: a series written in UTC repeats in UTC.
    # The library (through x-wr-timezone) moves UTC times onto the X-WR-TIMEZONE clock.
    "utc-ignores-x-wr-timezone": "3.3.5",
}
# Deviations that change how the library builds the series; the others change single instances.
STRUCTURAL = ("instance-identity", "utc-ignores-x-wr-timezone")

DURATION = re.compile(r"^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$")


def written_durations(text):
    """DURATION values as written, by (UID, DTSTART value): the library folds PT25H into a day and an hour."""
    lines = []
    for line in text.decode("utf-8", "replace").replace("\r\n", "\n").split("\n"):
        if line[:1] in (" ", "\t") and lines:
            lines[-1] += line[1:]
        else:
            lines.append(line)
    found = {}
    event = {}
    for line in lines:
        name = line.split(":", 1)[0].split(";", 1)[0].upper()
        value = line.split(":", 1)[1].strip() if ":" in line else ""
        if line.upper() == "BEGIN:VEVENT":
            event = {}
        elif name in ("UID", "DTSTART", "DURATION"):
            event[name] = value
        elif line.upper() == "END:VEVENT" and "DURATION" in event:
            found[(event.get("UID", ""), event.get("DTSTART", ""))] = event["DURATION"]
    return found


def duration_parts(text):
    """(nominal days, exact seconds) of a DURATION as written, without its sign; None when unreadable."""
    match = DURATION.match(text or "")
    if not match:
        return None
    weeks, days, hours, minutes, seconds = (int(part or 0) for part in match.groups()[1:])
    return 7 * weeks + days, 3600 * hours + 60 * minutes + seconds


def address(text):
    text = str(text).strip().lower()
    return text[len("mailto:"):] if text.startswith("mailto:") else text


def is_busy(component, start, end, all_day, policy, addresses):
    """vigord's busy rules, applied to one occurrence."""
    if end <= start:
        return False
    if str(component.get("STATUS", "")).upper() == "CANCELLED":
        return False
    transparency = str(component.get("TRANSP", "")).upper()
    if transparency == "TRANSPARENT":
        return False
    attendees = component.get("ATTENDEE", [])
    if not isinstance(attendees, list):
        attendees = [attendees]
    for attendee in attendees:
        partstat = str(attendee.params.get("PARTSTAT", "NEEDS-ACTION")).upper()
        if address(attendee) in addresses and partstat == "DECLINED":
            return False
    if all_day:
        if policy == "never-busy":
            return False
        return transparency == "OPAQUE" or policy == "busy"
    return True


def merged(intervals, lower, upper):
    """Clipped to [lower, upper), sorted, overlapping or touching intervals joined."""
    result = []
    for start, end in sorted((max(s, lower), min(e, upper)) for s, e in intervals if s < upper and e > lower):
        if result and start <= result[-1][1]:
            result[-1][1] = max(result[-1][1], end)
        else:
            result.append([start, end])
    return result


def periods_by_uid(calendar):
    """The RDATE periods of each series (its master's), by UID: (start, end or duration)."""
    found = {}
    for component in calendar.walk("VEVENT"):
        if "RECURRENCE-ID" in component:
            continue
        rdates = component.get("RDATE", [])
        for rdate in rdates if isinstance(rdates, list) else [rdates]:
            for value in rdate.dts:
                if isinstance(value.dt, tuple):
                    found.setdefault(str(component.get("UID", "")), []).append(value.dt)
    return found


library_recurrence_ids = recurring_ical_events.util.to_recurrence_ids


def excluded_days_by_uid(calendar):
    """The VALUE=DATE EXDATEs of each series (its master's), by UID."""
    found = {}
    for component in calendar.walk("VEVENT"):
        if "RECURRENCE-ID" in component:
            continue
        exdates = component.get("EXDATE", [])
        for exdate in exdates if isinstance(exdates, list) else [exdates]:
            for value in exdate.dts:
                if not isinstance(value.dt, datetime.datetime):
                    found.setdefault(str(component.get("UID", "")), set()).add(value.dt)
    return found


def instant_only(time):
    """A recurrence id by the instant alone: a zoned time by its UTC reading, a floating time or a date by its
    wall reading, never equal to each other."""
    if not isinstance(time, datetime.datetime):
        return (("wall", datetime.datetime(time.year, time.month, time.day)),)
    if time.tzinfo is None:
        return (("wall", time),)
    return (("utc", time.astimezone(UTC).replace(tzinfo=None)),)


@contextlib.contextmanager
def identity_by_instant(enabled):
    """While enabled, the library identifies instances by their instant (library internals, pinned version)."""
    modules = (recurring_ical_events.series.rrule, recurring_ical_events.adapters.component)
    saved = [module.to_recurrence_ids for module in modules]
    if enabled:
        for module in modules:
            module.to_recurrence_ids = instant_only
    try:
        yield
    finally:
        for module, original in zip(modules, saved):
            module.to_recurrence_ids = original


class Reading:
    """One expansion of one calendar with a set of deviations applied."""

    def __init__(self, entry, calendar, text, deviations):
        self.entry = entry
        self.calendar = calendar
        self.deviations = deviations
        self.applied = set()
        self.zone = zoneinfo.ZoneInfo(entry["zone"])
        self.floating = self.zone
        self.durations = written_durations(text)
        self.periods = periods_by_uid(calendar)
        self.excluded_days = excluded_days_by_uid(calendar)

    def instant(self, value, zone):
        """Unix seconds of a DTSTART/DTEND value: dates and floating times are read in `zone`."""
        if not isinstance(value, datetime.datetime):
            value = datetime.datetime(value.year, value.month, value.day)
        if value.tzinfo is None:
            value = value.replace(tzinfo=zone)
        seconds = int(value.timestamp())
        if "gap-in-file-zone" in self.deviations and not isinstance(value.tzinfo, (zoneinfo.ZoneInfo, datetime.timezone)):
            # A wall time that does not exist reads with the offset in force before the gap.
            back = value.astimezone(UTC).astimezone(value.tzinfo).replace(tzinfo=None)
            if back != value.replace(tzinfo=None):
                before = value.tzinfo.utcoffset(value.replace(tzinfo=None) - datetime.timedelta(hours=6))
                rfc = int((value.replace(tzinfo=None) - before).replace(tzinfo=UTC).timestamp())
                if rfc != seconds:
                    self.applied.add("gap-in-file-zone")
                    seconds = rfc
        return seconds

    def vigord_end(self, occurrence, start):
        """vigord's end of a generated instance, and the deviation that gives it (None: the library's end).

        A series instance lasts DTEND - DTSTART of its component as exact time, an RDATE period instance
        its own period as exact time, a DURATION its days on the wall clock and the rest exact. An override
        keeps its own DTEND, and its DURATION counts as above."""
        adapter = occurrence._adapter  # the component the instance comes from (library internals, pinned version)
        component = adapter._component
        if adapter.is_modification() and not adapter.this_and_future:
            if "DURATION" not in component or not isinstance(occurrence.start, datetime.datetime):
                return None, None
            return self.component_end(occurrence, start, component, adapter, self.floating)
        unmoved = occurrence.start - adapter.move_recurrences_by
        zone = self.floating
        for period_start, period_end in self.periods.get(str(component.get("UID", "")), []):
            if self.instant(period_start, zone) == self.instant(unmoved, zone):
                if isinstance(period_end, datetime.timedelta):
                    day = occurrence.start + datetime.timedelta(days=period_end.days)
                    return self.instant(day, zone) + period_end.seconds, "exact-duration-time"
                return start + self.instant(period_end, zone) - self.instant(period_start, zone), "exact-dtend-length"
        if not isinstance(occurrence.start, datetime.datetime):
            return None, None
        # The library gives an instance the length of a period whose UTC reading equals its local one.
        lent = any(set(library_recurrence_ids(period_start)) & set(library_recurrence_ids(unmoved))
                   for period_start, _ in self.periods.get(str(component.get("UID", "")), []))
        end, deviation = self.component_end(occurrence, start, component, adapter, zone)
        return end, "instance-identity" if lent and end is not None else deviation

    def component_end(self, occurrence, start, component, adapter, zone):
        """The end from the component's DTEND or DURATION, and the deviation that gives it."""
        if "DTEND" in component:
            first, last = adapter.start, adapter.end
            if not isinstance(last, datetime.datetime) and not isinstance(first, datetime.datetime):
                return None, None
            return start + self.instant(last, zone) - self.instant(first, zone), "exact-dtend-length"
        if "DURATION" in component:
            written = self.durations.get((str(component.get("UID", "")), component["DTSTART"].to_ical().decode()))
            parts = duration_parts(written)
            if parts is None:
                return None, None
            day = occurrence.start + datetime.timedelta(days=parts[0])
            return self.instant(day, zone) + parts[1], "exact-duration-time"
        return start, None

    def answer(self):
        entry, calendar = self.entry, self.calendar
        lower, upper = entry["from"], entry["to"]
        addresses = {address(a) for a in entry.get("addresses", [])}
        if "utc-ignores-x-wr-timezone" in self.deviations and "X-WR-TIMEZONE" in calendar:
            # Without x-wr-timezone's conversion; vigord reads floating times (only those) on the X-WR-TIMEZONE clock.
            make = lambda: recurring_ical_events.CalendarQuery(calendar, skip_bad_series=True)
            try:
                self.floating = zoneinfo.ZoneInfo(str(calendar["X-WR-TIMEZONE"]).strip())
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                self.floating = self.zone
        else:
            make = lambda: recurring_ical_events.of(calendar, skip_bad_series=True)
        first = datetime.datetime.fromtimestamp(lower, UTC).replace(tzinfo=None) - MARGIN
        last = datetime.datetime.fromtimestamp(upper, UTC).replace(tzinfo=None) + MARGIN
        with identity_by_instant("instance-identity" in self.deviations):
            occurrences = make()._occurrences_between(first, last)
        instances = []
        for occurrence in occurrences:
            component = occurrence._adapter._component
            own = occurrence._adapter.is_modification() and occurrence.start == occurrence._adapter.start
            if "exdate-day-removes-overrides" in self.deviations and own:
                rid = component["RECURRENCE-ID"].dt
                days = self.excluded_days.get(str(component.get("UID", "")), set())
                if isinstance(rid, datetime.datetime) and rid.date() in days:
                    self.applied.add("exdate-day-removes-overrides")
                    continue
            all_day = not isinstance(occurrence.start, datetime.datetime)
            zone = self.zone if all_day else self.floating
            start = self.instant(occurrence.start, zone)
            end = self.instant(occurrence.end, zone)
            vigord_end, deviation = self.vigord_end(occurrence, start)
            if deviation in self.deviations and vigord_end != end:
                end = vigord_end
                self.applied.add(deviation)
            if "reversed-instants" in self.deviations and end < start:
                start, end = end, start
                self.applied.add("reversed-instants")
            overlaps = start < upper and end > lower if end > start else lower <= start < upper
            if not overlaps:
                continue
            busy = is_busy(component, start, end, all_day, entry.get("allDay", "free"), addresses)
            if str(component.get("STATUS", "")).upper() != "CANCELLED":  # vigord lists no cancelled occurrence
                instances.append({"summary": str(component.get("SUMMARY", "")), "start": start, "end": end, "busy": busy})
        instances.sort(key=lambda item: (item["start"], item["end"], item["summary"]))
        busy_intervals = [(item["start"], item["end"]) for item in instances if item["busy"]]
        return {"error": None, "intervals": merged(busy_intervals, lower, upper), "instances": instances}


def refused(error):
    return {"error": f"{type(error).__name__}: {error}", "intervals": [], "instances": []}


def readable(line):
    """Whether icalendar can read the content line (a continuation line counts as readable)."""
    if not line.strip() or line[:1] in (b" ", b"\t"):
        return True
    try:
        icalendar.parser.Contentline(line.decode("utf-8", "replace")).parts()
        return True
    except Exception:
        return False


# TZIDs the library does not know (Windows display names such as "(UTC+01:00) Amsterdam, Berlin, ..."; it reads
# them as floating times) -> the zone each one means, from the manifest. The test declares them, not vigord.
ZONE_NAMES = {}


def with_zone_names(text):
    """The calendar with each display-name TZID written as the zone it means (lines unfolded first)."""
    unfolded = text.replace(b"\r\n ", b"").replace(b"\n ", b"")
    if not any(spelling.encode() in unfolded for spelling in ZONE_NAMES):
        return text
    for spelling, zone in ZONE_NAMES.items():
        for written in (b'TZID="' + spelling.encode() + b'"', b"TZID=" + spelling.encode()):
            for end in (b":", b";"):
                unfolded = unfolded.replace(written + end, b"TZID=" + zone.encode() + end)
    return unfolded


def answer(entry):
    """(reference, adjusted, ids of the deviations that changed the answer) for one calendar."""
    with open(entry["path"], "rb") as handle:
        text = with_zone_names(handle.read())
    every = frozenset(DEVIATIONS)
    try:
        calendar = icalendar.Calendar.from_ical(text)
    except Exception as error:  # the library refuses the file
        reference = refused(error)
        try:
            # vigord keeps what it can read: the file without the lines the library cannot parse.
            kept = b"\r\n".join(line for line in text.replace(b"\r\n", b"\n").split(b"\n") if readable(line))
            reading = Reading(entry, icalendar.Calendar.from_ical(kept), kept, every)
            return reference, reading.answer(), {"partly-readable-file"} | reading.applied
        except Exception:
            return reference, reference, set()
    reference = Reading(entry, calendar, text, frozenset()).answer()
    adjusted_reading = Reading(entry, calendar, text, every)
    adjusted = adjusted_reading.answer()
    applied = adjusted_reading.applied
    if adjusted["intervals"] != reference["intervals"]:
        # A structural deviation applies when it alone changes the answer (two of them may each explain it).
        baseline_reading = Reading(entry, calendar, text, every - set(STRUCTURAL))
        baseline = baseline_reading.answer()
        applied |= baseline_reading.applied
        for deviation in STRUCTURAL:
            alone = Reading(entry, calendar, text, every - set(STRUCTURAL) | {deviation}).answer()
            if alone["intervals"] != baseline["intervals"]:
                applied.add(deviation)
    return reference, adjusted, applied


def main():
    warnings.simplefilter("ignore")  # e.g. vendor-prefixed TZIDs: guessed the way vigord reads them
    with open(sys.argv[1], encoding="utf-8") as handle:
        manifest = json.load(handle)
    ZONE_NAMES.update(manifest.get("zoneNames", {}))
    results = []
    for entry in manifest["calendars"]:
        try:
            reference, adjusted, applied = answer(entry)
        except Exception as error:  # a calendar the library cannot expand is reported, not fatal
            reference = adjusted = refused(error)
            applied = set()
        results.append({"id": entry["id"], "reference": reference, "adjusted": adjusted, "applied": sorted(applied)})
    with open(sys.argv[2], "w", encoding="utf-8") as handle:
        json.dump({"deviations": sorted(DEVIATIONS), "results": results}, handle)


if __name__ == "__main__":
    main()
