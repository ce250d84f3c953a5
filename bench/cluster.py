#!/usr/bin/env python3
"""Turns bench/cluster.sh's cluster.tsv (and cluster-settings.txt) into a markdown table and the goal's line.

    cluster.py OUT

Columns of cluster.tsv: kind, rep, req/s, p50 µs, p99 µs, non-2xx, socket errors, requests, setup CPU µs per
event, store round trips, store records, conflicts, 1-minute load average at the run's start, then CPU µs per
event of the ribsd processes, of redis-server and of nginx apart, store errors, the commits' mean time in µs.
"""
import statistics
import sys
from pathlib import Path

KINDS = {
    "memory": "one ribsd, --store memory",
    "sqlite": "one ribsd, --store sqlite (--sync normal)",
    "sticky": "{n} ribsd on Redis, nginx sticky (hash by session id)",
    "roundrobin": "{n} ribsd on Redis, nginx round-robin",
}
GOAL = ("sticky", 0.5)


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


def roles(r, shared):
    """The CPU an event of the ribsd processes, redis-server and nginx, for the shared setups."""
    if not shared:
        return ""
    parts = [fmt(median([x["roles"][i] for x in r]), 1) for i in range(3)]
    return f": {parts[0]} + {parts[1]} + {parts[2]}"


def main() -> int:
    out = Path(sys.argv[1])
    rows = {}
    for line in (out / "cluster.tsv").read_text().splitlines():
        f = line.split("\t")
        rows.setdefault(f[0], []).append({
            "rep": int(f[1]), "rps": float(f[2]), "p50": float(f[3]), "p99": float(f[4]), "non2xx": int(f[5]),
            "errors": int(f[6]), "requests": int(f[7]), "cpu": float(f[8]), "trips": int(f[9]), "records": int(f[10]),
            "conflicts": int(f[11]), "load": float(f[12]),
            "roles": [float(v) for v in f[13:16]],
            "store_errors": int(f[16]), "commit": float(f[17]),
        })
    settings = (out / "cluster-settings.txt").read_text().splitlines() if (out / "cluster-settings.txt").exists() else []
    instances = settings[0].split(";")[0].split()[-1] if settings else "3"
    memory = rows.get("memory", [])
    memory_rps = median([x["rps"] for x in memory])
    memory_by_rep = {x["rep"]: x["rps"] for x in memory}
    print("| setup | events/s (min–max) | × one ribsd in memory (pair range) | p50 / p99 µs | CPU µs an event, "
          "all its processes: ribsd + Redis + nginx | store round trips an event | conflicts an event | "
          "commit mean µs | non-2xx, socket errors, store errors | load average |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    ratios = {}
    for kind, title in KINDS.items():
        r = rows.get(kind, [])
        if not r:
            continue
        rps = [x["rps"] for x in r]
        ratio = median(rps) / memory_rps if memory_rps > 0 else float("nan")
        ratios[kind] = ratio
        pairs = [x["rps"] / memory_by_rep[x["rep"]] for x in r if memory_by_rep.get(x["rep"], 0) > 0]
        records = sum(x["records"] for x in r)
        trips = sum(x["trips"] for x in r)
        shared = kind in ("sticky", "roundrobin")
        per_event = fmt(trips / records, 2) if shared and records > 0 else ""
        conflicts = fmt(sum(x["conflicts"] for x in r) / records, 3) if shared and records > 0 else ""
        loads = [x["load"] for x in r]
        commit = fmt(median([x["commit"] for x in r])) if kind != "memory" else ""
        print(f"| {title.format(n=instances)} | {fmt(median(rps))}{span(rps)} | "
              f"{'' if kind == 'memory' else fmt(ratio, 2) + '×' + span(pairs, 2)} | "
              f"{fmt(median([x['p50'] for x in r]))} / {fmt(median([x['p99'] for x in r]))} | "
              f"{fmt(median([x['cpu'] for x in r]), 1)}{roles(r, shared)} | {per_event} | {conflicts} | {commit} | "
              f"{sum(x['non2xx'] for x in r)}, {sum(x['errors'] for x in r)}, {sum(x['store_errors'] for x in r)} | "
              f"{fmt(median(loads), 1)}{span(loads, 1)} |")
    print()
    print("Medians over the reps; × one ribsd in memory: the ratio of the medians, and in parentheses the lowest and "
          "highest ratio to the memory run of the same rep. p99: wrk's, corrected for coordinated omission. CPU: "
          "utime+stime of the setup's processes (ribsd; redis-server and nginx's master and workers for the shared "
          "ones) over the measured run ÷ events. Round trips and conflicts: `ribsd_store_round_trips_total`, "
          "`ribsd_store_conflicts_total` over `ribsd_store_records_total`, summed over the instances. Commit mean: "
          "`ribsd_store_commit_seconds` (SQLite: the writer's commit; Redis: the append script's round trip, "
          "appendfsync included), the median of the runs' means. Store errors: `ribsd_store_errors_total`. Load "
          "average: the host's 1-minute figure at each run's start.")
    if settings:
        print()
        print("Settings: " + "; ".join(settings))
    kind, target = GOAL
    if kind in ratios:
        ratio = ratios[kind]
        print()
        print(f"Goal: {kind} ≥ {target}× one ribsd in memory: {fmt(ratio, 2)}×, "
              f"{'holds' if ratio >= target else 'does not hold'}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
