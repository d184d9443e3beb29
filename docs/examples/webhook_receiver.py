# A webhook receiver for the booking platform in Python 3 (standard library only), as
# docs/webhook-receivers.md explains it.
#
#   WEBHOOK_SECRET=whsec_… PORT=3000 python3 docs/examples/webhook_receiver.py

import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ["WEBHOOK_SECRET"].encode("utf-8")
TOLERANCE_SECONDS = 5 * 60
MAX_BODY_BYTES = 1024 * 1024
handled = set()  # event ids already handled; use a unique key in your database


def verify(timestamp, signature, raw_body):
    if not timestamp or not signature or not timestamp.isdigit():
        return False
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    expected = "sha256=" + hmac.new(SECRET, timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), signature.encode())


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY_BYTES:
            self.send_response(413)
            self.end_headers()
            return
        raw_body = self.rfile.read(length)
        if not verify(self.headers.get("X-Service-Timestamp"), self.headers.get("X-Service-Signature"), raw_body):
            self.send_response(401)
            self.end_headers()
            return
        event = json.loads(raw_body)  # only now is the body trusted enough to parse
        if event["id"] not in handled:
            handled.add(event["id"])
            print(json.dumps({"received": event["id"], "type": event["type"]}), flush=True)
        self.send_response(204)
        self.end_headers()


HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "3000"))), Receiver).serve_forever()
