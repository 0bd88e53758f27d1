#!/usr/bin/env python3
"""Prints the calendar benchmark's table from the C baseline's and HeavySetBenchmark's output lines.

usage: summarise.py C_LINES SWIFT_LINES RUNS   (both files: one run after another, each ending in "run end")
"""
import re, statistics, sys, os
c_lines = open(sys.argv[1]).read().splitlines()
s_lines = open(sys.argv[2]).read().splitlines()
def stat(values, ratio=False):
    if not values: return "n/a"
    if ratio:
        return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"
    m = statistics.median(values)
    return f"{m:.1f} ms ({min(values):.1f}–{max(values):.1f})" if m < 10 else f"{m:.0f} ms ({min(values):.0f}–{max(values):.0f})"
rows = {}
def add(key, value): rows.setdefault(key, []).append(value)
# Per run, Swift cold / C total for the same window (runs are interleaved, so both saw the same load).
def per_run(lines, pattern, group):
    runs, current = [], {}
    for line in lines:
        if line == "run end":
            runs.append(current); current = {}
            continue
        m = re.match(pattern, line)
        if m: current[m[1]] = float(m[group])
    return runs
c_runs = per_run(c_lines, r"c (\d+) parse [\d.]+ s, total ([\d.]+) s", 2)
s_runs = per_run(s_lines, r"bench (\d+)d: cold ([\d.]+) ms", 2)
for c_run, s_run in zip(c_runs, s_runs):
    for d in ("14", "90"):
        if d in c_run and d in s_run:
            add(("ratio Swift cold / C total, same run", d), s_run[d] / (c_run[d] * 1000))
for line in c_lines:
    m = re.match(r"c (\d+) parse ([\d.]+) s, total ([\d.]+) s", line)
    if m:
        add(("C baseline parse", m[1]), float(m[2]) * 1000); add(("C baseline total (cold)", m[1]), float(m[3]) * 1000)
    m = re.match(r"c (\d+) rss (\d+)", line)
    if m: add(("peak RSS, MB", "C"), int(m[2]) / 1024)
for line in s_lines:
    m = re.match(r"bench (\d+)d: cold ([\d.]+) ms, warm same window ([\d.]+) ms, warm other windows max ([\d.]+) ms \(median ([\d.]+) ms\), "
                 r"horizon prepared in ([\d.]+) ms, then windows in it max ([\d.]+) ms \(median ([\d.]+) ms\), "
                 r"far new window ([\d.]+) ms then ([\d.]+) ms, one source changed ([\d.]+) ms", line)
    if m:
        d = m[1]
        add(("Swift cold (parse + expand + merge)", d), float(m[2]))
        add(("Swift warm, same window", d), float(m[3]))
        add(("Swift warm, other nearby windows: median of 6", d), float(m[5]))
        add(("Swift warm, other nearby windows: max of 6", d), float(m[4]))
        add(("Swift horizon prepared (daemon: background)", d), float(m[6]))
        add(("Swift warm, 6 windows in the horizon: median", d), float(m[8]))
        add(("Swift warm, 6 windows in the horizon: max", d), float(m[7]))
        add(("Swift new window a year away (new chunks)", d), float(m[9]))
        add(("Swift warm, that window shifted by a day", d), float(m[10]))
        add(("Swift one source changed (1 re-parse)", d), float(m[11]))
    m = re.match(r"bench parse only.*: ([\d.]+) ms", line)
    if m: add(("Swift parse only (5 files, parallel)", "14"), float(m[1]))
    m = re.match(r"rss (\d+)", line)
    if m: add(("peak RSS, MB", "Swift"), int(m[1]) / 1024)
print(f"machine: {os.cpu_count()} cores, load average {open('/proc/loadavg').read().split()[0]}; runs: {sys.argv[3]}; median (min–max)")
print(f"{'':48} | {'14 days':24} | {'90 days':24}")
order = ["C baseline parse", "C baseline total (cold)", "Swift parse only (5 files, parallel)", "Swift cold (parse + expand + merge)",
         "Swift warm, same window", "Swift warm, other nearby windows: median of 6", "Swift warm, other nearby windows: max of 6",
         "Swift horizon prepared (daemon: background)", "Swift warm, 6 windows in the horizon: median",
         "Swift warm, 6 windows in the horizon: max", "Swift new window a year away (new chunks)", "Swift warm, that window shifted by a day", "Swift one source changed (1 re-parse)"]
for name in order + ["ratio Swift cold / C total, same run"]:
    ratio = name.startswith("ratio")
    print(f"{name:48} | {stat(rows.get((name, '14'), []), ratio):24} | {stat(rows.get((name, '90'), []), ratio):24}")
for d in ("14", "90"):
    values = rows.get(("ratio Swift cold / C total, same run", d), [])
    print(f"ratio per run, {d} days: " + " ".join(f"{v:.2f}" for v in values))
for who in ["C", "Swift"]:
    values = rows.get(("peak RSS, MB", who), [])
    if values: print(f"peak RSS {who} (max over runs, whole process): {max(values):.0f} MB")
