#!/usr/bin/env python3
"""Sessions of the `navigation` app for the batch and time-travel rows of scripts/bench, over one keep-alive
connection.

    navigation.py make PORT COUNT [VERSIONS]   COUNT new sessions, each taken to VERSIONS (default 1) by the ten
                                               events of bench/batch.lua over and over, sent in batches of 100;
                                               prints their ids, one a line
    navigation.py first PORT IDS VERSION       GET ?version=VERSION of each session in the file IDS, once (the
                                               first past read, which builds the session's timeline); prints
                                               "count p50_us max_us mean_us" of the answers' own latencies

Exits 1 if any request does not answer as the contract says.
"""
import http.client
import json
import statistics
import sys
import time

HEADERS = {"Content-Type": "application/json"}
CYCLE = [
    {"type": "push", "screen": "A"}, {"type": "push", "screen": "B"}, {"type": "push", "screen": "C"},
    {"type": "pop"}, {"type": "pop"}, {"type": "pop"},
    {"type": "push", "screen": "A"}, {"type": "pop"}, {"type": "push", "screen": "B"}, {"type": "pop"},
]
BATCH = 100  # ribsd's default --max-batch


def ask(conn, method, path, body=None, expect=200):
    conn.request(method, path, body=body, headers=HEADERS if body is not None else {})
    response = conn.getresponse()
    data = response.read()
    if response.status != expect:
        raise RuntimeError(f"{method} {path}: {response.status} {data[:200]!r}")
    return data


def make(port, count, versions):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    ids = []
    for _ in range(count):
        session = json.loads(ask(conn, "POST", "/v1/sessions", '{"app":"navigation"}', expect=201))["session"]
        applied, version = 0, 1
        while applied < versions - 1:
            events = [CYCLE[(applied + i) % len(CYCLE)] for i in range(min(BATCH, versions - 1 - applied))]
            state = json.loads(ask(conn, "POST", f"/v1/sessions/{session}/events", json.dumps({"events": events})))
            applied += len(events)
            version = state["version"]
        if version != versions:
            raise RuntimeError(f"session {session} is at version {version}, not {versions}")
        ids.append(session)
    print("\n".join(ids))


def first(port, path, version):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    latencies = []
    with open(path) as lines:
        for session in (line.strip() for line in lines if line.strip()):
            start = time.perf_counter()
            state = json.loads(ask(conn, "GET", f"/v1/sessions/{session}?version={version}"))
            latencies.append((time.perf_counter() - start) * 1e6)
            if state["version"] != version:
                raise RuntimeError(f"session {session}: ?version={version} answered version {state['version']}")
    print(f"{len(latencies)} {statistics.median(latencies):.0f} {max(latencies):.0f} {statistics.mean(latencies):.0f}")


def main() -> int:
    try:
        if len(sys.argv) >= 4 and sys.argv[1] == "make":
            make(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 1)
        elif len(sys.argv) == 5 and sys.argv[1] == "first":
            first(int(sys.argv[2]), sys.argv[3], int(sys.argv[4]))
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except (RuntimeError, OSError, KeyError, ValueError) as error:
        print(f"navigation.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
