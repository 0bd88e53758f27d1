#!/usr/bin/env python3
"""Writes the benchmarks' heavy set:
5 sources, 20 000 events, 1 000 recurring, 5 zones.

usage: generate-heavy-set.py OUTDIR [SCALE]   (deterministic: fixed seed)

SCALE (default 1) multiplies the events and the span of days they cover, which ends in
November 2026 whatever the scale: SCALE 4 is 80 000 events over six years, as a calendar that
grew for years would be. SCALE 1 writes exactly the standard heavy set.
"""
import datetime, os, random, sys

ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "America/Los_Angeles"]
RULES = ["FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=DAILY;COUNT=200", "FREQ=WEEKLY;INTERVAL=2",
         "FREQ=MONTHLY;BYMONTHDAY=15", "FREQ=WEEKLY;UNTIL=20270101T000000Z"]

def main(out, scale):
    os.makedirs(out, exist_ok=True)
    rng = random.Random(4)
    span = round(540 * scale)
    first = datetime.date(2025, 6, 1) + datetime.timedelta(days=540 - span)
    for source, zone in enumerate(ZONES):
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord//heavy set//EN"]
        for n in range(round(4000 * scale)):
            day = rng.randrange(0, span)
            date = first + datetime.timedelta(days=day)
            hour = rng.randrange(7, 20)
            start = f"{date:%Y%m%d}T{hour:02d}{rng.choice(['00', '15', '30', '45'])}00"
            lines += ["BEGIN:VEVENT", f"UID:heavy-{source}-{n}@vigord", "DTSTAMP:20250101T000000Z",
                      f"DTSTART;TZID={zone}:{start}", f"DURATION:PT{rng.choice([15, 30, 45, 60, 90])}M",
                      f"SUMMARY:Event {n} of source {source}"]
            if n % 20 == 0:
                lines.append("RRULE:" + RULES[(n // 20) % len(RULES)])
            lines.append("END:VEVENT")
        lines.append("END:VCALENDAR")
        with open(os.path.join(out, f"source{source}.ics"), "w", newline="") as f:
            f.write("\r\n".join(lines) + "\r\n")

if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) == 3 else 1.0)
