"""The app behind granian's RSGI side: a whole request body is read before a thread is given.

Granian's WSGI side hands a request to a Python thread as soon as its headers are in, and
Django's read of ``wsgi.input`` then waits in that thread for the body: 16 connections that
send a body one byte every 10 s held every thread of a venue laptop, and no save was
answered while they lasted (issue 41). Here granian's event loop reads the body instead,
holding no thread, and the WSGI application (Django) runs in a thread only once the body is
all there. Vocabulary:

- *the front*: :class:`BodyFirst`, an RSGI application around a WSGI one;
- *body deadline*: a body must arrive at :data:`BODY_MIN_RATE` bytes a second on average
  after :data:`BODY_GRACE_SECONDS` (``BODY_GRACE_SECONDS + length / BODY_MIN_RATE`` for a
  body of known length; for a chunked one the budget grows with what arrived). Late, the
  request is answered 408 and its connection closed: a slow body is cut off, a phone on poor
  Wi-Fi sending a 5 MB photo at 64 kbit/s still gets through;
- *body limit*: a body longer than :func:`body_limit` (the largest upload the settings
  allow, plus 1 MiB of form) is answered 413 before it is read, so that waiting bodies hold
  at most that each (kept on disk above Django's FILE_UPLOAD_MAX_MEMORY_SIZE).

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

BODY_GRACE_SECONDS = 30
BODY_MIN_RATE = 8 * 1024  # bytes a second: 64 kbit/s, a phone at the far end of the hall
STREAM_AFTER = 1024 * 1024
FORM_MARGIN = 1024 * 1024

_CLOSE = [("content-type", "text/plain; charset=utf-8"), ("connection", "close")]


def body_limit() -> int:
    """The longest body accepted: the largest upload the settings allow (archives, sheets,
    forms; docs/security.md) and a form's worth more."""
    from django.conf import settings

    return FORM_MARGIN + max(
        settings.ARCHIVE_MAX_BYTES,
        settings.UPLOAD_MAX_BYTES,
        settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0,
    )


def die_with_parent() -> None:
    """End this worker when granian's main process dies (a ``kill -9``, a crash): left
    alone, the worker goes on serving the port with ``SO_REUSEPORT`` and holding its lock
    (guandan/locks.py), and the next ``guandan serve`` on that port is refused. Linux
    kills it at once (``PR_SET_PDEATHSIG``); elsewhere on POSIX a thread looks every half
    second. Not on Windows (its one worker is a child of ``guandan serve`` itself, and
    there is no parent to look at cheaply)."""
    if os.name == "nt":
        return
    from guandan.supervisor import die_with_parent_on_linux

    parent = os.getppid()
    die_with_parent_on_linux()
    if os.getppid() != parent:  # it died before the line above
        os._exit(1)
    if sys.platform.startswith("linux"):
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    import threading

    threading.Thread(target=watch, name="guandan-parent-watch", daemon=True).start()


def _load(target: str) -> Callable[..., Iterable[bytes]]:
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


class BodyFirst:
    """An RSGI application that reads a request's body with a deadline, then runs the WSGI
    application ``app`` on one of ``threads`` threads with the body in ``wsgi.input``."""

    def __init__(self, app: Callable[..., Iterable[bytes]], threads: int, limit: int, spool: int):
        self.app = app
        self.threads = threads
        self.limit = limit
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
        body = await self._read_body(scope, protocol)
        if body is None:
            return
        environ = self._environ(scope, body)
        future = asyncio.wrap_future(self.pool.submit(self._call, environ, protocol))
        self.under_way.add(future)
        try:
            status, headers, content = await future
        finally:
            self.under_way.discard(future)
        if content is not None:
            protocol.response_bytes(status, headers, content)

    async def _read_body(self, scope: Any, protocol: Any) -> io.IOBase | None:
        """The whole body, or None once the request was answered 400, 408 or 413."""
        length_text = scope.headers.get("content-length")
        length = 0
        if length_text is not None:
            if not (length_text.isascii() and length_text.isdigit()):
                protocol.response_bytes(400, _CLOSE, b"Bad Content-Length")
                return None
            length = int(length_text)
            if length > self.limit:
                protocol.response_bytes(413, _CLOSE, b"Request body too large")
                return None
        chunked = "chunked" in scope.headers.get("transfer-encoding", "").lower()
        if not length and not chunked:
            return io.BytesIO()
        body = tempfile.SpooledTemporaryFile(max_size=self.spool)  # noqa: SIM115 (handed on)
        started = time.monotonic()
        received = 0
        chunks = protocol.__aiter__()
        while True:
            budget = BODY_GRACE_SECONDS + max(length, received) / BODY_MIN_RATE
            left = started + budget - time.monotonic()
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
            if received > self.limit:
                body.close()
                protocol.response_bytes(413, _CLOSE, b"Request body too large")
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
                environ[key] = f"{environ[key]},{value}" if key in environ else value
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
    from django.conf import settings

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    app = _load(os.environ.get(TARGET_ENV, WSGI_TARGET))
    threads = int(os.environ.get(THREADS_ENV, "4"))
    return BodyFirst(app, threads, body_limit(), settings.FILE_UPLOAD_MAX_MEMORY_SIZE)


application = _application()
