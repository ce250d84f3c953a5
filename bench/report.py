#!/usr/bin/env python3
"""Turns the raw results of scripts/bench (results.tsv, memory.tsv, micro.txt, machine.txt) into tables."""
import math
import os
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


STORE_KINDS = ["memory", "sqlite-normal", "sqlite-full"]
STORE_TITLES = {"store-events": "events (push A / pop), -t2 -c32", "store-create": "POST /v1/sessions, -t2 -c32"}
STORE_GOALS = {  # events on each sqlite store against the memory one
    "sqlite-normal": 0.8,
    "sqlite-full": 0.5,
}
CACHE_LABELS = {"warm": "cached", "evicted": "dropped"}
GOAL_CACHE = {"warm": "file cached", "evicted": "file not cached"}
COMMIT_BOUNDS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, math.inf]


def store_metrics(out):
    """(scenario, kind) -> summed deltas over its reps: writer ticks, wchar, syscw, write_bytes, commits, records,
    commit seconds, errors, then the commit histogram's buckets."""
    totals = {}
    path = out / "store-metrics.tsv"
    if not path.exists():
        return totals
    for line in path.read_text().splitlines():
        fields = line.split("\t")
        scenario, kind, values = fields[0], fields[1], [float(x) for x in fields[3:]]
        half = len(values) // 2
        delta = [b - a for a, b in zip(values[:half], values[half:])]
        entry = totals.setdefault((scenario, kind), [0.0] * half)
        totals[(scenario, kind)] = [x + d for x, d in zip(entry, delta)]
    return totals


def commit_quantile(buckets, q):
    """The upper bound of the histogram bucket (cumulative counts) that holds quantile q."""
    total = buckets[-1]
    if total <= 0:
        return float("nan")
    for bound, count in zip(COMMIT_BOUNDS, buckets):
        if count >= q * total:
            return bound
    return math.inf


def store_tables(out, rows, goals):
    lines = []
    metrics = store_metrics(out)
    ticks_per_second = os.sysconf("SC_CLK_TCK")
    if any(s in rows for s in STORE_TITLES):
        lines.append("| store: scenario, server | req/s (min–max) | × memory (pair range) | p50 / p99 µs | p99 × memory | "
                     "CPU µs/req | records per commit | commit mean / p99 bucket | writer CPU µs/record | "
                     "written per record (writes per commit) | non-2xx, socket errors |")
        lines.append("|---|---|---|---|---|---|---|---|---|---|---|")
        for scenario, title in STORE_TITLES.items():
            if scenario not in rows:
                continue
            memory = rows[scenario].get("memory", [])
            memory_rps = median([x["rps"] for x in memory])
            memory_p99 = median([x["p99"] for x in memory])
            memory_by_rep = {x["rep"]: x["rps"] for x in memory}
            for kind in STORE_KINDS:
                r = rows[scenario].get(kind, [])
                if not r:
                    continue
                rps = [x["rps"] for x in r]
                p99 = median([x["p99"] for x in r])
                ratio = median(rps) / memory_rps if kind != "memory" and memory_rps > 0 else float("nan")
                pairs = [x["rps"] / memory_by_rep[x["rep"]] for x in r if memory_by_rep.get(x["rep"], 0) > 0]
                p99_ratio = p99 / memory_p99 if kind != "memory" and memory_p99 > 0 else float("nan")
                m = metrics.get((scenario, kind))
                per_commit = commit_mean = commit_p99 = writer = written = writes = float("nan")
                if m and m[4] > 0:
                    ticks, wchar, syscw, commits, records, seconds = m[0], m[1], m[2], m[4], m[5], m[6]
                    per_commit = records / commits
                    commit_mean = seconds / commits * 1000
                    commit_p99 = commit_quantile(m[8:], 0.99) * 1000
                    writer = ticks / ticks_per_second * 1e6 / records if records > 0 else float("nan")
                    written = wchar / records / 1024 if records > 0 else float("nan")
                    writes = syscw / commits
                bad = sum(x["non2xx"] for x in r)
                errs = sum(x["errors"] for x in r)
                lines.append(
                    f"| {title}, {kind} | {fmt(median(rps))}{span(rps)} | "
                    f"{'' if kind == 'memory' else fmt(ratio, 2) + '×' + span(pairs, 2)} | "
                    f"{fmt(median([x['p50'] for x in r]))} / {fmt(p99)} | {'' if kind == 'memory' else fmt(p99_ratio, 2) + '×'} | "
                    f"{fmt(median([x['cpu'] for x in r]), 1)} | {fmt(per_commit, 1) if kind != 'memory' else ''} | "
                    f"{'' if kind == 'memory' else fmt(commit_mean, 3) + ' / ≤ ' + fmt(commit_p99, 2) + ' ms'} | "
                    f"{fmt(writer, 1) if kind != 'memory' else ''} | "
                    f"{'' if kind == 'memory' else fmt(written, 1) + ' KiB (' + fmt(writes, 1) + ')'} | {bad}, {errs} |")
                if scenario == "store-events" and kind in STORE_GOALS:
                    target = STORE_GOALS[kind]
                    goals.append((f"{kind} events ≥ {target}× memory", f"{ratio:.2f}×", ratio >= target))
                    goals.append((f"{kind} events p99 ≤ 2× memory's", f"{p99_ratio:.2f}× ({p99 / 1000:.2f} ms)",
                                  p99_ratio <= 2))
        lines.append("")
        lines.append("Three ribsd side by side (`--store memory`, `--store sqlite --sync normal`, `--store sqlite --sync "
                     "full`, fresh data dirs), measured one after the other in an order that moves on by one each rep; "
                     "medians over the reps. × memory: the ratio of medians, and in parentheses the lowest and highest "
                     "ratio to the memory run of the same rep. p99: wrk's, corrected for coordinated omission like every "
                     "row above. Records per commit, commit time (mean, and the histogram bucket that holds the 99th "
                     "percentile), the writer thread's CPU per record, and the bytes the process handed to write calls "
                     "per record (`wchar`; write calls `syscw` per commit): from `/metrics` (`ribsd_store_*`), "
                     "`/proc/PID/task/TID/stat` and `/proc/PID/io` before and after each server's runs, warm-ups "
                     "included. Goals: "
                     "sqlite-normal events ≥ 0.8× memory, sqlite-full ≥ 0.5×, p99 ≤ 2× memory's.")
        lines.append("")

    start = out / "store-start.tsv"
    if start.exists():
        runs = {}
        for line in start.read_text().splitlines():
            count, cache, seconds, rss, hwm, size, ok, tried, unrestorable, number, stop, idle = line.split("\t")
            runs.setdefault((int(count), cache), []).append(dict(
                seconds=float(seconds), rss=int(rss), hwm=int(hwm), size=int(size), ok=ok, tried=tried,
                unrestorable=unrestorable, stop=float(stop) if stop else float("nan"), idle=idle))
        lines.append("| stored sessions (10 events each) | page cache | database | listening after (min–max) | RSS after | "
                     "peak RSS | SIGTERM to exit | CPU while idle | 5 random clones: GET 200 | unrestorable |")
        lines.append("|---|---|---|---|---|---|---|---|---|---|")
        for (count, cache), r in runs.items():
            seconds = [x["seconds"] for x in r]
            last = r[-1]
            label = "none (a new store)" if count == 0 else f"{count:,}"
            clones = f"{last['ok']} of {last['tried']}" if count else ""
            cache_label = {"warm": "cached (as after a stop)", "evicted": "dropped (as after a reboot)"}.get(cache, cache)
            lines.append(
                f"| {label} | {cache_label if count else ''} | {last['size'] / 2**20:,.0f} MiB | "
                f"{median(seconds):.3f} s{span(seconds, 3)}{f' ({len(r)} starts)' if len(r) > 1 else ''} | "
                f"{median([x['rss'] for x in r]) / 1024:,.1f} MiB | {median([x['hwm'] for x in r]) / 1024:,.1f} MiB | "
                f"{fmt(median([x['stop'] for x in r]), 3) + ' s' if count else ''} | "
                f"{last['idle'] + ' ms/s' if last['idle'] else ''} | {clones} | "
                f"{last['unrestorable'] if count else ''} |")
            if count == 1_000_000:
                goals.append((f"listening ≤ 3 s with 1,000,000 stored sessions, {GOAL_CACHE.get(cache, cache)}",
                              f"{median(seconds):.2f} s", median(seconds) <= 3))
        if not any(count == 1_000_000 for count, _ in runs):
            goals.append(("listening ≤ 3 s with 1,000,000 stored sessions", "not run (--million)", None))
        lines.append("")
        lines.append("Listening after: from the launch to the line `ribsd listening on …` on stdout (its file's mtime), "
                     "the median of the starts (each after the previous one's SIGTERM). RSS: VmRSS just after it; "
                     "peak: VmHWM. CPU while idle: the server's CPU over 3 s right after the last start, nothing "
                     "asked of it. The database: one `login` session made over HTTP (login, then push A / pop: 10 "
                     "events), cloned with new ids by `bench/store.py` (its state digest recomputed for each id); "
                     "page cache dropped: `posix_fadvise(DONTNEED)` on the database's files before each start.")
        lines.append("")

    cold = out / "store-cold.tsv"
    if cold.exists():
        lines.append("| first event after the restart | page cache | events | p50 µs | p90 µs | p99 µs | max µs | mean µs | "
                     "non-2xx, socket errors | wrk's corrected p99 µs | commits: mean µs, > 5 ms |")
        lines.append("|---|---|---|---|---|---|---|---|---|---|---|")
        for line in cold.read_text().splitlines():
            fields = line.split("\t")
            count, cache, kind, n, p50, p90, p99, mx, mean, non2xx, errors, wrk_p99 = fields[:12]
            counters = [float(x) for x in fields[12:]]
            half = len(counters) // 2
            delta = [b - a for a, b in zip(counters[:half], counters[half:])]
            commits_note = ""
            if len(delta) >= 10 and delta[0] > 0:
                slow = delta[0] - delta[4 + COMMIT_BOUNDS.index(0.005)]
                commits_note = f"{delta[2] / delta[0] * 1e6:,.0f}, {slow:.0f} of {delta[0]:,.0f}"
            what = (f"{int(count):,} stored: a dormant session's first" if kind == "cold"
                    else f"{int(count):,} stored: the same sessions' second (awake)")
            lines.append(f"| {what} | {CACHE_LABELS.get(cache, cache)} | {int(n):,} | {fmt(float(p50))} | {fmt(float(p90))} | {fmt(float(p99))} | "
                         f"{fmt(float(mx))} | {fmt(float(mean))} | {non2xx}, {errors} | {fmt(float(wrk_p99))} | {commits_note} |")
            if kind == "cold":
                goals.append((f"first event on a cold session p99 ≤ 1 ms ({int(count):,} stored, {GOAL_CACHE.get(cache, cache)})",
                              f"{float(p99) / 1000:.2f} ms", float(p99) <= 1000))
        lines.append("")
        lines.append("One event to each of that many distinct dormant sessions (replayed from the store on first touch), "
                     "over one connection (`wrk -t1 -c1`, `bench/cold.lua`), then one more to each of the same, now "
                     "awake. Each answer's own latency, from the request's write to its answer (LuaJIT FFI "
                     "`clock_gettime` in `cold.lua`); wrk's own percentiles add made-up samples for coordinated "
                     "omission, shown for comparison. Commits: from `/metrics` before and after (one commit per event "
                     "here), their mean time and how many took over 5 ms.")
        lines.append("")
    return lines


BATCH_KINDS = {"batch-memory": "memory", "batch-sqlite": "sqlite (--sync normal)"}
BATCH_SIDES = {"single": ("ten requests, one event each", 1), "batch": ("one `{\"events\":[...]}` of the ten", 10)}
TIMETRAVEL_SCENARIOS = {"timetravel-c1": "-t1 -c1, each answer's own latency", "timetravel": "-t2 -c32"}


def pair_ratios(r, other):
    """Each rep's ratio of r to other (the two measured back to back, or near it, on the same server)."""
    by_rep = {x["rep"]: x["rps"] for x in other}
    return [x["rps"] / by_rep[x["rep"]] for x in r if by_rep.get(x["rep"], 0) > 0]


def batch_tables(rows):
    lines = []
    if not any(s in rows for s in BATCH_KINDS):
        return lines
    lines.append("| batch: store, how the ten events go | events/s (min–max) | × ten requests (pair range) | requests/s | "
                 "p50 / p99 µs a request | CPU µs an event | non-2xx, socket errors |")
    lines.append("|---|---|---|---|---|---|---|")
    for scenario, store in BATCH_KINDS.items():
        if scenario not in rows:
            continue
        singles = rows[scenario].get("single", [])
        for side, (title, size) in BATCH_SIDES.items():
            r = rows[scenario].get(side, [])
            if not r:
                continue
            events = [x["rps"] * size for x in r]
            ratio = pairs = ""
            if side != "single" and singles:
                ratio = f"{median(events) / median([x['rps'] for x in singles]):.2f}×"
                pairs = span([q * size for q in pair_ratios(r, singles)], 2)
            lines.append(
                f"| {store}: {title} | {fmt(median(events))}{span(events)} | {ratio}{pairs} | "
                f"{fmt(median([x['rps'] for x in r]))} | {fmt(median([x['p50'] for x in r]))} / "
                f"{fmt(median([x['p99'] for x in r]))} | {fmt(median([x['cpu'] for x in r]) / size, 1)} | "
                f"{sum(x['non2xx'] for x in r)}, {sum(x['errors'] for x in r)} |")
    lines.append("")
    lines.append("The same ten events on `navigation` sessions (push A, push B, push C, pop, pop, pop, push A, pop, "
                 "push B, pop: `bench/batch.lua`), each wrk connection on a session of its own, fresh sessions for "
                 "every run: ten `POST …/events` of one event each against one `{\"events\":[...]}` of all ten, "
                 "side by side on one ribsd (ABBA order), wrk -t2 -c32. Events/s: requests/s × the events a request "
                 "carries; × ten requests: the ratio of the medians, and in parentheses each rep's pair. p50 / p99: "
                 "wrk's, a request's (a batch's p99 covers ten events), corrected for coordinated omission; CPU: the "
                 "server's utime+stime ÷ events.")
    lines.append("")
    return lines


def timetravel_tables(out, rows, goals):
    lines = []
    if any(s in rows for s in TIMETRAVEL_SCENARIOS):
        lines.append("| time travel: GET, load | req/s (min–max) | × the current state's GET (pair range) | p50 / p99 µs | "
                     "CPU µs/req | non-2xx, socket errors |")
        lines.append("|---|---|---|---|---|---|")
        for scenario, title in TIMETRAVEL_SCENARIOS.items():
            if scenario not in rows:
                continue
            current = rows[scenario].get("current", [])
            for side in ["current", "10", "100", "1000"]:
                r = rows[scenario].get(side, [])
                if not r:
                    continue
                rps = [x["rps"] for x in r]
                ratio = ""
                if side != "current" and current:
                    ratio = f"{median(rps) / median([x['rps'] for x in current]):.2f}×{span(pair_ratios(r, current), 2)}"
                what = "the current state" if side == "current" else f"?version={int(side):,}"
                p99 = median([x["p99"] for x in r])
                lines.append(
                    f"| {what}, {title} | {fmt(median(rps))}{span(rps)} | {ratio} | "
                    f"{fmt(median([x['p50'] for x in r]))} / {fmt(p99)} | "
                    f"{fmt(median([x['cpu'] for x in r]), 1)} | {sum(x['non2xx'] for x in r)}, {sum(x['errors'] for x in r)} |")
                if side == "1000" and scenario == "timetravel-c1":
                    worst = max(x["p99"] for x in r)
                    goals.append(("?version=1,000 p99 < 1 ms over HTTP (one connection, own latency)",
                                  f"{p99 / 1000:.3f} ms (reps ≤ {worst / 1000:.3f} ms)", p99 < 1000))
        lines.append("")
    path = out / "timetravel.tsv"
    if path.exists():
        lines.append("| timelines built (first past read) | versions each | first read p50 / max / mean µs | "
                     "ribsd_held_bytes per session | RSS per session |")
        lines.append("|---|---|---|---|---|")
        for line in path.read_text().splitlines():
            sessions, versions, rss_before, rss_after, held_before, held_after, count, p50, mx, mean = line.split("\t")
            n = max(int(sessions), 1)
            held = (int(held_after) - int(held_before)) / n
            rss = (int(rss_after) - int(rss_before)) * 1024 / n
            lines.append(f"| {int(sessions):,} | {int(versions):,} | {fmt(float(p50))} / {fmt(float(mx))} / {fmt(float(mean))} | "
                         f"{held / 1024:,.1f} KiB ({held / int(versions):,.0f} B a version) | "
                         f"{rss / 1024:,.1f} KiB |")
        lines.append("")
    if lines:
        lines.append("Time travel over HTTP: `navigation` sessions taken to version 1,001 by the ten events of the batch "
                     "rows (in batches of 100), one ribsd `--store memory` (the timeline is the same in memory with "
                     "the sqlite store). First, `GET ?version=1000` of each, once (`bench/navigation.py first`, over "
                     "one connection, the client's clock): the read that builds the session's timeline by replaying "
                     "its history; RSS and `ribsd_held_bytes` before and after, per session. Then `GET ?version=N` "
                     "of those sessions (`bench/version.lua`) against the current state's GET on the same sessions, "
                     "in an order that moves on by one each rep: with one connection, each answer's own latency "
                     "(from the write of the request to the answer; wrk's percentiles, corrected for coordinated "
                     "omission, turn one stall of the host into a p99 of tens of ms there), and under the usual "
                     "load (wrk's).")
        lines.append("")
    return lines


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
    if any(scenario in rows for scenario in TITLES):
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

    lines.extend(store_tables(out, rows, goals))
    lines.extend(batch_tables(rows))
    lines.extend(timetravel_tables(out, rows, goals))

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
                if name.startswith("push+pop: ") and name.strip().endswith("declared ÷ Swift"):
                    app = name.split(":")[1].split(",")[0].strip()
                    goals.append((f"declared {app} push+pop ≤ 1.25× its Swift twin", f"{float(value) / 100:.2f}×", float(value) <= 125))
                if name.startswith("time travel: ?version=1000 ") and name.strip().endswith("p99"):
                    goals.append(("?version=1,000 p99 < 1 ms in-process", f"{float(value):.1f} µs", float(value) < 1000))
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
            lines.append(f"| {label} | {shown} | {'-' if ok is None else 'yes' if ok else '**no**'} |")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
