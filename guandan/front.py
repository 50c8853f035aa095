"""The app behind granian's RSGI side: a whole request body is read before a thread is given.

Granian's WSGI side hands a request to a Python thread as soon as its headers are in, and
Django's read of ``wsgi.input`` then waits in that thread for the body: 16 connections that
send a body one byte every 10 s held every thread of a venue laptop, and no save was
answered while they lasted. Here granian's event loop reads the body instead,
holding no thread, and the WSGI application (Django) runs in a thread only once the body is
all there. Vocabulary:

- *the front*: :class:`BodyFirst`, an RSGI application around a WSGI one;
- *body deadline*: a body must arrive at :data:`BODY_MIN_RATE` bytes a second on average
  after :data:`BODY_GRACE_SECONDS` (``BODY_GRACE_SECONDS + length / BODY_MIN_RATE`` for a
  body of known length; for a chunked one the budget grows with what arrived), and never
  takes longer than :data:`BODY_MAX_SECONDS` (:func:`body_budget`). Late, the request is
  answered 408 and its connection closed: a slow body is cut off, a phone on poor Wi-Fi
  sending a 5 MB photo at 64 kbit/s still gets through;
- *body limit*: a body longer than the path's limit
  (:func:`tournament.spreadsheets.uploads.body_limit`: 1 MB, or the largest upload plus 1 MB for the
  few views that take a file) is answered 413 before it is read, or as soon as it grows past;
- *shared buffer*: what the waiting bodies of this worker hold at once, memory and disk
  together, beyond each body's first :data:`FREE_BYTES` (a save, a JSON sheet: always let
  in), is at most ``BODY_BUFFER_MB`` (setting). A body that would go past it is answered 503
  with ``Retry-After`` and its connection closed, so that many large bodies from anyone
  cannot fill the laptop's memory or disk. A body past :data:`SPOOL_BYTES` waits on disk, and
  its file is closed once the application is done with it.

The answer of the application is collected in the thread and handed to granian whole
(a slow reader then holds no thread either); an answer over :data:`STREAM_AFTER` bytes (an
archive, a backup) is streamed from the thread.

Which WSGI application and how many threads come from the environment (:data:`TARGET_ENV`,
:data:`THREADS_ENV`), set by guandan/servers.py's :func:`~guandan.servers.granian_environment`.
"""

from __future__ import annotations

import asyncio
import importlib
import io
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from guandan.servers import TARGET_ENV, THREADS_ENV, WSGI_TARGET
from guandan.supervisor import die_with_parent

BODY_GRACE_SECONDS = 30
BODY_MIN_RATE = 8 * 1024  # bytes a second: 64 kbit/s, a phone at the far end of the hall
BODY_MAX_SECONDS = 300  # whatever the length: the largest upload (6 MB) then needs 20 KB/s
FREE_BYTES = 64 * 1024  # of each body, not counted in the shared buffer (saves always get in)
SPOOL_BYTES = 64 * 1024  # a body longer than this waits on disk, not in the worker's memory
RETRY_AFTER = "10"
STREAM_AFTER = 1024 * 1024

_CLOSE = [("content-type", "text/plain; charset=utf-8"), ("connection", "close")]
_BUSY = [*_CLOSE, ("retry-after", RETRY_AFTER)]


def body_budget(length: int) -> float:
    """The seconds a body of ``length`` bytes (so far) may take to arrive."""
    return min(BODY_MAX_SECONDS, BODY_GRACE_SECONDS + length / BODY_MIN_RATE)


def _load(target: str) -> Callable[..., Iterable[bytes]]:
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


class BodyFirst:
    """An RSGI application that reads a request's body with a deadline, then runs the WSGI
    application ``app`` on one of ``threads`` threads with the body in ``wsgi.input``."""

    def __init__(
        self,
        app: Callable[..., Iterable[bytes]],
        threads: int,
        limit: Callable[[str], int],
        buffer: int,
        spool: int = SPOOL_BYTES,
    ):
        self.app = app
        self.threads = threads
        self.limit = limit  # a path's longest body
        self.buffer = buffer  # the shared buffer's size
        self.buffered = 0  # bytes of it held now (touched in the event loop only)
        self.spool = spool  # a body longer than this waits on disk
        self.pool: ThreadPoolExecutor | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.under_way: set[asyncio.Future] = set()
        self.base = {
            **os.environ,
            "GATEWAY_INTERFACE": "CGI/1.1",
            "SCRIPT_NAME": "",
            "SERVER_SOFTWARE": "Granian",
            "wsgi.errors": sys.stderr,
            "wsgi.input_terminated": True,
            "wsgi.multiprocess": False,
            "wsgi.multithread": True,
            "wsgi.run_once": False,
            "wsgi.version": (1, 0),
        }

    # granian calls these in each worker, with the worker's loop.
    def __rsgi_init__(self, loop: asyncio.AbstractEventLoop) -> None:
        die_with_parent()
        self.loop = loop
        self.pool = ThreadPoolExecutor(self.threads, thread_name_prefix="guandan-web")

    def __rsgi_del__(self, loop: asyncio.AbstractEventLoop) -> None:
        """The stop: granian has stopped the loop; the requests under way still need it to
        hand their answers over (granian kills the worker after --workers-kill-timeout)."""
        if self.under_way:
            loop.run_until_complete(asyncio.wait(set(self.under_way)))
        if self.pool is not None:
            self.pool.shutdown(wait=True)

    async def __rsgi__(self, scope: Any, protocol: Any) -> None:
        if scope.proto != "http":
            return
        held = [0]  # this request's share of the shared buffer
        try:
            body = await self._read_body(scope, protocol, held)
            if body is None:
                return
            environ = self._environ(scope, body)
            future = asyncio.wrap_future(self.pool.submit(self._call, environ, protocol))
            self.under_way.add(future)
            try:
                status, headers, content = await future
            finally:
                self.under_way.discard(future)
                body.close()  # its memory or file goes now, not when the request is collected
            if content is not None:
                protocol.response_bytes(status, headers, content)
        finally:
            self.buffered -= held[0]

    def _hold(self, held: list[int], size: int) -> bool:
        """Count a body of ``size`` bytes (so far) in the shared buffer; False when it would
        not fit."""
        more = max(size - FREE_BYTES, 0) - held[0]
        if more <= 0:
            return True
        if self.buffered + more > self.buffer:
            return False
        self.buffered += more
        held[0] += more
        return True

    async def _read_body(self, scope: Any, protocol: Any, held: list[int]) -> io.IOBase | None:
        """The whole body, or None once the request was answered 400, 408, 413 or 503."""
        length_text = scope.headers.get("content-length")
        length = 0
        if length_text is not None:
            if not (length_text.isascii() and length_text.isdigit()):
                protocol.response_bytes(400, _CLOSE, b"Bad Content-Length")
                return None
            length = int(length_text)
        chunked = "chunked" in scope.headers.get("transfer-encoding", "").lower()
        if not length and not chunked:
            return io.BytesIO()
        # Resolved only for a request with a body: a page's GET, the hall's every request,
        # does not pay for the URLconf's match twice.
        limit = self.limit(scope.path)
        if length > limit:
            protocol.response_bytes(413, _CLOSE, b"Request body too large")
            return None
        if not self._hold(held, length):
            protocol.response_bytes(503, _BUSY, b"Too many uploads at once, try again")
            return None
        body = tempfile.SpooledTemporaryFile(max_size=self.spool)  # noqa: SIM115 (handed on)
        started = time.monotonic()
        received = 0
        chunks = protocol.__aiter__()
        while True:
            left = started + body_budget(max(length, received)) - time.monotonic()
            try:  # granian says "no more" at once, not from the awaitable
                step = asyncio.ensure_future(chunks.__anext__())
            except StopAsyncIteration:
                break
            done, _ = await asyncio.wait({step}, timeout=max(left, 0))
            if not done:
                # Granian's read cannot be cancelled; it ends when the connection closes.
                step.cancel()
                body.close()
                protocol.response_bytes(408, _CLOSE, b"Request body too slow")
                return None
            try:
                chunk = step.result()
            except StopAsyncIteration:
                break
            except Exception:  # the client went away
                body.close()
                return None
            received += len(chunk)
            if received > limit:
                body.close()
                protocol.response_bytes(413, _CLOSE, b"Request body too large")
                return None
            if not self._hold(held, received):
                body.close()
                protocol.response_bytes(503, _BUSY, b"Too many uploads at once, try again")
                return None
            body.write(chunk)
        body.seek(0)
        return body

    def _environ(self, scope: Any, body: io.IOBase) -> dict[str, Any]:
        """The environ granian's WSGI side makes, with the body already read."""
        server_host, _, server_port = scope.server.rpartition(":")
        environ = {
            **self.base,
            "SERVER_PROTOCOL": f"HTTP/{scope.http_version}",
            "SERVER_NAME": server_host,
            "SERVER_PORT": server_port,
            "REMOTE_ADDR": scope.client.rpartition(":")[0].strip("[]"),
            "REQUEST_METHOD": scope.method,
            "PATH_INFO": scope.path,
            "QUERY_STRING": scope.query_string,
            "wsgi.url_scheme": scope.scheme,
            "wsgi.input": body,
        }
        for name, value in scope.headers.items():
            key = name.upper().replace("-", "_")
            if key == "CONTENT_TYPE":
                environ["CONTENT_TYPE"] = value
            elif key == "CONTENT_LENGTH":
                continue
            else:
                key = "HTTP_" + key
                # HTTP/2 may send each cookie in a field of its own (browsers do): they are
                # one Cookie header again with "; " (RFC 9113 8.2.3), not ",".
                joint = "; " if key == "HTTP_COOKIE" else ","
                environ[key] = f"{environ[key]}{joint}{value}" if key in environ else value
        # HTTP/2 (what browsers choose over TLS, ``guandan serve --https``) has no Host
        # header but ``:authority``: without it Django took SERVER_NAME, 0.0.0.0, and
        # answered every page 400.
        authority = getattr(scope, "authority", None)
        if authority and "HTTP_HOST" not in environ:
            environ["HTTP_HOST"] = authority
        size = body.seek(0, io.SEEK_END)
        body.seek(0)
        if size or scope.method not in ("GET", "HEAD"):
            environ["CONTENT_LENGTH"] = str(size)
        return environ

    def _call(
        self, environ: dict[str, Any], protocol: Any
    ) -> tuple[int, list[tuple[str, str]], bytes | None]:
        """Run the application in this thread. Its answer comes back whole, or, past
        :data:`STREAM_AFTER` bytes, is streamed from here (content None)."""
        answer: list[Any] = []

        def start_response(status: str, headers: list, exc_info: Any = None) -> Callable:
            if exc_info and answer:
                raise exc_info[1].with_traceback(exc_info[2])
            answer[:] = [int(status.split(" ", 1)[0]), [(k, v) for k, v in headers]]
            return lambda data: None  # the write() callable, unused by Django

        result = self.app(environ, start_response)
        try:
            chunks: list[bytes] = []
            size = 0
            iterator = iter(result)
            for chunk in iterator:
                chunks.append(chunk)
                size += len(chunk)
                if size > STREAM_AFTER:
                    self._stream(protocol, answer, chunks, iterator)
                    return answer[0], answer[1], None
            return answer[0], answer[1], b"".join(chunks)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()  # Django's request_finished: in this thread, its connections
            environ["wsgi.input"].close()

    def _stream(
        self, protocol: Any, answer: list[Any], first: list[bytes], rest: Iterable[bytes]
    ) -> None:
        async def opened() -> Any:
            return protocol.response_stream(answer[0], answer[1])

        transport = asyncio.run_coroutine_threadsafe(opened(), self.loop).result()
        for chunk in first:
            self._send(transport, chunk)
        for chunk in rest:
            if chunk:
                self._send(transport, chunk)

    def _send(self, transport: Any, chunk: bytes) -> None:
        async def send() -> None:  # granian's awaitable is no coroutine
            await transport.send_bytes(chunk)

        asyncio.run_coroutine_threadsafe(send(), self.loop).result()


def _application() -> BodyFirst:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    app = _load(os.environ.get(TARGET_ENV, WSGI_TARGET))
    import django
    from django.conf import settings

    django.setup(set_prefix=False)  # the URLconf, for a path's limit (Django's app did it)
    from tournament.spreadsheets.uploads import body_limit

    threads = int(os.environ.get(THREADS_ENV, "4"))
    return BodyFirst(app, threads, body_limit, settings.BODY_BUFFER_BYTES)


application = _application()
