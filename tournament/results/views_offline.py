"""Offline-first table entry, the web side: the service worker and the web app manifest, and
how an entry sent from a phone's outbox is read and answered.

Vocabulary
----------
outbox
    The entries a phone keeps (IndexedDB, ``static/js/outbox.js``) until the server has
    them. It sends each with the header ``X-Outbox: 1`` and reads a JSON answer; a browser's
    own form post gets the usual redirect and message.
answer
    What a saved entry answers, kept with its key (:class:`~tournament.models.AppliedEntry`)
    and given again to a repeat: ``next`` (the page to go on to), ``message`` and ``level``.
partition
    Which signed-in account (or none) a page was made for (header ``X-Offline-Partition``,
    a keyed hash, never the account itself). The service worker keeps copies of pages only
    for the partition of the latest answer it saw and drops them all when it changes, so a
    copy is never shown to another account.
"""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.contrib import messages
from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from tournament.results.entry_keys import PhoneEntry, phone_entry
from tournament.text.messages.labels import APP_NAME

LEVELS = {"success": messages.SUCCESS, "warning": messages.WARNING, "error": messages.ERROR}
REPEAT = "repeat"  # the answer's flag for an entry the server had already


def from_outbox(request) -> bool:
    return request.headers.get("X-Outbox") == "1"


def read_entry(data) -> PhoneEntry | None:
    """The phone entry a request's ``data`` carries (given to the services in the actor:
    :class:`tournament.core.actors.Actor`); raises Invalid for a bad key or time."""
    return phone_entry(data)


def answer(next_url: str, message: str, level: str = "success", **extra) -> dict:
    return {"ok": True, "next": next_url, "message": message, "level": level, **extra}


def form_answer(request, answer: dict, repeat: bool) -> HttpResponse:
    """A saved entry's answer: JSON for the outbox, else the redirect with its message."""
    message = answer.get("message", "")
    if repeat:
        message = _("这项录入服务器已经收到过，本次没有改动任何内容") + (
            f"（{message}）" if message else ""
        )
    if message:
        messages.add_message(request, LEVELS.get(answer.get("level"), messages.INFO), message)
    if from_outbox(request):
        return JsonResponse({**answer, "message": message, REPEAT: repeat})
    return redirect(answer["next"])


def form_errors(form) -> list[str]:
    """Every error of a bound form, as the page would show them."""
    return [str(e) for errors in form.errors.values() for e in errors]


def refused(request, errors: list[str], status: int = 400) -> JsonResponse:
    """An entry not saved, answered to the outbox (it keeps the entry and shows why)."""
    return JsonResponse({"ok": False, "errors": errors}, status=status)


def _worker_source() -> str:
    path = finders.find("js/sw.js")
    with open(path, encoding="utf-8") as f:
        return f.read()


@never_cache
def service_worker(request):
    """The service worker, from the site's root so that its scope covers the entry pages.

    Its first line names the static files' address and a version made from its own text
    and the stylesheet's address, so a new release (or newly hashed names) installs anew."""
    source = _worker_source()
    css = static("css/app.css")
    version = hashlib.sha256((source + css).encode()).hexdigest()[:12]
    static_url = "/" + settings.STATIC_URL.lstrip("/")
    head = f"var STATIC_URL = {json.dumps(static_url)};\nvar VERSION = {json.dumps(version)};\n"
    return HttpResponse(head + source, content_type="application/javascript; charset=utf-8")


def manifest(request):
    """The web app manifest: the app opens from the phone's home screen like an app."""
    data = {
        "name": _(APP_NAME),
        "short_name": _("掼蛋"),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#b91c1c",
        "icons": [
            {"src": static("img/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        ],
    }
    body = json.dumps(data, ensure_ascii=False)
    return HttpResponse(body, content_type="application/manifest+json; charset=utf-8")
