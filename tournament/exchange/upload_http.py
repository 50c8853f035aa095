"""One POST of an exchange file to the association's server (the standard library's
urllib: no client to install on a venue laptop)."""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from dataclasses import dataclass

from django.conf import settings

ENDPOINT = "/api/exchange/"
ANSWER_MAX = 64 * 1024  # what is read of an answer


@dataclass(frozen=True)
class Answer:
    status: int | None  # None: no answer (no network, refused, timed out)
    text: str  # the server's message, or why there was no answer


def endpoint(server_url: str) -> str:
    """The upload address of a server given by its address (or by the endpoint itself)."""
    url = server_url.strip().rstrip("/")
    if url.endswith(ENDPOINT.rstrip("/")):
        return url + "/"
    return url + ENDPOINT


def _message(status: int, raw: bytes) -> str:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return f"HTTP {status}"
    if isinstance(data, dict):
        return str(data.get("message") or data.get("error") or data.get("status") or "")[:200]
    return ""


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer, not followed: urllib would repeat a POST as a GET without its
    body (nginx sending http:// to https://, say); the organizer is shown where it points."""

    def redirect_request(self, *args, **kwargs):
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


def post(server_url: str, token: str, body: bytes) -> Answer:
    """POST the gzipped ``body`` with the token; the answer (never raises for the network)."""
    request = urllib.request.Request(
        endpoint(server_url),
        data=body,
        method="POST",
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Content-Encoding": "gzip",
            "User-Agent": "guandan-upload",
        },
    )
    try:
        with _OPENER.open(request, timeout=settings.UPLOAD_TIMEOUT_SECONDS) as reply:
            return Answer(reply.status, _message(reply.status, reply.read(ANSWER_MAX)))
    except urllib.error.HTTPError as exc:
        if 300 <= exc.code < 400:
            return Answer(exc.code, f"→ {exc.headers.get('Location', '')}"[:200])
        return Answer(exc.code, _message(exc.code, exc.read(ANSWER_MAX)))
    except urllib.error.URLError as exc:
        return Answer(None, str(exc.reason)[:200])
    except (OSError, http.client.HTTPException, ValueError) as exc:
        return Answer(None, (str(exc) or type(exc).__name__)[:200])
