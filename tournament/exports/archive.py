"""The event archive (赛事存档): a whole tournament as one JSON document, and back.

Format
------
::

    {"format": "guandan-archive", "version": 1, "exported_at": "…", "app": "…",
     "tournament": {field: value, …},
     "staff": [row, …], "units": […], "teams": […], "players": […],
     "forbidden_pairings": […], "stages": […],
     "rounds": […], "matches": […], "submissions": […], "fouls": […], "audit": […],
     "users": ["alice", …], "files": {"certificates/bg.png": "<base64>"}}

Every row carries every concrete model field, found by introspection (``_meta``), so a field
added to a model later travels without touching this module. Rows get archive-local ids
1, 2, 3… in primary-key order (``"id"``) and references between archived rows use those ids,
so the archive of an imported event is identical to the original one except for the slug,
the export time and the audit entry recording the import. The team ids inside a knockout
bracket (``Stage.state``) and the object an audit entry points at (``object_ref``) are
renumbered too, and so are the groups of a rotation stage; other JSON is copied as it is.

Users are referenced by username, never by id, and no password travels. On import (see
:mod:`tournament.services.archive_import`) a username that exists is used as is; a missing one
is created as an inactive account without a usable password, so the record of who entered,
confirmed and refereed stays readable while nobody can log in as that person until an
administrator activates the account. ``--owner`` gives the imported event to a local user.
"""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone

from tournament.exports.bracket import map_state_teams
from tournament.models import (
    AuditEntry,
    ForbiddenPairing,
    Foul,
    Match,
    Player,
    Round,
    Staff,
    Stage,
    Submission,
    Team,
    Tournament,
    Unit,
)

FORMAT = "guandan-archive"
VERSION = 1
APP = "guandan-tournament"


class ArchiveError(ValueError):
    """The archive cannot be written or read; ``str(e)`` is a Chinese message."""


@dataclass(frozen=True)
class Part:
    """One kind of archived row: its key in the JSON, its model, its path to the tournament."""

    key: str
    model: type[models.Model]
    to_tournament: str


# In dependency order: a row only refers to rows of earlier parts (stages after teams: a
# knockout bracket in Stage.state names teams).
PARTS: tuple[Part, ...] = (
    Part("staff", Staff, "tournament"),
    Part("units", Unit, "tournament"),
    Part("teams", Team, "tournament"),
    Part("players", Player, "team__tournament"),
    Part("forbidden_pairings", ForbiddenPairing, "tournament"),
    Part("stages", Stage, "tournament"),
    Part("rounds", Round, "tournament"),
    Part("matches", Match, "round__tournament"),
    Part("submissions", Submission, "match__round__tournament"),
    Part("fouls", Foul, "match__round__tournament"),
    Part("audit", AuditEntry, "tournament"),
)
ARCHIVED_MODELS = {Tournament, *(p.model for p in PARTS)}
# Deliberately left out of an archive, by model name: secrets of this installation and
# files kept on this server. What they led to (results, pairs) is archived.
NOT_ARCHIVED = {
    "ApiToken": "staff API tokens are secrets of the server that issued them",
    "SheetPhoto": "photos of score sheets are image files kept on this server",
    "SignUpConfig": "the sign-up settings belong to the server that took the sign-ups",
    "SignUp": "applications stay on the server; approved pairs are archived as teams",
    "CheckIn": "check-in marks the day at the venue; absences are archived as forfeits",
    "Absence": "absences are archived as the forfeits they became",
    "AppliedEntry": "phones' entry keys matter on the live server; what they saved is archived",
}


def map_stage_state(state: Any, mapping: Callable[[Any], Any]) -> Any:
    """Team ids inside ``Stage.state``: the knockout bracket (with its seeds) and the groups
    of a rotation stage (``{"groups": [[team id, …], …]}``)."""
    state = map_state_teams(state, mapping)
    if isinstance(state, dict) and isinstance(state.get("groups"), list):
        groups = [[mapping(t) for t in group] for group in state["groups"]]
        state = {**state, "groups": groups}
    return state


# JSON fields that hold team ids: (model, field) → function(value, map team id).
JSON_TEAM_IDS: dict[tuple[type[models.Model], str], Callable[[Any, Callable], Any]] = {
    (Stage, "state"): map_stage_state,
}


def data_fields(model: type[models.Model]) -> list[models.Field]:
    """Every concrete field but the primary key."""
    return [f for f in model._meta.concrete_fields if not f.primary_key]


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


class _Writer:
    """Collects rows, local ids and usernames while the archive is written."""

    def __init__(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.local: dict[type, dict[int, int]] = {Tournament: {tournament.pk: 1}}
        self.user_ids: set[int] = set()
        self.files: dict[str, str] = {}

    def rows(self, model: type[models.Model], qs) -> list[dict]:
        fields = data_fields(model)
        raw = list(qs.order_by("pk").values("pk", *[f.attname for f in fields]))
        ids = self.local.setdefault(model, {})
        for i, row in enumerate(raw, start=1):
            ids[row["pk"]] = i
        for f in fields:
            if is_user_fk(f):
                self.user_ids.update(r[f.attname] for r in raw if r[f.attname] is not None)
        return [self.row(model, fields, r) for r in raw]

    def row(self, model, fields, raw: dict) -> dict:
        out: dict[str, Any] = {"id": self.local[model][raw["pk"]]} if "pk" in raw else {}
        for f in fields:
            value = raw[f.attname]
            if f.is_relation:
                target = f.related_model
                if target is Tournament:
                    continue  # implicit: the archived tournament
                if target is get_user_model():
                    out[f.name] = ("user", value)  # resolved to a username at the end
                    continue
                if target not in self.local:
                    raise ArchiveError(
                        f"无法存档字段 {model.__name__}.{f.name}：关联到未存档的数据"
                    )
                out[f.name] = self.local[target].get(value) if value is not None else None
                continue
            if isinstance(f, models.FileField):
                out[f.name] = self.file(f, value)
                continue
            hook = JSON_TEAM_IDS.get((model, f.name))
            if hook is not None:
                value = hook(value, lambda pk: self.local[Team].get(pk, pk))
            out[f.name] = plain(value)
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

    def resolve_users(self, archive: dict) -> None:
        names = dict(
            get_user_model().objects.filter(pk__in=self.user_ids).values_list("pk", "username")
        )

        def fix(row: dict) -> None:
            for key, value in row.items():
                if isinstance(value, tuple) and value[:1] == ("user",):
                    row[key] = names.get(value[1]) if value[1] is not None else None

        fix(archive["tournament"])
        for part in PARTS:
            for row in archive[part.key]:
                fix(row)
        archive["users"] = sorted(set(names.values()))


MODEL_NAMES = {m._meta.model_name: m for m in ARCHIVED_MODELS}


def export_archive(tournament: Tournament) -> dict:
    """The whole tournament as JSON-ready data."""
    writer = _Writer(tournament)
    base = Tournament.objects.filter(pk=tournament.pk)
    archive: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "app": APP,
        "exported_at": timezone.now().isoformat(),
    }
    archive["tournament"] = writer.rows(Tournament, base)[0]
    del archive["tournament"]["id"]
    for part in PARTS:
        qs = part.model.objects.filter(**{part.to_tournament: tournament})
        archive[part.key] = writer.rows(part.model, qs)
    writer.resolve_users(archive)
    archive["files"] = writer.files
    return archive
