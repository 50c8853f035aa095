"""One POST of the laptop's sender (tournament/exchange/upload_http.py) against a small real
HTTP server: the body arrives gzipped with the token, a JSON answer's message is read, a
redirect is an answer (never followed as a GET), and no server is an answer of its own."""

from __future__ import annotations

import gzip
import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest

from tests.servers.web import free_port
from tournament.exchange.upload_http import Answer, endpoint, post

GOT: list[tuple[str, str, bytes]] = []


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        GOT.append((self.path, self.headers["Authorization"], gzip.decompress(body)))
        if self.path.startswith("/moved"):
            self.send_response(301)
            self.send_header("Location", "https://assoc.example/api/exchange/")
            self.end_headers()
            return
        status = 401 if "wrong" in self.headers["Authorization"] else 200
        answer = json.dumps({"status": "created", "message": "已导入"}).encode()
        if status == 401:
            answer = json.dumps({"error": "upload_bad_token", "message": "令牌无效"}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    httpd = HTTPServer(("127.0.0.1", free_port()), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    GOT.clear()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()


def test_the_address_of_the_endpoint():
    assert endpoint("https://a.example") == "https://a.example/api/exchange/"
    assert endpoint("https://a.example/") == "https://a.example/api/exchange/"
    assert endpoint("https://a.example/api/exchange") == "https://a.example/api/exchange/"


def test_answers(server):
    body = gzip.compress(b'{"event": {}}')
    assert post(server, "gdu_good", body) == Answer(200, "已导入")
    assert GOT[-1] == ("/api/exchange/", "Bearer gdu_good", b'{"event": {}}')
    assert post(server, "gdu_wrong", body) == Answer(401, "令牌无效")
    moved = post(server + "/moved", "gdu_good", body)
    assert moved.status == 301 and "https://assoc.example" in moved.text
    assert len(GOT) == 3  # the redirect was not followed


def test_no_server():
    answer = post(f"http://127.0.0.1:{free_port()}", "gdu_good", b"")
    assert answer.status is None and "refused" in answer.text.lower()
