#!/usr/bin/env python3
"""A watched Gadgetbridge export in a running vigord: the first read of a year of data, then GROWTHS re-reads after
the phone's app added one day each time (written in place, as SQLite does). Prints the first read's time, each
re-read's time against it, the time from the write to the read's end, and vigord's resident memory as it goes.

usage: measure.py BIN WORK GROWTHS
"""
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

bin_dir, work, growths = sys.argv[1], sys.argv[2], int(sys.argv[3])
DAY = 86400
FIRST_DAY = 19_723  # the generator's first day (2024-01-01), days since 1970
source = os.path.join(work, "phone")
database = os.path.join(source, "Gadgetbridge.db")


def imports():
    """The import runs vigord recorded, read from its state database (read-only, beside the running daemon)."""
    path = os.path.join(work, "state", "vigor.sqlite")
    if not os.path.exists(path):
        return []
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return db.execute("SELECT startedAt, finishedAt FROM healthImport ORDER BY id").fetchall()


def seconds(run):
    """The run's length and its end (seconds since 1970); GRDB stores dates as UTC text."""
    from datetime import datetime, timezone
    start, end = (datetime.fromisoformat(value).replace(tzinfo=timezone.utc) for value in run)
    return (end - start).total_seconds(), end.timestamp()


def wait_for_imports(count, deadline_seconds=600):
    deadline = time.monotonic() + deadline_seconds
    while time.monotonic() < deadline:
        runs = imports()
        if len(runs) >= count:
            return runs
        time.sleep(0.05)
    sys.exit(f"vigord did not read the source {count} times within {deadline_seconds} s")


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return float("nan")


def grow(day_number):
    """Adds one more day: the rows of an earlier day, a year later (each table keyed by a time)."""
    shift = 365 * DAY
    source_day = (FIRST_DAY + day_number - 1) * DAY
    with sqlite3.connect(database) as db:
        for table, column, scale in [("MI_BAND_ACTIVITY_SAMPLE", "TIMESTAMP", 1), ("HUAMI_HEART_RATE_RESTING_SAMPLE", "TIMESTAMP", 1000)]:
            columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
            chosen = ", ".join(f"{name} + {shift * scale}" if name == column else name for name in columns)
            db.execute(
                f"INSERT INTO {table} ({', '.join(columns)}) SELECT {chosen} FROM {table} WHERE {column} >= ? AND {column} < ?",
                (source_day * scale, (source_day + DAY) * scale))
    db.close()


os.makedirs(source, exist_ok=True)
generated = os.path.join(work, "Gadgetbridge.db")
subprocess.run([os.path.join(bin_dir, "vigor-health-export"), "--format", "gadgetbridge", "--days", "365", "--start", "2024-01-01", generated],
               check=True, stdout=subprocess.DEVNULL)
config = os.path.join(work, "health-source.toml")
with open(config, "w") as file:
    file.write(f'[health]\ndrop_folder = "{work}/inbox"\n[[health.source]]\nname = "phone"\npath = "{source}"\n'
               f'[calendar.output]\npath = "{work}/out"\n')
log = open(os.path.join(work, "vigord.log"), "w")
daemon = subprocess.Popen([os.path.join(bin_dir, "vigord"), "--config", config, "--socket", os.path.join(work, "vigord.sock"),
                           "--state-dir", os.path.join(work, "state")], stderr=log)
try:
    for _ in range(200):
        if os.path.exists(os.path.join(work, "vigord.sock")):
            break
        time.sleep(0.05)
    shutil.copy(generated, os.path.join(source, ".Gadgetbridge.db.part"))
    landed = time.time()
    os.rename(os.path.join(source, ".Gadgetbridge.db.part"), database)
    first, first_end = seconds(wait_for_imports(1)[-1])
    print(f"first read of 365 days: {first:.2f} s (landed → read {first_end - landed:.2f} s), RSS {rss_mib(daemon.pid):.1f} MiB")
    rereads, latencies, memory = [], [], []
    for day in range(1, growths + 1):
        written = time.time()
        grow(day)
        took, end = seconds(wait_for_imports(day + 1)[-1])
        rereads.append(took)
        latencies.append(end - written)
        memory.append(rss_mib(daemon.pid))
        if day in (1, 10, 100) or day == growths:
            print(f"after {day} re-reads: RSS {memory[-1]:.1f} MiB")
    median = statistics.median(rereads)
    print(f"re-read after one new day ({growths}×): median {median:.3f} s, max {max(rereads):.3f} s = "
          f"{100 * median / first:.1f} % of the first read")
    print(f"written → read: median {statistics.median(latencies):.2f} s, max {max(latencies):.2f} s "
          f"(the watch waits for a second of quiet)")
    print(f"RSS: after the 1st re-read {memory[0]:.1f} MiB, after the last {memory[-1]:.1f} MiB, "
          f"max {max(memory):.1f} MiB")
finally:
    daemon.terminate()
    daemon.wait()
