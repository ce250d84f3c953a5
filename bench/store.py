#!/usr/bin/env python3
"""Helpers of scripts/bench's durable-store section.

    store.py template PORT DIR      a login session over HTTP: login, then push A / pop, 10 events in all; writes
                                    DIR/template-id, DIR/state-V.json (the answer of each version V) and
                                    DIR/state.json (GET of the last state, which must equal the last answer)
    store.py clone DB DIR N LIB IDS the template's rows in the ribsd database DB (the template server stopped)
                                    cloned into N sessions with new ids, the template's own rows removed; the new
                                    ids, one a line, into IDS. LIB: bench/bodydigest.c built as a shared object
    store.py evict FILE...          drops the files' pages from the page cache (fsync, POSIX_FADV_DONTNEED)
    store.py percentiles            reads latencies (µs, one a line) on stdin; prints count, p50, p90, p99,
                                    max and mean, tab-separated (nearest rank)
    store.py metrics                reads /metrics on stdin; prints the store's numbers, tab-separated:
                                    commits, records, commit seconds (sum), errors, then the commit latency
                                    histogram's cumulative buckets (le 0.0001 ... 1, +Inf); zeros without a store

A clone is the template with its id replaced, everywhere it occurs: events (which name no session) are copied
as they are, and `sessions.state_digest` is ribsd's BodyDigest (Sources/SessionService/Sessions/BodyDigest.swift)
of the template's last state with the clone's id in it, which ribsd checks when it replays the clone's log on
first touch. The events' per-version `state_digest` (informational, never checked) are copied from the template.
"""
import base64
import ctypes
import http.client
import json
import math
import os
import sqlite3
import sys
import time
from pathlib import Path

EVENTS = ['{"type":"login","name":"bench"}'] + ['{"type":"push","screen":"A"}', '{"type":"pop"}'] * 4 + ['{"type":"push","screen":"A"}']
BUCKETS = 13  # ribsd_store_commit_seconds: 12 bounds and +Inf (Sources/SessionStorage/StoreStatistics.swift)


def fail(message: str) -> int:
    print(f"store.py: {message}", file=sys.stderr)
    return 1


def template(port: int, out: Path) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"}
    conn.request("POST", "/v1/sessions", body='{"app":"login"}', headers=headers)
    response = conn.getresponse()
    body = response.read()
    if response.status != 201:
        return fail(f"create: {response.status} {body[:200]!r}")
    session = json.loads(body)["session"]
    (out / "template-id").write_text(session + "\n")
    (out / "state-1.json").write_bytes(body)
    last = body
    for event in EVENTS:
        conn.request("POST", f"/v1/sessions/{session}/events", body=event, headers=headers)
        response = conn.getresponse()
        last = response.read()
        if response.status != 200:
            return fail(f"event {event}: {response.status} {last[:200]!r}")
        version = json.loads(last)["version"]
        (out / f"state-{version}.json").write_bytes(last)
    conn.request("GET", f"/v1/sessions/{session}")
    response = conn.getresponse()
    state = response.read()
    if response.status != 200 or state != last:
        return fail(f"GET after the events: {response.status}, {'the same' if state == last else 'not the'} bytes as the last answer")
    (out / "state.json").write_bytes(state)
    print(f"template {session}: {len(EVENTS)} events, version {json.loads(state)['version']}, state {len(state)} B")
    return 0


def new_ids(count: int) -> list[bytes]:
    """`count` distinct ids as ribsd makes them: 128 random bits, base64url without padding (22 characters)."""
    ids: set[bytes] = set()
    while len(ids) < count:
        ids.add(base64.urlsafe_b64encode(os.urandom(16)).rstrip(b"="))
    return sorted(ids)  # in key order: the b-trees are appended to, not split all over


def clone(db: str, folder: Path, count: int, lib_path: str, ids_path: str) -> int:
    started = time.monotonic()
    lib = ctypes.CDLL(os.path.abspath(lib_path))
    lib.body_digest.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
    lib.clone_digests.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t), ctypes.c_size_t,
                                  ctypes.c_char_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_char_p]
    lib.clone_digests.restype = ctypes.c_int

    def digest(data: bytes) -> bytes:
        out = ctypes.create_string_buffer(24)
        lib.body_digest(data, len(data), out)
        return out.raw

    template_id = (folder / "template-id").read_text().strip()
    state = (folder / "state.json").read_bytes()
    con = sqlite3.connect(db, isolation_level=None)
    row = con.execute("SELECT app, version, state_digest FROM sessions WHERE id = ?", (template_id,)).fetchone()
    if row is None:
        return fail(f"{db} has no session {template_id}")
    app, version, stored_digest = row
    events = con.execute("SELECT version, event, at, state_digest FROM events WHERE session = ? ORDER BY version",
                         (template_id,)).fetchall()
    answers = con.execute("SELECT count(*) FROM answers WHERE session = ?", (template_id,)).fetchone()[0]
    if len(events) != version - 1 or answers != 0:
        return fail(f"template {template_id}: version {version} with {len(events)} events and {answers} answers")
    # The digest as ribsd computes it: checked on the template itself before it is trusted for the clones.
    if digest(state) != bytes(stored_digest):
        return fail("BodyDigest of the template's state is not the stored state_digest (bodydigest.c out of date?)")
    for event_version, _, _, event_digest in events:
        path = folder / f"state-{event_version}.json"
        if path.exists() and digest(path.read_bytes()) != bytes(event_digest):
            return fail(f"BodyDigest of state-{event_version}.json is not the stored digest of version {event_version}")

    key = template_id.encode()
    offsets = []
    at = state.find(key)
    while at >= 0:
        offsets.append(at)
        at = state.find(key, at + len(key))
    if not offsets:
        return fail("the template's state does not name its session")
    ids = new_ids(count)
    if any(len(i) != len(key) for i in ids):
        return fail(f"template id of {len(key)} characters, clones of 22")
    digests = ctypes.create_string_buffer(24 * count)
    offset_array = (ctypes.c_size_t * len(offsets))(*offsets)
    if lib.clone_digests(state, len(state), offset_array, len(offsets), b"".join(ids), len(key), count, digests) != 0:
        return fail("clone_digests refused the template")
    raw = digests.raw
    # Spot check: a few clones' digests against the digest of their state built the plain way.
    for i in (0, count // 2, count - 1):
        if digest(state.replace(key, ids[i])) != raw[24 * i:24 * i + 24]:
            return fail("clone digests disagree with the plain digest")
    digested = time.monotonic()

    now = int(time.time() * 1000)
    # One transaction, no journal (a failed build is thrown away), then back to WAL as ribsd keeps it.
    con.execute("PRAGMA journal_mode = OFF")
    con.execute("PRAGMA synchronous = OFF")
    con.execute("PRAGMA cache_size = -262144")
    con.execute("BEGIN")
    con.executemany(
        "INSERT INTO sessions (id, app, created_at, last_access_at, version, state_digest) VALUES (?, ?, ?, ?, ?, ?)",
        ((ids[i].decode(), app, now, now, version, raw[24 * i:24 * i + 24]) for i in range(count)))
    con.executemany(
        "INSERT INTO events (session, version, event, at, state_digest) VALUES (?, ?, ?, ?, ?)",
        ((i.decode(), v, event, event_at, event_digest) for i in ids for v, event, event_at, event_digest in events))
    for table, column in (("events", "session"), ("answers", "session"), ("sessions", "id")):
        con.execute(f"DELETE FROM {table} WHERE {column} = ?", (template_id,))
    con.execute("COMMIT")
    mode = con.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    stored = con.execute("SELECT count(*) FROM sessions").fetchone()[0]
    con.close()
    if mode != "wal" or stored != count:
        return fail(f"after the clone: journal mode {mode}, {stored} sessions")
    # On the disk before ribsd is timed: the kernel's write-back of a GiB must not run during the start.
    for path in (db, db + "-wal"):
        if os.path.exists(path):
            fd = os.open(path, os.O_RDONLY)
            os.fsync(fd)
            os.close(fd)
    with open(ids_path, "w") as out:
        out.write(b"\n".join(ids).decode() + "\n")
    done = time.monotonic()
    size = sum(os.path.getsize(p) for p in (db, db + "-wal") if os.path.exists(p))
    print(f"cloned {count:,} sessions of {len(events)} events in {done - started:.1f} s "
          f"(digests {digested - started:.1f} s, inserts {done - digested:.1f} s); database {size / 2**20:,.0f} MiB")
    return 0


def evict(paths: list[str]) -> int:
    for path in paths:
        if not os.path.exists(path):
            continue
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)
    return 0


def metrics() -> int:
    values = {}
    buckets = []
    for line in sys.stdin:
        if line.startswith("ribsd_store_commit_seconds_bucket"):
            buckets.append(line.split()[-1])
        elif line.startswith("ribsd_store_"):
            name, value = line.split()[:2]
            values[name] = value
    if len(buckets) != BUCKETS:
        buckets = ["0"] * BUCKETS
    fields = [values.get(name, "0") for name in
              ("ribsd_store_commit_seconds_count", "ribsd_store_records_total", "ribsd_store_commit_seconds_sum",
               "ribsd_store_errors_total")]
    print("\t".join(fields + buckets))
    return 0


def percentiles() -> int:
    values = sorted(float(line) for line in sys.stdin if line.strip())
    if not values:
        print("\t".join(["0"] + ["nan"] * 5))
        return 0

    def rank(q: float) -> float:
        return values[max(0, min(len(values) - 1, math.ceil(q * len(values)) - 1))]

    print("\t".join([str(len(values))] + [f"{v:.1f}" for v in (rank(0.5), rank(0.9), rank(0.99), values[-1],
                                                                 sum(values) / len(values))]))
    return 0


def main() -> int:
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "template" and len(sys.argv) == 4:
        return template(int(sys.argv[2]), Path(sys.argv[3]))
    if command == "clone" and len(sys.argv) == 7:
        return clone(sys.argv[2], Path(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6])
    if command == "evict":
        return evict(sys.argv[2:])
    if command == "percentiles":
        return percentiles()
    if command == "metrics":
        return metrics()
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
