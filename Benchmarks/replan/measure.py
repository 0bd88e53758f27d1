#!/usr/bin/env python3
"""From a calendar file's change to the moved block in vigord's vdir, CHANGES times.

Each round writes a one-hour meeting over the block's current start into MEETINGS (atomically, as an
editor saves), then reads the block's file in the vdir every 5 ms until its DTSTART changes. Prints the
median and maximum latency and vigord's CPU time per change (utime + stime from /proc).

usage: measure.py VIGORCTL SOCKET VDIR MEETINGS PID CHANGES
"""
import datetime
import json
import os
import statistics
import subprocess
import sys
import time

vigorctl, socket, vdir, meetings, pid, changes = sys.argv[1:7]
ticks = os.sysconf("SC_CLK_TCK")


def cpu_seconds():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks


def block():
    out = subprocess.run([vigorctl, "blocks", "--json", "--socket", socket], check=True, capture_output=True, text=True).stdout
    live = [b for b in json.loads(out)["blocks"] if b["status"] in ("proposed", "scheduled")]
    return live[0] if live else None


def dtstart(path):
    try:
        for line in open(path):
            if line.startswith("DTSTART"):
                return line.strip()
    except FileNotFoundError:
        return None
    return None


def block_file(block_id):
    """The file vigord wrote for a block: the one that carries its X-VIGOR-BLOCK-ID."""
    for name in sorted(os.listdir(vdir)):
        path = os.path.join(vdir, name)
        if name.endswith(".ics") and f"\r\nX-VIGOR-BLOCK-ID:{block_id}\r\n" in open(path, newline="").read():
            return path
    sys.exit(f"no file in {vdir} carries block {block_id}")


def stamp(moment):
    return moment.astimezone(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


latencies, cpu = [], []
for round_number in range(int(changes)):
    current = block()
    if current is None:
        print(f"after {round_number} changes the block has no room left and was removed")
        break
    path = block_file(current["id"])
    before = dtstart(path)
    start = datetime.datetime.fromisoformat(current["start"])
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
            sys.exit(f"round {round_number}: the block did not move within 60 s")
        time.sleep(0.005)
    latencies.append(time.monotonic() - began)
    cpu.append(cpu_seconds() - cpu_before)

if latencies:
    print(f"changes: {len(latencies)}")
    print(f"latency: median {statistics.median(latencies):.3f} s, max {max(latencies):.3f} s, min {min(latencies):.3f} s "
          "(save to moved file, including the 1 s quiet period)")
    print(f"vigord CPU per change: median {statistics.median(cpu) * 1000:.0f} ms, max {max(cpu) * 1000:.0f} ms")
