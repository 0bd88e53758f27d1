#!/usr/bin/env python3
"""Writes the benchmarks' heavy set:
5 sources, 20 000 events, 1 000 recurring, 5 zones.

usage: generate-heavy-set.py OUTDIR   (deterministic: fixed seed)
"""
import datetime, os, random, sys

ZONES = ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "America/Los_Angeles"]
RULES = ["FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=DAILY;COUNT=200", "FREQ=WEEKLY;INTERVAL=2",
         "FREQ=MONTHLY;BYMONTHDAY=15", "FREQ=WEEKLY;UNTIL=20270101T000000Z"]

def main(out):
    os.makedirs(out, exist_ok=True)
    rng = random.Random(4)
    for source, zone in enumerate(ZONES):
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord//heavy set//EN"]
        for n in range(4000):
            day = rng.randrange(0, 540)
            date = datetime.date(2025, 6, 1) + datetime.timedelta(days=day)
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
    main(sys.argv[1])
