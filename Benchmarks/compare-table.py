#!/usr/bin/env python3
"""Prints Benchmarks/compare's table from its figures: for each figure the median (min–max) of base and of head, and
head ÷ base as the median of the pairs' ratios (each pair ran base then head in the same minute). Every figure is a
cost (time, memory): a ratio above 1.10 is flagged WORSE; "ranges overlap" says the two spreads share values.

usage: compare-table.py FIGURES.tsv RUNS   (one line a figure of a run: PAIR, SIDE (base, head), NAME, UNIT, VALUE)
"""
import statistics
import sys

WORSE = 1.10


def number(value):
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}" if value >= 10 else f"{value:.2f}"


def spread(values):
    if not values:
        return "n/a"
    return f"{number(statistics.median(values))} ({number(min(values))}–{number(max(values))})"


def table(lines, runs):
    figures = {}  # name -> (unit, {side: {pair: value}}), in the order first seen
    for line in lines:
        pair, side, name, unit, value = line.rstrip("\n").split("\t")
        figures.setdefault(name, (unit, {"base": {}, "head": {}}))[1][side][pair] = float(value)
    width = max([len(name) for name in figures] + [6])
    rows = [f"{'figure':{width}} | unit | {'base: median (min–max)':24} | {'head: median (min–max)':24} | head ÷ base"]
    flagged = 0
    for name, (unit, sides) in figures.items():
        base, head = sides["base"], sides["head"]
        ratios = [head[pair] / base[pair] for pair in base if pair in head and base[pair] > 0]
        verdict = ""
        if ratios:
            ratio = statistics.median(ratios)
            verdict = f"{ratio:.2f}"
            if len(ratios) < runs:
                verdict += f" ({len(ratios)} of {runs} pairs)"
            if ratio > WORSE:
                flagged += 1
                verdict += "  WORSE"
                if min(head.values()) <= max(base.values()):
                    verdict += " (ranges overlap)"
        else:
            verdict = "no pair"
        rows.append(f"{name:{width}} | {unit:4} | {spread(list(base.values())):24} | {spread(list(head.values())):24} | {verdict}")
    rows.append(f"{flagged} figure{'s' if flagged != 1 else ''} more than {(WORSE - 1) * 100:.0f} % worse"
                f" (head ÷ base above {WORSE:.2f}); {runs} pair{'s' if runs != 1 else ''} asked")
    return "\n".join(rows)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    print(table(open(sys.argv[1]).readlines(), int(sys.argv[2])))
