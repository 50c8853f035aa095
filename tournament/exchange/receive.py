"""``POST /api/exchange/`` on the association's server: a venue laptop's exchange file,
sent with the upload token the association issued for the event (docs/exchange.md,
"Upload").

The answer is JSON: ``{"status": "created" | "replaced" | "unchanged", "slug", "message"}``
with 200, or ``{"error": code, "message": sentence}`` with 401 (no token, an unknown or
revoked one), 403 (the token is another event's), 405, 413 (too large), 415 (an encoding
other than gzip), 429 (too many a minute: tried again later), 400 or 422 (not JSON, a file
the import refuses). The import is idempotent (:func:`tournament.exchange.importer.
import_document`): a laptop that sends the same file again, because it never read the
answer, changes nothing. Sends with one token are received one at a time (the token's row
is locked): two workers never import the same file side by side.
"""

from __future__ import annotations

import json
import logging
import time
import zlib

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt

from rules.messages import Message
from tournament.core.actors import request_actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused, ServiceError
from tournament.events.api_tokens import bearer_secret
from tournament.exchange.importer import UNCHANGED, import_document
from tournament.exchange.upload_doc import document_slug
from tournament.exchange.upload_tokens import upload_token_for
from tournament.models import ApiToken
from tournament.text.messages import render

log = logging.getLogger("guandan.exchange")

MSG_NO_TOKEN = "upload_no_token"
MSG_BAD_TOKEN = "upload_bad_token"
MSG_OTHER_EVENT = "upload_other_event"
MSG_TOO_LARGE = "upload_too_large"
MSG_NOT_JSON = "upload_not_json"
MSG_BAD_ENCODING = "upload_bad_encoding"
MSG_TOO_OFTEN = "upload_too_often"
MSG_POST_ONLY = "upload_post_only"
MSG_AUDIT_UPLOAD_RECEIVED = "audit_upload_received"
UPLOAD_PATH = "upload"  # the actor's path: a laptop's sender, with an upload token


class UploadRefused(Refused):
    """An upload the server does not take, with the HTTP status of its answer."""

    def __init__(self, status: int, code: str, **params) -> None:
        super().__init__(code, **params)
        self.status = status


def _token(request) -> ApiToken:
    secret = bearer_secret(request)
    if secret is None:
        raise UploadRefused(401, MSG_NO_TOKEN)
    token = upload_token_for(secret)
    if token is None:
        raise UploadRefused(401, MSG_BAD_TOKEN)
    return token


def _count_send(token: ApiToken) -> None:
    """At most ``EXCHANGE_UPLOADS_PER_MINUTE`` sends a minute with one token (429 beyond)."""
    limit = settings.EXCHANGE_UPLOADS_PER_MINUTE
    if limit <= 0:
        return
    key = f"exchange-upload:{token.pk}:{int(time.time() // 60)}"
    cache.add(key, 0, 120)
    try:
        count = cache.incr(key)
    except ValueError:  # gone between add and incr (an evicted key): count this one
        count = 1
    if count > limit:
        raise UploadRefused(429, MSG_TOO_OFTEN)


def _too_large(limit: int) -> UploadRefused:
    return UploadRefused(413, MSG_TOO_LARGE, mb=round(limit / 2**20, 1))


def read_body(request) -> bytes:
    """The body, unpacked when gzipped, within the limits (413 past them)."""
    limit = settings.EXCHANGE_MAX_BYTES
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > limit:
        raise _too_large(limit)
    body = request.read(limit + 1)
    if len(body) > limit:
        raise _too_large(limit)
    encoding = request.headers.get("Content-Encoding", "").strip().lower()
    if encoding in ("", "identity"):
        return body
    if encoding != "gzip":
        raise UploadRefused(415, MSG_BAD_ENCODING, encoding=encoding[:20])
    raw_limit = settings.EXCHANGE_MAX_RAW_BYTES
    unpacker = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        raw = unpacker.decompress(body, raw_limit + 1)
    except zlib.error:
        raise UploadRefused(400, MSG_NOT_JSON) from None
    if len(raw) > raw_limit or unpacker.unconsumed_tail:
        raise _too_large(raw_limit)
    return raw


def parse(body: bytes) -> dict:
    try:
        document = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise UploadRefused(400, MSG_NOT_JSON) from None
    if not isinstance(document, dict):
        raise UploadRefused(400, MSG_NOT_JSON)
    return document


def receive_upload(request) -> dict:
    """Check, read and import one upload; the answer's JSON (raises :class:`ServiceError`)."""
    token = _token(request)
    _count_send(token)
    document = parse(read_body(request))
    slug = document_slug(document)
    if slug != token.slug:
        raise UploadRefused(403, MSG_OTHER_EVENT, token=token.slug, file=slug[:60])
    by = request_actor(request, UPLOAD_PATH).via(UPLOAD_PATH, user=token.created_by)
    with transaction.atomic():  # one upload with a token at a time: its row locked
        list(ApiToken.objects.select_for_update().filter(pk=token.pk).values_list("pk"))
        outcome = import_document(document, slug=token.slug, by=by)
        if outcome.status != UNCHANGED:  # the same file again changes nothing, not the log
            log_action(
                tournament=outcome.tournament,
                by=by,
                action="upload.received",
                obj=token,
                summary=Message(
                    MSG_AUDIT_UPLOAD_RECEIVED, {"prefix": token.prefix, "outcome": outcome.status}
                ),
                after={"status": outcome.status},
            )
    log.info("upload of %s with %s…: %s", token.slug, token.prefix, outcome.status)
    message = outcome.message
    text = render(message) if isinstance(message, Message) else str(message or "")
    return {"status": outcome.status, "slug": token.slug, "message": text}


@csrf_exempt
def exchange_upload(request):
    """The endpoint: a token, not a session, so no CSRF token (nothing a browser's cookie opens)."""
    if request.method != "POST":
        response = JsonResponse(
            {"error": MSG_POST_ONLY, "message": str(Refused(MSG_POST_ONLY))}, status=405
        )
        response["Allow"] = "POST"
        return response
    try:
        answer = receive_upload(request)
    except ServiceError as exc:
        status = getattr(exc, "status", 422)
        response = JsonResponse({"error": exc.msg.code, "message": str(exc)}, status=status)
        if status == 429:
            response["Retry-After"] = "60"
        return response
    return JsonResponse(answer, json_dumps_params={"ensure_ascii": False})
