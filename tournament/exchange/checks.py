"""Nothing in an exchange file is trusted: its shape against the JSON Schema
(``schemas/exchange-1.json``), then every reference between its parts. Each refusal says
where in the file (a JSON pointer such as ``/tables/3/ns``)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from django.conf import settings
from jsonschema import Draft202012Validator

from tournament.core.errors import Invalid
from tournament.exchange.document import FORMAT, VERSION

SCHEMA_PATH = Path(settings.BASE_DIR) / "schemas" / "exchange-1.json"

# Message codes (texts in tournament/text/messages/exchange.py).
MSG_NOT_DOCUMENT = "exchange_not_document"
MSG_VERSION = "exchange_version"  # version, supported
MSG_BAD_JSON = "exchange_bad_json"  # error
MSG_SCHEMA = "exchange_schema"  # where, error
MSG_REFERENCE = "exchange_reference"  # where, id
MSG_DUPLICATE = "exchange_duplicate"  # where, id
MSG_ROUND = "exchange_round"  # where, number


class ExchangeError(Invalid):
    """The exchange file cannot be read or imported; ``str(e)`` is the message."""


@cache
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def pointer(path) -> str:
    return "/" + "/".join(str(p) for p in path)


def check_document(doc: object) -> None:
    """Raise :class:`ExchangeError` unless ``doc`` is a valid, consistent exchange document."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ExchangeError(MSG_NOT_DOCUMENT)
    version = doc.get("version")
    if isinstance(version, int) and version > VERSION:
        raise ExchangeError(MSG_VERSION, version=version, supported=VERSION)
    validator = Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(doc), key=lambda e: pointer(e.absolute_path))
    if errors:
        first = errors[0]
        raise ExchangeError(MSG_SCHEMA, where=pointer(first.absolute_path), error=first.message)
    _check_references(doc)


def _ids(rows: list[dict], where: str) -> set[int]:
    seen: set[int] = set()
    for i, row in enumerate(rows):
        if row["id"] in seen:
            raise ExchangeError(MSG_DUPLICATE, where=f"{where}/{i}/id", id=row["id"])
        seen.add(row["id"])
    return seen


def _ref(value, known: set[int], where: str) -> None:
    if value is not None and value not in known:
        raise ExchangeError(MSG_REFERENCE, where=where, id=value)


def _check_references(doc: dict) -> None:
    entries = doc["entries"]
    players = _ids(doc["players"], "/players")
    pairs = _ids(entries["pairs"], "/entries/pairs")
    teams = _ids(entries["teams"], "/entries/teams")
    _ids(entries["individuals"], "/entries/individuals")
    stages = _ids(doc["stages"], "/stages")
    tables = _ids(doc["tables"], "/tables")
    for i, team in enumerate(entries["teams"]):
        for j, m in enumerate(team["members"]):
            _ref(m["player"], players, f"/entries/teams/{i}/members/{j}/player")
        for j, p in enumerate(team.get("pairs", [])):
            _ref(p, pairs, f"/entries/teams/{i}/pairs/{j}")
    for i, pair in enumerate(entries["pairs"]):
        _ref(pair.get("team"), teams, f"/entries/pairs/{i}/team")
        for j, pid in enumerate(pair["players"]):
            _ref(pid, players, f"/entries/pairs/{i}/players/{j}")
    for i, one in enumerate(entries["individuals"]):
        _ref(one["player"], players, f"/entries/individuals/{i}/player")
        _ref(one.get("pair"), pairs, f"/entries/individuals/{i}/pair")
    numbers = set()
    for i, r in enumerate(doc["rounds"]):
        _ref(r["stage"], stages, f"/rounds/{i}/stage")
        if r["number"] in numbers:
            raise ExchangeError(MSG_DUPLICATE, where=f"/rounds/{i}/number", id=r["number"])
        numbers.add(r["number"])
    for i, table in enumerate(doc["tables"]):
        if table["round"] not in numbers:
            raise ExchangeError(MSG_ROUND, where=f"/tables/{i}/round", number=table["round"])
        for side in ("ns", "ew"):
            _ref(table.get(side), pairs, f"/tables/{i}/{side}")
    for i, lu in enumerate(doc.get("line_ups", [])):
        _ref(lu["team"], teams, f"/line_ups/{i}/team")
        for j, p in enumerate(lu["pairs"]):
            _ref(p, pairs, f"/line_ups/{i}/pairs/{j}")
    for i, foul in enumerate(doc.get("fouls", [])):
        _ref(foul["table"], tables, f"/fouls/{i}/table")
        _ref(foul["pair"], pairs, f"/fouls/{i}/pair")
        _ref(foul.get("player"), players, f"/fouls/{i}/player")
    _check_places(doc)


def _check_places(doc: dict) -> None:
    """Each place names an entry of the event's kind (pairs, teams or individuals)."""
    known = {row["id"] for row in doc["entries"][doc["event"]["entry"]]}
    for i, place in enumerate(doc["places"]):
        _ref(place["entry"], known, f"/places/{i}/entry")
