#!/usr/bin/env python3
"""From a meeting saved over a hold to the moved hold in vigord's vdir, CHANGES times, and the files each change rewrote.

Each round writes a one-hour meeting over the next hold's current start into MEETINGS (atomically, as an editor saves),
reads the hold's file every 5 ms until its DTSTART changes, then waits until vigord's CPU time stops growing and
counts the files of the vdir and the shadow collection whose inode or mtime changed. Prints the median and maximum
latency, vigord's CPU time per change and the files rewritten per change.

usage: measure-holds.py VIGORCTL SOCKET VDIR SHADOW MEETINGS PID CHANGES
"""
import datetime
import json
import os
import statistics
import subprocess
import sys
import time

vigorctl, socket, vdir, shadow, meetings, pid, changes = sys.argv[1:8]
ticks = os.sysconf("SC_CLK_TCK")


def cpu_seconds():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks


def settle():
    """Until vigord's CPU time did not grow for 300 ms."""
    before = cpu_seconds()
    while True:
        time.sleep(0.3)
        after = cpu_seconds()
        if after == before:
            return
        before = after


def next_hold():
    out = subprocess.run([vigorctl, "plan", "--json", "--socket", socket], check=True, capture_output=True, text=True).stdout
    held = [day for day in json.loads(out)["days"] if day["status"] == "held"]
    return held[0] if held else None


def snapshot():
    files = {}
    for folder in (vdir, shadow):
        for name in os.listdir(folder):
            if name.endswith(".ics"):
                info = os.stat(os.path.join(folder, name))
                files[os.path.join(folder, name)] = (info.st_ino, info.st_mtime_ns)
    return files


def dtstart(path):
    try:
        for line in open(path):
            if line.startswith("DTSTART"):
                return line.strip()
    except FileNotFoundError:
        return None
    return None


def hold_file(date):
    for name in sorted(os.listdir(vdir)):
        path = os.path.join(vdir, name)
        if name.endswith(".ics") and f"\r\nX-VIGOR-BLOCK-ID:hold-{date}\r\n" in open(path, newline="").read():
            return path
    sys.exit(f"no file in {vdir} carries the hold of {date}")


def stamp(moment):
    return moment.astimezone(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


latencies, cpu, rewritten = [], [], []
for round_number in range(int(changes)):
    hold = next_hold()
    if hold is None:
        print(f"after {round_number} changes no hold is left")
        break
    path = hold_file(hold["date"])
    before = dtstart(path)
    files_before = snapshot()
    start = datetime.datetime.fromisoformat(hold["start"])
    text = "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vigord bench//EN", "BEGIN:VEVENT", f"UID:meeting-{round_number}@bench",
        "DTSTAMP:20260301T000000Z", f"SUMMARY:Meeting {round_number}", f"DTSTART:{stamp(start)}",
        f"DTEND:{stamp(start + datetime.timedelta(hours=1))}", "END:VEVENT", "END:VCALENDAR", ""])
    cpu_before = cpu_seconds()
    with open(meetings + ".tmp", "w") as handle:
        handle.write(text)
    began = time.monotonic()
    os.replace(meetings + ".tmp", meetings)
    while dtstart(path) == before:
        if time.monotonic() - began > 60:
            sys.exit(f"round {round_number}: the hold did not move within 60 s")
        time.sleep(0.005)
    latencies.append(time.monotonic() - began)
    settle()
    cpu.append(cpu_seconds() - cpu_before)
    after = snapshot()
    rewritten.append(sum(1 for name, mark in after.items() if files_before.get(name) != mark)
                     + sum(1 for name in files_before if name not in after))

if latencies:
    print(f"changes: {len(latencies)}")
    print(f"latency: median {statistics.median(latencies):.3f} s, max {max(latencies):.3f} s, min {min(latencies):.3f} s "
          "(save to moved hold, including the 1 s quiet period)")
    print(f"vigord CPU per change: median {statistics.median(cpu) * 1000:.0f} ms, max {max(cpu) * 1000:.0f} ms")
    print(f"files rewritten or removed per change (vdir + shadow): median {statistics.median(rewritten):.0f}, "
          f"max {max(rewritten)}, all {sorted(rewritten)}")
