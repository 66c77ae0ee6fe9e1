#!/usr/bin/env python3
"""A small HTTP server for ValidateURLCommandTests.

It listens on 127.0.0.1 only, on a port the system picks, and prints that port as
its first line. It serves the pages in ../html and a few routes that misbehave on
purpose. It exits when its standard input closes (the test that started it is
gone) or after ten minutes, whichever comes first.

Routes:
  /ok.html              html/valid.html
  /pages/NAME           html/NAME
  /framing?chunk=SIZE   html/valid.html as one chunk whose size line says SIZE (-1, +5)
  /framing?length=N     html/valid.html with Content-Length: N as given (+5)
  /slow?seconds=N       waits N seconds (default 5), then html/valid.html
  /stats                JSON {"maxInFlight": N}: the most /slow requests served at
                        once since the start (or the last /stats?reset=1)
  /500                  an Internal Server Error page
  /redirect-same        302 to /ok.html (same origin)
  /redirect-chain       302 to /redirect-same
  /redirect-loop        302 to itself
  /redirect-other       302 to http://localhost:PORT/ok.html (another origin)
  /redirect-auth        302 to /auth
  /redirect-dir         302 to /dir/ (a directory URL, trailing slash)
  /redirect-dir-query   302 to /dir/?a=1
  /nested/redirect-up   302 to ../dir/?a=1 (relative to /nested/)
  /dir/                 html/valid.html (with any query)
  /dir                  302 to /dir/ with the same query, as static servers do; a
                        client that drops the slash of /dir/ loops here
  /auth                 html/valid.html with "Authorization: Bearer tabgen-test",
                        401 without
  /native-only          html/valid.html for a Hotwire Native user agent,
                        html/missing.html for anything else
  /big                  50 MB of HTML streamed without a Content-Length
  /big-declared         the same with its Content-Length announced
  /chunked              html/valid.html in chunks (Transfer-Encoding: chunked, HTTP/1.1)

With --tls CERT KEY it serves the same routes over TLS (https://), with that
certificate.
"""
import http.server
import json
import os
import ssl
import sys
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
PAGES = os.path.join(HERE, "..", "html")
TOKEN = "Bearer tabgen-test"
BIG = 50 * 1024 * 1024
CHUNK = 64 * 1024

# The fixed 302s of the routes above ({port} is this server's).
REDIRECTS = {
    "/redirect-same": "/ok.html",
    "/redirect-chain": "/redirect-same",
    "/redirect-loop": "/redirect-loop",
    "/redirect-other": "http://localhost:{port}/ok.html",
    "/redirect-auth": "/auth",
    "/redirect-dir": "/dir/",
    "/redirect-dir-query": "/dir/?a=1",
    "/nested/redirect-up": "../dir/?a=1",
}

lock = threading.Lock()
in_flight = 0
max_in_flight = 0


def page(name):
    with open(os.path.join(PAGES, os.path.basename(name)), "rb") as handle:
        return handle.read()


class Handler(http.server.BaseHTTPRequestHandler):
    server_version = "tabgen-test"

    def log_message(self, format, *args):
        pass

    def send_page(self, body, status=200):
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def stream_big(self, declared):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        if declared:
            self.send_header("Content-Length", str(BIG))
        self.end_headers()
        head = b"<!DOCTYPE html><html><body><p>"
        self.wfile.write(head)
        filler = b"x" * CHUNK
        sent = len(head)
        while sent < BIG:
            part = filler[: min(CHUNK, BIG - sent)]
            self.wfile.write(part)
            sent += len(part)

    def chunked(self):
        body = page("valid.html")
        self.protocol_version = "HTTP/1.1"
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        # Uneven chunks, one with an extension, then the last chunk and a trailer.
        third = len(body) // 3
        for index, part in enumerate([body[:7], body[7:third], body[third:]]):
            extension = b";name=value" if index == 1 else b""
            self.wfile.write(b"%x%s\r\n%s\r\n" % (len(part), extension, part))
            self.wfile.flush()
        self.wfile.write(b"0\r\nX-Trailer: yes\r\n\r\n")
        self.close_connection = True

    def framing(self, query):
        """A body framed as the query says, however wrong: a client must refuse it."""
        body = page("valid.html")
        self.protocol_version = "HTTP/1.1"
        self.send_response(200)
        self.send_header("Connection", "close")
        if "chunk" in query:
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.wfile.write(b"%s\r\n%s\r\n0\r\n\r\n" % (query["chunk"][0].encode(), body))
        else:
            self.send_header("Content-Length", query["length"][0])
            self.end_headers()
            self.wfile.write(body)
        self.close_connection = True

    def slow(self, seconds):
        global in_flight, max_in_flight
        with lock:
            in_flight += 1
            max_in_flight = max(max_in_flight, in_flight)
        try:
            time.sleep(seconds)
        finally:
            with lock:
                in_flight -= 1
        self.send_page(page("valid.html"))

    def stats(self, reset):
        global max_in_flight
        with lock:
            body = json.dumps({"maxInFlight": max_in_flight}).encode()
            if reset:
                max_in_flight = in_flight
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        path = url.path
        port = self.server.server_address[1]
        try:
            if path == "/ok.html":
                self.send_page(page("valid.html"))
            elif path.startswith("/pages/"):
                name = path[len("/pages/"):]
                if os.path.isfile(os.path.join(PAGES, os.path.basename(name))):
                    self.send_page(page(name))
                else:
                    self.send_page(b"<h1>Not Found</h1>", 404)
            elif path == "/framing":
                self.framing(query)
            elif path == "/slow":
                self.slow(float(query.get("seconds", ["5"])[0]))
            elif path == "/stats":
                self.stats(reset="reset" in query)
            elif path == "/500":
                self.send_page(b"<h1>We're sorry, but something went wrong.</h1>", 500)
            elif path in REDIRECTS:
                self.redirect(REDIRECTS[path].format(port=port))
            elif path == "/dir/":
                self.send_page(page("valid.html"))
            elif path == "/dir":
                self.redirect("/dir/" + ("?" + url.query if url.query else ""))
            elif path == "/auth":
                if self.headers.get("Authorization") == TOKEN:
                    self.send_page(page("valid.html"))
                else:
                    self.send_page(b"<h1>Unauthorized</h1>", 401)
            elif path == "/native-only":
                native = "Hotwire Native" in self.headers.get("User-Agent", "")
                self.send_page(page("valid.html" if native else "missing.html"))
            elif path == "/big":
                self.stream_big(declared=False)
            elif path == "/big-declared":
                self.stream_big(declared=True)
            elif path == "/chunked":
                self.chunked()
            else:
                self.send_page(b"<h1>Not Found</h1>", 404)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading, as it should past its limits


def watch_stdin():
    try:
        sys.stdin.buffer.read()
    finally:
        os._exit(0)


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if sys.argv[1:2] == ["--tls"]:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Thread(target=watch_stdin, daemon=True).start()
    threading.Timer(600, lambda: os._exit(0)).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
