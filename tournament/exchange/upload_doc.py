"""What the upload reads in an exchange document (``tournament.exchange.document``): the
event's slug and revision, and the bytes sent with their digest. Kept apart from the
document's own modules so that the upload depends on those few fields only."""

from __future__ import annotations

import gzip
import hashlib
import json


def _event(document: dict) -> dict:
    event = document.get("event")
    return event if isinstance(event, dict) else {}


def document_slug(document: dict) -> str:
    """The event's slug in the document ("" when it has none)."""
    slug = _event(document).get("slug", document.get("slug", ""))
    return slug if isinstance(slug, str) else ""


def document_revision(document: dict) -> str:
    """The document's revision as text ("" when it has none)."""
    revision = document.get("revision", _event(document).get("revision", ""))
    return "" if revision is None else str(revision)[:80]


def document_bytes(document: dict) -> bytes:
    """The document as sent: compact UTF-8 JSON, keys sorted (the same events, the same bytes)."""
    text = json.dumps(document, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.encode("utf-8")


def packed(body: bytes) -> bytes:
    """``body`` gzipped (a venue's network is slow; the file is mostly repeated names)."""
    return gzip.compress(body, compresslevel=6, mtime=0)


def body_digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()
