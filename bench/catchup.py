#!/usr/bin/env python3
"""What a session moving between two instances costs as its history grows: one redis-server (appendfsync
everysec, a temporary folder) and two ribsd on it, one `navigation` session, taken to each version of VERSIONS
with batches on the first instance. At each: 100 events alternating between the instances (push A on the first,
pop on the second: each lands on a copy that is behind, is refused there, and catches up), then 100 more each
after a GET on the same instance (the GET catches the copy up; the event then finds it current), the GET and the
event timed apart. Prints one line per version, in µs.

    bench/catchup.py RIBSD [VERSIONS]     VERSIONS: comma-separated, default 2,1000,5000,20000

Everything it starts listens on 127.0.0.1 and is stopped (by pid) when it ends.
"""
import http.client
import json
import socket
import subprocess
import sys
import tempfile
import time

HEADERS = {"Content-Type": "application/json"}
PUSH, POP = {"type": "push", "screen": "A"}, {"type": "pop"}
TEN = [{"type": "push", "screen": s} for s in "ABC"] + [POP] * 3 + [PUSH, POP]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(connection, method, path, body=None):
    connection.request(method, path, body=None if body is None else json.dumps(body), headers=HEADERS)
    response = connection.getresponse()
    data = response.read()
    if response.status not in (200, 201):
        raise SystemExit(f"{method} {path}: {response.status} {data[:200]!r}")
    return json.loads(data)


def start_ribsd(ribsd, redis_port):
    process = subprocess.Popen([ribsd, "--port", "0", "--store", f"redis://127.0.0.1:{redis_port}", "--log-level", "off"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    if "listening on http://127.0.0.1:" not in line:
        raise SystemExit(f"ribsd did not start: {line!r}")
    return process, int(line.rsplit(":", 1)[1])


def measure(first, second, events, state, count=100):
    start = time.perf_counter()
    for i in range(count):
        request(first if i % 2 == 0 else second, "POST", events, PUSH if i % 2 == 0 else POP)
    alternating = (time.perf_counter() - start) / count * 1e6
    reads = changes = 0.0
    for i in range(count):
        connection = first if i % 2 == 0 else second
        t0 = time.perf_counter()
        request(connection, "GET", state)
        t1 = time.perf_counter()
        request(connection, "POST", events, PUSH if i % 2 == 0 else POP)
        reads += t1 - t0
        changes += time.perf_counter() - t1
    return alternating, reads / count * 1e6, changes / count * 1e6


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    ribsd = sys.argv[1]
    versions = [int(v) for v in (sys.argv[2] if len(sys.argv) > 2 else "2,1000,5000,20000").split(",")]
    processes = []
    with tempfile.TemporaryDirectory(prefix="ribsd-catchup-") as folder:
        try:
            redis_port = free_port()
            processes.append(subprocess.Popen(
                ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--dir", folder, "--save", "",
                 "--appendonly", "yes", "--appendfsync", "everysec", "--logfile", f"{folder}/redis.log"]))
            for _ in range(100):
                if subprocess.run(["redis-cli", "-p", str(redis_port), "ping"], capture_output=True).returncode == 0:
                    break
                time.sleep(0.05)
            ports = []
            for _ in range(2):
                process, port = start_ribsd(ribsd, redis_port)
                processes.append(process)
                ports.append(port)
            first, second = (http.client.HTTPConnection("127.0.0.1", port, timeout=60) for port in ports)
            session = request(first, "POST", "/v1/sessions", {"app": "navigation"})["session"]
            events, state = f"/v1/sessions/{session}/events", f"/v1/sessions/{session}"
            print("version | event alternating between instances µs | GET that catches up µs | event after it µs")
            for target in versions:
                version = 1
                while version < target:
                    version = request(first, "POST", events, {"events": TEN})["version"]
                alternating, read, change = measure(first, second, events, state)
                print(f"{version:>7} | {alternating:>10,.0f} | {read:>10,.0f} | {change:>8,.0f}", flush=True)
        finally:
            for process in reversed(processes):
                process.terminate()
                process.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
