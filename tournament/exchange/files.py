"""The exchange document as a file: UTF-8 JSON, and back (a file that is no JSON is refused
with the parser's words)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import BinaryIO

from tournament.exchange.checks import MSG_BAD_JSON, ExchangeError
from tournament.exchange.document import event_document
from tournament.models import Tournament

CONTENT_TYPE = "application/json"


def dumps(document: dict) -> bytes:
    return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def write_document(tournament: Tournament, out: BinaryIO) -> dict:
    """Write the event's exchange file to ``out``; return the document."""
    document = event_document(tournament)
    out.write(dumps(document))
    return document


def file_name(tournament: Tournament) -> str:
    """E.g. ``spring-成绩交换.json``."""
    return f"{tournament.slug}-成绩交换.json"


def loads(data: bytes | str) -> dict:
    """The document of a file's bytes; :class:`ExchangeError` when it is no JSON object."""
    try:
        document = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise ExchangeError(MSG_BAD_JSON, error=str(exc).splitlines()[0][:200]) from None
    return document


def read_file(path: str | Path) -> dict:
    return loads(Path(path).read_bytes())
