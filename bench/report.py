#!/usr/bin/env python3
"""Turns the raw results of scripts/bench (results.tsv, memory.tsv, micro.txt, machine.txt) into tables."""
import statistics
import sys
from pathlib import Path

GOALS = {
    "events": ("ratio", 0.6, "events ≥ 0.6× baseline"),
    "get": ("ratio", 0.75, "GET ≥ 0.75× baseline"),
    "events-pinned": ("p99", 1000.0, "pinned p99 ≤ 1 ms"),
}
TITLES = {
    "events": "events (push A / pop), -t2 -c32",
    "get": "GET state, -t2 -c32",
    "create": "POST /v1/sessions, -t2 -c32",
    "events-pinned": "events, pinned 1 core, -t1 -c32",
    "events-shared": "events, both servers at once on 1 core, -t1 -c16 each",
    "events-pinned-c1": "events, pinned 1 core, -t1 -c1",
    "get-pinned": "GET state, pinned 1 core, -t1 -c32",
}


def median(values):
    return statistics.median(values) if values else float("nan")


def fmt(value, digits=0):
    if value != value:  # NaN
        return "-"
    return f"{value:,.{digits}f}"


def span(values, digits=0):
    if len(values) < 2:
        return ""
    return f" ({fmt(min(values), digits)}–{fmt(max(values), digits)})"


def main() -> int:
    out = Path(sys.argv[1])
    lines = []
    machine = out / "machine.txt"
    if machine.exists():
        lines.append("```")
        lines.extend(machine.read_text().splitlines())
        lines.append("```")
        lines.append("")

    rows = {}
    results = out / "results.tsv"
    if results.exists():
        for line in results.read_text().splitlines():
            scenario, server, rep, rps, p50, p99, non2xx, errors, cpu, requests = line.split("\t")
            entry = rows.setdefault(scenario, {}).setdefault(server, [])
            entry.append(dict(rep=rep, rps=float(rps), p50=float(p50), p99=float(p99), non2xx=int(non2xx),
                              errors=int(errors), cpu=float(cpu), requests=int(requests)))
    goals = []
    if rows:
        lines.append("| scenario | ribsd req/s (min–max) | baseline req/s | ratio (pair range) | ribsd p50 / p99 µs | baseline p50 / p99 µs | CPU µs/req ribsd / baseline | non-2xx, socket errors |")
        lines.append("|---|---|---|---|---|---|---|---|")
        for scenario in ["events", "get", "create", "events-pinned", "events-shared", "events-pinned-c1", "get-pinned"]:
            if scenario not in rows:
                continue
            r, b = rows[scenario].get("ribsd", []), rows[scenario].get("baseline", [])
            rr, br = [x["rps"] for x in r], [x["rps"] for x in b]
            ratio = median(rr) / median(br) if rr and br else float("nan")
            # Each rep's two runs were measured back to back, so their ratio is the least affected by drift.
            by_rep = {x["rep"]: x["rps"] for x in b}
            pairs = [x["rps"] / by_rep[x["rep"]] for x in r
                     if x["rps"] == x["rps"] and by_rep.get(x["rep"], 0) > 0]  # NaN != NaN
            ribsd_p99 = median([x["p99"] for x in r])
            bad = sum(x["non2xx"] for x in r) + sum(x["non2xx"] for x in b)
            errs = sum(x["errors"] for x in r) + sum(x["errors"] for x in b)
            lines.append(
                f"| {TITLES.get(scenario, scenario)} | {fmt(median(rr))}{span(rr)} | {fmt(median(br))}{span(br)} | "
                f"{fmt(ratio, 2)}×{span(pairs, 2)} | {fmt(median([x['p50'] for x in r]))} / {fmt(ribsd_p99)} | "
                f"{fmt(median([x['p50'] for x in b]))} / {fmt(median([x['p99'] for x in b]))} | "
                f"{fmt(median([x['cpu'] for x in r]), 1)} / {fmt(median([x['cpu'] for x in b]), 1)} | {bad}, {errs} |")
            if scenario in GOALS:
                kind, target, label = GOALS[scenario]
                value = ratio if kind == "ratio" else ribsd_p99
                ok = value >= target if kind == "ratio" else value <= target
                shown = f"{value:.2f}×" if kind == "ratio" else f"{value / 1000:.2f} ms"
                goals.append((label, shown, ok))
        lines.append("")
        lines.append("Medians over the reps; ratio = ribsd / baseline req/s, the lowest and highest ratio of one rep's "
                     "pair (measured back to back, in ABBA order) in parentheses; CPU = server utime+stime ÷ requests. "
                     "In the row \"at once on 1 core\" the two servers share one core, so the host's swings hit "
                     "both alike; the core goes to whichever is runnable, which favours the one that waits less: "
                     "baseline ÷ ribsd CPU per request is their cost ratio.")
        lines.append("")

    memory = out / "memory.tsv"
    if memory.exists():
        lines.append("| memory | sessions alive | RSS before | RSS after | per session | peak RSS | time to create |")
        lines.append("|---|---|---|---|---|---|---|")
        for line in memory.read_text().splitlines():
            count, alive, before, after, hwm, seconds = line.split("\t")
            alive_n = max(int(alive or 0), 1)
            per = (int(after) - int(before)) * 1024 / alive_n
            lines.append(f"| {int(count):,} idle `login` sessions | {int(alive or 0):,} | {int(before) / 1024:,.1f} MiB | "
                         f"{int(after) / 1024:,.1f} MiB | {per:,.0f} B ({per / 1024:.2f} KiB) | {int(hwm) / 1024:,.1f} MiB | {seconds} s |")
            if int(count) == 1_000_000:
                goals.append(("1,000,000 sessions ≤ 4 GiB RSS", f"{int(after) / 1024 / 1024:.2f} GiB", int(after) <= 4 * 1024 * 1024))
            else:
                goals.append(("idle login session ≤ 4 KiB", f"{per / 1024:.2f} KiB", per <= 4096))
        lines.append("")

    micro = out / "micro.txt"
    if micro.exists():
        results = [l.split("\t") for l in micro.read_text().splitlines() if l.startswith("RESULT\t")]
        if results:
            lines.append("| in-process (ribsd-bench) | median | unit | batch range | note |")
            lines.append("|---|---|---|---|---|")
            for _, name, value, unit, low, high, note in results:
                lines.append(f"| {name.strip()} | {value} | {unit} | {low}–{high} | {note} |")
                if name.startswith("push+pop: SessionCore"):
                    goals.append(("push+pop ≤ 2 µs in-process", f"{float(value) / 1000:.2f} µs", float(value) <= 2000))
            lines.append("")

    callgrind = out / "callgrind.txt"
    if callgrind.exists():
        results = [l.split("\t") for l in callgrind.read_text().splitlines() if l.startswith("CALLGRIND\t")]
        if results:
            lines.append("| callgrind (instructions per operation, load-independent) | Ir/op |")
            lines.append("|---|---|")
            for _, name, value in results:
                lines.append(f"| {name} | {int(value):,} |")
            lines.append("")

    if goals:
        lines.append("| goal | measured | holds |")
        lines.append("|---|---|---|")
        for label, shown, ok in goals:
            lines.append(f"| {label} | {shown} | {'yes' if ok else '**no**'} |")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
