"""The event archive (赛事存档): a whole tournament as one JSON document, and back.

Format
------
::

    {"format": "guandan-archive", "version": 2, "app": "…", "exported_at": "…",
     "with_audit": true,
     "tournament": {field: value, …},
     "users": ["alice", …], "files": {"certificates/bg.png": "<base64>"},
     "staff": [row, …], "units": […], "teams": […], "players": […],
     "forbidden_pairings": […], "signup_config": […], "signups": […], "checkins": […],
     "absences": […], "stages": […], "rounds": […], "matches": […], "submissions": […],
     "fouls": […], "audit": […]}

:func:`write_archive` writes it row by row (one row a line, gzip-compressed by default:
``.json.gz``), reading the database in chunks, so its memory stays flat however big the
event; the reader (:mod:`tournament.archive.reader`) streams it back the same way.
The tournament, the users and the files come before the rows that refer to them. Version 1
(before the sign-ups and check-in travelled) had ``users`` and ``files`` at the end and is
still read. ``with_audit`` false: the audit log was left out (``--without-audit``).

Every row carries every concrete model field, found by introspection (``_meta``), so a field
added to a model later travels without touching this module. Rows get archive-local ids
1, 2, 3… in primary-key order (``"id"``) and references between archived rows use those ids,
so the archive of an imported event is identical to the original one except for the slug,
the export time and the audit entry recording the import. The pair ids inside a knockout
bracket (``Stage.state``) and the object an audit entry points at (``object_ref``) are
renumbered too, and so are the groups of a rotation stage; other JSON is copied as it is.

Users are referenced by username, never by id, and no password travels. On import (see
:mod:`tournament.archive.importer`) a username that exists is used as is; a missing one
is created as an inactive account without a usable password, so the record of who entered,
confirmed and refereed stays readable while nobody can log in as that person until an
administrator activates the account. ``--owner`` gives the imported event to a local user.
"""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import gzip
import json
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone

from rules.messages import Message
from tournament.archive.stage_ids import map_stage_state
from tournament.core.errors import Invalid
from tournament.models import (
    Absence,
    AuditEntry,
    CheckIn,
    ForbiddenPairing,
    Foul,
    Individual,
    LineUp,
    Pair,
    Person,
    Player,
    Round,
    SignUp,
    SignUpConfig,
    Staff,
    Stage,
    Submission,
    Table,
    Team,
    TeamMember,
    Tournament,
    Unit,
)
from tournament.models.audit import object_type
from tournament.models.former_names import FORMER_FIELDS, TABLE_NUMBER_KEY

FORMAT = "guandan-archive"
VERSION = 2
APP = "guandan-tournament"


class ArchiveError(Invalid):
    """The archive cannot be written or read; ``str(e)`` is the message (a service error)."""


# Message codes (texts in tournament/text/messages/services.py) and their parameters.
MSG_INVALID = "archive_invalid"  # error: what is wrong (a message, or the database's words)
MSG_BAD_JSON = "archive_bad_json"  # error: the parser's first line, or a message
MSG_BAD_GZIP = "archive_bad_gzip"
MSG_TOO_BIG = "archive_too_big"  # size, limit
MSG_TOO_BIG_STREAM = "archive_too_big_stream"  # limit
MSG_TOO_BIG_RAW = "archive_too_big_raw"  # limit
MSG_TOO_DEEP = "archive_too_deep"
MSG_NOT_ARCHIVE = "archive_not_archive"
MSG_REREAD = "archive_reread"
MSG_INCOMPLETE = "archive_incomplete"
MSG_UNREADABLE = "archive_unreadable"  # error: the system's reason
MSG_VERSION = "archive_version"  # version, supported
MSG_SLUG_EXISTS = "archive_slug_exists"  # slug
MSG_USERS_EXIST = "archive_users_exist"  # names
MSG_STAFF_EXIST = "archive_staff_exist"  # names (the owner given: staff only)
MSG_UNARCHIVED = "archive_unarchived"  # field: it refers to data no archive holds (a bug)
# What is wrong inside the data (the ``error`` of MSG_INVALID):
MSG_NO_TOURNAMENT = "archive_no_tournament"
MSG_PART_LIST = "archive_part_list"  # key
MSG_ROW_OBJECT = "archive_row_object"  # key, n
MSG_IDS = "archive_ids"  # key
MSG_ORDER = "archive_order"  # key, after: two parts in the wrong order
MSG_ORDER_META = "archive_order_meta"  # key: an event's field after its parts
MSG_FILES_OBJECT = "archive_files_object"
MSG_USERS_LIST = "archive_users_list"
MSG_AUDIT_REF = "archive_audit_ref"
MSG_FILE_DAMAGED = "archive_file_damaged"  # name
MSG_NO_RECORD = "archive_no_record"  # field, value: a reference to no row of the archive


def invalid(code: str, **params: object) -> ArchiveError:
    """ "The archive's data is invalid: …", what is wrong being ``code`` with ``params``."""
    return ArchiveError(MSG_INVALID, error=Message(code, params))


@dataclass(frozen=True)
class Part:
    """One kind of archived row: its key in the JSON, its model, its path to the tournament."""

    key: str
    model: type[models.Model]
    to_tournament: str


# In dependency order: a row only refers to rows of earlier parts (stages after pairs: a
# knockout bracket in Stage.state names pairs).
PARTS: tuple[Part, ...] = (
    Part("staff", Staff, "tournament"),
    Part("units", Unit, "tournament"),
    # A team event's teams and rosters (the key "teams" has held pairs since version 1).
    Part("squads", Team, "tournament"),
    Part("team_members", TeamMember, "team__tournament"),
    Part("teams", Pair, "tournament"),
    # An individual event's players (each names their own entry, a pair of one).
    Part("individuals", Individual, "tournament"),
    Part("players", Player, "pair__tournament"),
    Part("line_ups", LineUp, "team__tournament"),
    Part("forbidden_pairings", ForbiddenPairing, "tournament"),
    Part("signup_config", SignUpConfig, "tournament"),
    Part("signups", SignUp, "tournament"),
    Part("checkins", CheckIn, "pair__tournament"),
    Part("absences", Absence, "pair__tournament"),
    Part("stages", Stage, "tournament"),
    Part("rounds", Round, "tournament"),
    Part("matches", Table, "round__tournament"),
    Part("submissions", Submission, "table__round__tournament"),
    Part("fouls", Foul, "table__round__tournament"),
    Part("audit", AuditEntry, "tournament"),
)
ARCHIVED_MODELS = {Tournament, *(p.model for p in PARTS)}
# Deliberately left out of an archive, by model name: secrets of this installation and
# files kept on this server. What they led to (results, pairs) is archived.
NOT_ARCHIVED = {
    "ApiToken": "staff API tokens are secrets of the server that issued them",
    "ScoreSheetPhoto": "photos of score sheets are image files kept on this server",
    "Counter": "counts of wrong PINs last minutes; they are no record of the event",
    "AppliedEntry": "phones' entry keys matter on the live server; what they saved is archived",
    "Upload": "a laptop's upload to the association's server holds its token, and it is the "
    "laptop's own state, not the event's",
    "Person": "persons live across events; an imported event is linked again by their 会员号",
    "PersonMerge": "merges are of persons, not of one event",
    "Series": "a series spans events and lives on the server that keeps it (docs §20)",
    "SeriesEvent": "an event's place in a series: kept with the series, not the event",
}


# JSON fields that hold pair ids: (model, field) → function(value, map pair id).
JSON_PAIR_IDS: dict[tuple[type[models.Model], str], Callable[[Any, Callable], Any]] = {
    (Stage, "state"): map_stage_state,
    (LineUp, "pairs"): lambda pairs, mapping: [mapping(p) for p in pairs],
}


def data_fields(model: type[models.Model]) -> list[models.Field]:
    """Every concrete field but the primary key and a row's person: persons live across
    events (tournament.models.people), so an archive carries each player's name, phone and
    会员号, and the event it makes is linked again by the identity rule on import."""
    return [
        f
        for f in model._meta.concrete_fields
        if not f.primary_key and not (f.is_relation and f.related_model is Person)
    ]


def is_user_fk(field: models.Field) -> bool:
    return field.is_relation and field.related_model is get_user_model()


def plain(value: Any) -> Any:
    """A field value as JSON."""
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    return value


MODEL_NAMES = {object_type(m): m for m in ARCHIVED_MODELS}  # audit lines' object types


def archive_name(model: type[models.Model], field: models.Field) -> str:
    """The key of ``field`` in an archived row of ``model``: the names of version 2, written
    before the models were renamed (:mod:`tournament.models.former_names`), so archives read
    and written by every version stay alike."""
    if model is Table and field.name == "number":
        return TABLE_NUMBER_KEY
    return FORMER_FIELDS.get(field.name, field.name)


CHUNK = 2000  # rows read from the database at a time


def archived_parts(*, with_audit: bool = True) -> tuple[Part, ...]:
    return PARTS if with_audit else tuple(p for p in PARTS if p.model is not AuditEntry)


class _Writer:
    """Turns database rows into archive rows: local ids, usernames, files.

    Only the local id of each archived row is kept while writing (a dict of integers per
    model, for the references of later rows), never the rows themselves.
    """

    def __init__(self, tournament: Tournament, parts: tuple[Part, ...]) -> None:
        self.tournament = tournament
        self.parts = parts
        self.local: dict[type, dict[int, int]] = {Tournament: {tournament.pk: 1}}
        self.names: dict[int, str] = {}
        self.files: dict[str, str] = {}

    def querysets(self) -> Iterator[tuple[Part, Any]]:
        for part in self.parts:
            yield part, part.model.objects.filter(**{part.to_tournament: self.tournament})

    def users(self) -> list[str]:
        """The usernames every archived row refers to (read before the rows: the reader
        makes the accounts first)."""
        ids = set(_user_ids(Tournament, Tournament.objects.filter(pk=self.tournament.pk)))
        for part, qs in self.querysets():
            ids.update(_user_ids(part.model, qs))
        User = get_user_model()
        self.names = dict(User.objects.filter(pk__in=ids).values_list("pk", "username"))
        return sorted(set(self.names.values()))

    def rows(self, model: type[models.Model], qs) -> Iterator[dict]:
        fields = data_fields(model)
        ids = self.local.setdefault(model, {})
        values = qs.order_by("pk").values("pk", *[f.attname for f in fields])
        for raw in values.iterator(chunk_size=CHUNK):
            ids.setdefault(raw["pk"], len(ids) + 1)
            yield self.row(model, fields, raw)

    def row(self, model, fields, raw: dict) -> dict:
        out: dict[str, Any] = {"id": self.local[model][raw["pk"]]}
        for f in fields:
            value = raw[f.attname]
            if f.is_relation:
                target = f.related_model
                if target is Tournament:
                    continue  # implicit: the archived tournament
                if target is get_user_model():
                    out[archive_name(model, f)] = (
                        self.names.get(value) if value is not None else None
                    )
                    continue
                if target not in self.local:
                    raise ArchiveError(MSG_UNARCHIVED, field=f"{model.__name__}.{f.name}")
                out[archive_name(model, f)] = (
                    self.local[target].get(value) if value is not None else None
                )
                continue
            if isinstance(f, models.FileField):
                out[archive_name(model, f)] = self.file(f, value)
                continue
            hook = JSON_PAIR_IDS.get((model, f.name))
            if hook is not None:
                value = hook(value, lambda pk: self.local[Pair].get(pk, pk))
            out[archive_name(model, f)] = plain(value)
        if model is AuditEntry:
            self.audit_ref(out)
        return out

    def file(self, field: models.FileField, name: str | None) -> str:
        if not name:
            return ""
        storage = field.storage
        try:
            with storage.open(name, "rb") as fh:
                self.files[name] = base64.b64encode(fh.read()).decode("ascii")
        except OSError:
            pass  # a lost upload must not block the archive; the name is kept
        return name

    def audit_ref(self, row: dict) -> None:
        """Point an audit entry at the archive-local id of its object when it is archived."""
        model = MODEL_NAMES.get(row.get("object_type", ""))
        ref = None
        if model is not None and str(row.get("object_id", "")).isdigit():
            ref = self.local.get(model, {}).get(int(row["object_id"]))
        row["object_ref"] = ref
        if ref is not None:
            row["object_id"] = ""


def _user_ids(model: type[models.Model], qs) -> set[int]:
    ids: set[int] = set()
    for f in data_fields(model):
        if is_user_fk(f):
            ids.update(qs.exclude(**{f.attname: None}).values_list(f.attname, flat=True))
    return ids


def archive_records(
    tournament: Tournament, *, with_audit: bool = True
) -> Iterator[tuple[str, Any]]:
    """The archive as (key, value) in the order it is written; the value of a part is an
    iterator of its rows, read from the database as they are consumed."""
    writer = _Writer(tournament, archived_parts(with_audit=with_audit))
    yield "format", FORMAT
    yield "version", VERSION
    yield "app", APP
    yield "exported_at", timezone.now().isoformat()
    yield "with_audit", with_audit
    users = writer.users()
    row = next(writer.rows(Tournament, Tournament.objects.filter(pk=tournament.pk)))
    del row["id"]
    yield "tournament", row
    yield "users", users
    yield "files", writer.files  # the tournament's own files, read with its row
    for part, qs in writer.querysets():
        yield part.key, writer.rows(part.model, qs)


def export_archive(tournament: Tournament, *, with_audit: bool = True) -> dict:
    """The whole tournament as JSON-ready data, in memory (small events and tests; a big
    event is written by :func:`write_archive`)."""
    return {
        key: list(value) if isinstance(value, Iterator) else value
        for key, value in archive_records(tournament, with_audit=with_audit)
    }


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write_archive(
    tournament: Tournament, out: BinaryIO, *, with_audit: bool = True, compress: bool = True
) -> None:
    """Write the archive to ``out``: gzip-compressed JSON (``.json.gz``) by default, plain
    UTF-8 JSON with ``compress=False``. One row a line, written as it is read."""
    sink = gzip.GzipFile(fileobj=out, mode="wb", compresslevel=6, mtime=0) if compress else out
    buffer: list[str] = []

    def put(text: str) -> None:
        buffer.append(text)
        if len(buffer) >= 512:
            sink.write("".join(buffer).encode("utf-8"))
            buffer.clear()

    put("{")
    for number, (key, value) in enumerate(archive_records(tournament, with_audit=with_audit)):
        put(("," if number else "") + "\n" + _dumps(key) + ":")
        if not isinstance(value, Iterator):
            put(_dumps(value))
            continue
        put("[")
        for i, row in enumerate(value):
            put(("," if i else "") + "\n" + _dumps(row))
        put("\n]")
    put("\n}\n")
    sink.write("".join(buffer).encode("utf-8"))
    if compress:
        sink.close()  # writes the gzip trailer; ``out`` itself stays open
