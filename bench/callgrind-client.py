#!/usr/bin/env python3
"""Sends N keep-alive requests to the C baseline (used under callgrind by bench/callgrind.sh).

    callgrind-client.py PORT N events|get
"""
import http.client
import sys

port, count, kind = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
for _ in range(count):
    if kind == "events":
        conn.request("POST", "/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA/events", body='{"type":"push","screen":"A"}',
                     headers={"Content-Type": "application/json"})
    else:
        conn.request("GET", "/v1/sessions/AAAAAAAAAAAAAAAAAAAAAA")
    response = conn.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"status {response.status}")
