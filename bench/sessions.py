#!/usr/bin/env python3
"""Creates N login sessions on ribsd over one keep-alive connection, logs each in, prints their ids.

    sessions.py PORT N [--no-login]

Exits 1 if any request does not answer as the contract says (201 then 200).
"""
import http.client
import json
import sys


def main() -> int:
    port, count = int(sys.argv[1]), int(sys.argv[2])
    login = "--no-login" not in sys.argv
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"}
    ids = []
    for _ in range(count):
        conn.request("POST", "/v1/sessions", body='{"app":"login"}', headers=headers)
        response = conn.getresponse()
        body = response.read()
        if response.status != 201:
            print(f"create: {response.status} {body[:200]!r}", file=sys.stderr)
            return 1
        session = json.loads(body)["session"]
        if login:
            conn.request("POST", f"/v1/sessions/{session}/events", body='{"type":"login","name":"bench"}', headers=headers)
            response = conn.getresponse()
            body = response.read()
            if response.status != 200:
                print(f"login: {response.status} {body[:200]!r}", file=sys.stderr)
                return 1
        ids.append(session)
    print("\n".join(ids))
    return 0


if __name__ == "__main__":
    sys.exit(main())
