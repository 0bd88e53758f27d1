#!/usr/bin/env python3
"""Writes the benchmarks' heavy set:
5 sources, 20 000 events, 1 000 recurring, 5 zones.

usage: generate-heavy-set.py OUTDIR [SCALE] [--office DAY]   (deterministic: fixed seed)

SCALE (default 1) multiplies the events and the span of days they cover, which ends in
November 2026 whatever the scale: SCALE 4 is 80 000 events over six years, as a calendar that
grew for years would be. SCALE 1 writes exactly the standard heavy set.

--office DAY (YYYY-MM-DD) writes the same number of events in the shape of a busy office worker in
Berlin instead: the 90 days before DAY and the 90 from it, meetings in office hours (09:00-18:00 Berlin)
on weekdays, each source still in its own zone (the times converted to it), a few meetings before 09:00
or after 18:00, and a Saturday run in the past. The mornings and evenings keep free time, and the
90 days before DAY are the history vigord reads at setup.
"""
import datetime, os, random, sys
from zoneinfo import ZoneInfo

ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "America/Los_Angeles"]
RULES = ["FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=DAILY;COUNT=200", "FREQ=WEEKLY;INTERVAL=2",
         "FREQ=MONTHLY;BYMONTHDAY=15", "FREQ=WEEKLY;UNTIL=20270101T000000Z"]
OFFICE_ZONE = ZoneInfo("Europe/Berlin")
HISTORY_DAYS = 90

def write(out, source, lines):
    with open(os.path.join(out, f"source{source}.ics"), "w", newline="") as f:
        f.write("\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord//heavy set//EN"] + lines
                            + ["END:VCALENDAR"]) + "\r\n")

def event(uid, start, minutes, summary, rule=None):
    lines = ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20250101T000000Z", start, f"DURATION:PT{minutes}M",
             f"SUMMARY:{summary}"]
    return lines + ([f"RRULE:{rule}"] if rule else []) + ["END:VEVENT"]

def main(out, scale):
    os.makedirs(out, exist_ok=True)
    rng = random.Random(4)
    span = round(540 * scale)
    first = datetime.date(2025, 6, 1) + datetime.timedelta(days=540 - span)
    for source, zone in enumerate(ZONES):
        lines = []
        for n in range(round(4000 * scale)):
            day = rng.randrange(0, span)
            date = first + datetime.timedelta(days=day)
            hour = rng.randrange(7, 20)
            start = f"DTSTART;TZID={zone}:{date:%Y%m%d}T{hour:02d}{rng.choice(['00', '15', '30', '45'])}00"
            rule = RULES[(n // 20) % len(RULES)] if n % 20 == 0 else None
            lines += event(f"heavy-{source}-{n}@vigord", start, rng.choice([15, 30, 45, 60, 90]), f"Event {n} of source {source}", rule)
        write(out, source, lines)

def office(out, today):
    """The office shape: 4 000 events a source, in Berlin's office hours, converted to the source's zone."""
    os.makedirs(out, exist_ok=True)
    rng = random.Random(4)
    first = today - datetime.timedelta(days=HISTORY_DAYS)
    weekdays = [first + datetime.timedelta(days=d) for d in range(2 * HISTORY_DAYS)
                if (first + datetime.timedelta(days=d)).weekday() < 5]
    saturdays = [first + datetime.timedelta(days=d) for d in range(HISTORY_DAYS)
                 if (first + datetime.timedelta(days=d)).weekday() == 5]
    for source, zone in enumerate(ZONES):
        lines = []
        runs = saturdays if source == 0 else []
        for n, date in enumerate(runs):
            lines += event(f"run-{n}@vigord", f"DTSTART;TZID={ZONES[0]}:{date:%Y%m%d}T093000", 60, "Long run")
        for n in range(4000 - len(runs)):
            date = rng.choice(weekdays)
            minutes = rng.choice([15, 30, 45, 60, 90])
            recurring = n % 20 == 0
            # About one meeting in 300 (never a repeating one) falls before 09:00 or after 18:00.
            if not recurring and rng.randrange(300) == 0:
                hour, minute = rng.choice([(7, 0), (7, 30), (8, 0), (8, 30), (18, 0), (18, 30), (19, 0)])
                minutes = min(minutes, 60)
            else:
                hour, minute = rng.randrange(9, 18), rng.choice([0, 15, 30])
                minutes = min(minutes, (18 - hour) * 60 - minute)
            # A repeating meeting keeps its wall time in its own zone, so where the zones change to or from summer time
            # on other days it moves in Berlin: it is placed in office hours as it falls around DAY.
            at = today if recurring else date
            local = datetime.datetime(at.year, at.month, at.day, hour, minute, tzinfo=OFFICE_ZONE).astimezone(ZoneInfo(zone))
            local += datetime.timedelta(days=(date - at).days)
            start = f"DTSTART;TZID={zone}:{local:%Y%m%dT%H%M%S}"
            rule = RULES[(n // 20) % len(RULES)] if recurring else None
            lines += event(f"office-{source}-{n}@vigord", start, minutes, f"Meeting {n} of source {source}", rule)
        write(out, source, lines)

if __name__ == "__main__":
    arguments = sys.argv[1:]
    office_day = None
    if "--office" in arguments:
        at = arguments.index("--office")
        if at + 1 >= len(arguments):
            sys.exit(__doc__)
        office_day = datetime.date.fromisoformat(arguments[at + 1])
        del arguments[at:at + 2]
    if len(arguments) not in (1, 2):
        sys.exit(__doc__)
    if office_day:
        office(arguments[0], office_day)
    else:
        main(arguments[0], float(arguments[1]) if len(arguments) == 2 else 1.0)
