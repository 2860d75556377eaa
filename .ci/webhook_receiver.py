"""A webhook receiver for checks: verifies Standard Webhooks signatures and logs deliveries.

Python standard library only. Every POST is checked against the secret (HMAC-SHA256 over
"<webhook-id>.<webhook-timestamp>.<body>", `v1,<base64>` signatures, a timestamp tolerance)
and recorded as one JSON line: id, type (the body's "type"), verified, the status answered,
and how many times that id had been seen before. Retries repeat the id, so the summary
counts deliveries and distinct ids separately.

    python3 webhook_receiver.py --secret whsec_... --log deliveries.jsonl [--port 0]
                                [--port-file FILE] [--fail-first N] [--tolerance 300]
    python3 webhook_receiver.py --summarize deliveries.jsonl
    python3 webhook_receiver.py --selftest

The server prints its port on the first line of stdout (and to --port-file), answers 500
to the first N deliveries when told to (so the sender must retry), 401 to a delivery that
does not verify and 204 otherwise, and prints the summary as JSON when stopped with
SIGTERM or SIGINT. Bodies are never logged.
"""

import argparse
import base64
import hashlib
import hmac
import json
import os
import signal
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The specification's published test vector.
VECTOR = {
    "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    "id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
    "timestamp": 1614265330,
    "body": b'{"test": 2432232314}',
    "signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
}


class VerificationError(Exception):
    pass


def secret_key(secret):
    """The HMAC key: the base64 after the optional `whsec_` prefix."""
    body = secret[len("whsec_"):] if secret.startswith("whsec_") else secret
    key = base64.b64decode(body, validate=True)
    if not key:
        raise ValueError("empty webhook secret")
    return key


def sign(key, msg_id, timestamp, body):
    """The `webhook-signature` value for one attempt."""
    content = msg_id.encode() + b"." + str(timestamp).encode() + b"." + body
    return "v1," + base64.b64encode(hmac.new(key, content, hashlib.sha256).digest()).decode()


def verify(key, headers, body, now, tolerance=300):
    """Raises VerificationError unless one v1 signature matches and the timestamp is fresh."""
    msg_id = headers.get("webhook-id", "")
    timestamp = headers.get("webhook-timestamp", "")
    signatures = headers.get("webhook-signature", "")
    if not msg_id or not timestamp or not signatures:
        raise VerificationError("missing header")
    if not timestamp.isdigit() or len(timestamp) > 18:
        raise VerificationError("invalid timestamp")
    seconds = int(timestamp)
    if abs(now - seconds) > tolerance:
        raise VerificationError("timestamp out of tolerance")
    expected = sign(key, msg_id, seconds, body).split(",", 1)[1].encode()
    for entry in signatures.split(" "):
        version, _, value = entry.partition(",")
        if version == "v1" and hmac.compare_digest(value.encode(), expected):
            return
    raise VerificationError("no matching signature")


def summarize(records):
    """Counts over the log, with retries of one id counted once."""
    ids = {}
    for record in records:
        ids.setdefault(record["id"], []).append(record)
    types = {}
    for attempts in ids.values():
        kind = next((a["type"] for a in attempts if a.get("type")), None)
        types[kind or "unknown"] = types.get(kind or "unknown", 0) + 1
    return {
        "deliveries": len(records),
        "unique": len(ids),
        "duplicates": len(records) - len(ids),
        "delivered": sorted(i for i, a in ids.items() if any(r["status"] < 300 for r in a)),
        "unverified": sum(1 for r in records if not r["verified"]),
        "types": dict(sorted(types.items())),
    }


def read_log(path):
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


class Receiver:
    """The server's state: the key, the script and the log, shared by handler threads."""

    def __init__(self, secret, log_path, fail_first=0, tolerance=300):
        self.key = secret_key(secret)
        self.log_path = log_path
        self.fail_first = fail_first
        self.tolerance = tolerance
        self.lock = threading.Lock()
        self.records = []
        self.seen = {}

    def handle(self, headers, body):
        """The status to answer; records the delivery."""
        lowered = {name.lower(): value for name, value in headers.items()}
        error = None
        try:
            verify(self.key, lowered, body, int(time.time()), self.tolerance)
        except VerificationError as failure:
            error = str(failure)
        try:
            kind = json.loads(body).get("type")
        except (ValueError, AttributeError):
            kind = None
        msg_id = lowered.get("webhook-id", "")
        with self.lock:
            if error is not None:
                status = 401
            elif len(self.records) < self.fail_first:
                status = 500
            else:
                status = 204
            record = {"id": msg_id, "type": kind, "verified": error is None, "status": status,
                      "timestamp": lowered.get("webhook-timestamp"), "seen_before": self.seen.get(msg_id, 0)}
            if error is not None:
                record["error"] = error
            self.seen[msg_id] = self.seen.get(msg_id, 0) + 1
            self.records.append(record)
            with open(self.log_path, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(record, sort_keys=True) + "\n")
        return status

    def summary(self):
        with self.lock:
            return summarize(list(self.records))


def make_server(receiver, host, port):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            status = receiver.handle(dict(self.headers.items()), body)
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format, *args):
            pass

    return ThreadingHTTPServer((host, port), Handler)


def serve(args):
    if not args.secret:
        sys.exit("--secret (or WEBHOOK_SECRET) is required")
    receiver = Receiver(args.secret, args.log, args.fail_first, args.tolerance)
    server = make_server(receiver, args.host, args.port)
    port = server.server_address[1]
    print(port, flush=True)
    if args.port_file:
        with open(args.port_file, "w", encoding="utf-8") as handle:
            handle.write(f"{port}\n")

    def stop(signum, frame):
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    server.serve_forever()
    server.server_close()
    print(json.dumps(receiver.summary(), sort_keys=True), flush=True)


def selftest():
    """Checks the signer and verifier against the specification's vector, then runs the
    server on a free port and has it refuse the first delivery and accept the retry."""
    key = secret_key(VECTOR["secret"])
    signature = sign(key, VECTOR["id"], VECTOR["timestamp"], VECTOR["body"])
    assert signature == VECTOR["signature"], f"signing the vector gave {signature}"
    headers = {"webhook-id": VECTOR["id"], "webhook-timestamp": str(VECTOR["timestamp"]),
               "webhook-signature": "v1a,ignored " + VECTOR["signature"]}
    verify(key, headers, VECTOR["body"], VECTOR["timestamp"])
    rejected = [
        ("tampered body", key, headers, b'{"test": 2432232315}', VECTOR["timestamp"]),
        ("wrong secret", b"other key", headers, VECTOR["body"], VECTOR["timestamp"]),
        ("stale timestamp", key, headers, VECTOR["body"], VECTOR["timestamp"] + 301),
        ("future timestamp", key, headers, VECTOR["body"], VECTOR["timestamp"] - 301),
        ("missing signature", key, {**headers, "webhook-signature": ""}, VECTOR["body"], VECTOR["timestamp"]),
    ]
    for label, candidate_key, candidate_headers, body, now in rejected:
        try:
            verify(candidate_key, candidate_headers, body, now)
        except VerificationError:
            continue
        raise AssertionError(f"{label} verified")

    with tempfile.TemporaryDirectory() as directory:
        log_path = os.path.join(directory, "deliveries.jsonl")
        receiver = Receiver(VECTOR["secret"], log_path, fail_first=1)
        server = make_server(receiver, "127.0.0.1", 0)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        url = f"http://127.0.0.1:{server.server_address[1]}/hook"
        body = json.dumps({"id": "evt_selftest", "type": "day.changed"}).encode()
        statuses = []
        for attempt in range(2):
            now = int(time.time())
            request = urllib.request.Request(url, data=body, method="POST", headers={
                "content-type": "application/json", "webhook-id": "evt_selftest",
                "webhook-timestamp": str(now), "webhook-signature": sign(key, "evt_selftest", now, body)})
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    statuses.append(response.status)
            except urllib.error.HTTPError as error:
                statuses.append(error.code)
        forged = urllib.request.Request(url, data=body, method="POST", headers={
            "webhook-id": "evt_forged", "webhook-timestamp": str(int(time.time())),
            "webhook-signature": sign(b"not the secret", "evt_forged", int(time.time()), body)})
        try:
            urllib.request.urlopen(forged, timeout=10)
            statuses.append(200)
        except urllib.error.HTTPError as error:
            statuses.append(error.code)
        server.shutdown()
        server.server_close()
        assert statuses == [500, 204, 401], f"statuses {statuses}"
        summary = summarize(read_log(log_path))
        assert summary["deliveries"] == 3 and summary["unique"] == 2 and summary["duplicates"] == 1, summary
        assert summary["delivered"] == ["evt_selftest"] and summary["unverified"] == 1, summary
        assert summary["types"] == {"day.changed": 2}, summary
    print("selftest passed: the specification's vector signs and verifies; the server refused the "
          "first delivery, accepted the retry, rejected a forged one, and counted one id once")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--secret", default=os.environ.get("WEBHOOK_SECRET"))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file")
    parser.add_argument("--log", default="webhook-deliveries.jsonl")
    parser.add_argument("--fail-first", type=int, default=0, metavar="N",
                        help="answer 500 to the first N deliveries")
    parser.add_argument("--tolerance", type=int, default=300, help="seconds a timestamp may be off")
    parser.add_argument("--summarize", metavar="LOG", help="print the summary of a delivery log and exit")
    parser.add_argument("--selftest", action="store_true")
    args = parser.parse_args()
    if args.selftest:
        selftest()
    elif args.summarize:
        print(json.dumps(summarize(read_log(args.summarize)), sort_keys=True))
    else:
        serve(args)


if __name__ == "__main__":
    main()
