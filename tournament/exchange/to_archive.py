"""An exchange document (checked: :mod:`tournament.exchange.checks`) as the event archive
the archive importer makes an event from (:mod:`tournament.archive.importer`): the same
event, rounds locked, its results as the file gives them.

Rows are written with the models' field names and renamed to the archive's keys at the end
(:func:`tournament.archive.write.archive_name`). The archive-local ids of pairs, teams,
individuals, stages and tables are the file's own ids; members, seats, rounds, fouls and
units are numbered here.
"""

from __future__ import annotations

from typing import Any

from django.db import models

from tournament.archive.write import FORMAT, VERSION, archive_name, data_fields
from tournament.exchange.document import (
    ENTRY_FIELDS,
    EVENT_FIELDS,
    FOUL_FIELDS,
    STAGE_FIELDS,
    TABLE_FIELDS,
)
from tournament.models import (
    Foul,
    Individual,
    LineUp,
    Pair,
    Player,
    Round,
    Stage,
    Table,
    Team,
    TeamMember,
    Tournament,
    Unit,
)


def _keys(model: type[models.Model], row: dict) -> dict:
    """A row by field names → by the archive's keys."""
    out = {"id": row["id"]}
    for f in data_fields(model):
        if f.name in row:
            out[archive_name(model, f)] = row[f.name]
    return out


class _Builder:
    def __init__(self, doc: dict) -> None:
        self.doc = doc
        self.players = {p["id"]: p for p in doc["players"]}
        self.units: dict[str, int] = {}
        self.member_of: dict[int, int] = {}  # player → team member row
        self.individual_of: dict[int, int] = {}  # player → individual row
        self.seat_of: dict[tuple[int, int], int] = {}  # (pair, player) → seat row
        self.rows: dict[type, list[dict]] = {}

    def add(self, model: type[models.Model], row: dict) -> dict:
        rows = self.rows.setdefault(model, [])
        row.setdefault("id", len(rows) + 1)
        rows.append(row)
        return row

    def unit(self, name: str | None) -> int | None:
        if not name:
            return None
        if name not in self.units:
            self.units[name] = self.add(Unit, {"name": name})["id"]
        return self.units[name]

    def person(self, pid: int) -> dict:
        p = self.players[pid]
        return {"name": p["name"], "phone": p.get("phone") or "", "member_no": p["number"] or ""}

    def entry(self, row: dict) -> dict:
        out = {"id": row["id"], "name": row["name"], "unit": self.unit(row.get("unit"))}
        out.update({name: row[name] for name in ENTRY_FIELDS if name in row})
        return out

    def entries(self) -> None:
        entries = self.doc["entries"]
        for team in entries.get("teams", []):
            self.add(Team, self.entry(team))
            for m in team["members"]:
                row = self.add(TeamMember, {"team": team["id"], "number": m["number"]})
                row.update(self.person(m["player"]))
                self.member_of[m["player"]] = row["id"]
        for pair in entries.get("pairs", []):
            row = self.add(Pair, self.entry(pair))
            row.update(team=pair.get("team"), team_slot=pair.get("slot"))
        for one in entries.get("individuals", []):
            row = self.add(Individual, self.entry(one))
            row.update(self.person(one["player"]), own=one.get("pair"))
            self.individual_of[one["player"]] = row["id"]
        for pair in entries.get("pairs", []):
            for position, pid in enumerate(pair["players"], start=1):
                row = {"pair": pair["id"], "position": position, **self.person(pid)}
                row["member"] = self.member_of.get(pid)
                row["individual"] = self.individual_of.get(pid)
                self.seat_of[(pair["id"], pid)] = self.add(Player, row)["id"]

    def results(self) -> None:
        doc = self.doc
        for stage in doc["stages"]:
            row = {"id": stage["id"], **{k: stage[k] for k in STAGE_FIELDS if k in stage}}
            self.add(Stage, dict(row, state=stage.get("state") or {}))
        round_ids = {}
        for r in doc["rounds"]:
            row = {k: r.get(k) for k in ("number", "stage", "started_at")}
            row.update(status=Round.LOCKED, seed=r.get("seed") or 0)
            round_ids[r["number"]] = self.add(Round, row)["id"]
        for lu in doc.get("line_ups", []):
            row = {"team": lu["team"], "round_number": lu["round"], "pairs": lu["pairs"]}
            self.add(LineUp, row)
        for table in doc["tables"]:
            row = {k: table[k] for k in TABLE_FIELDS if k in table}
            row.update(id=table["id"], round=round_ids[table["round"]])
            row.update(ns=table.get("ns"), ew=table["ew"])
            self.add(Table, row)
        for foul in doc.get("fouls", []):
            row: dict[str, Any] = {"table": foul["table"], "pair": foul["pair"]}
            row["player"] = self.seat_of.get((foul["pair"], foul.get("player")))
            row.update({k: foul[k] for k in FOUL_FIELDS if k in foul})
            self.add(Foul, row)


PARTS = (
    ("units", Unit),
    ("squads", Team),
    ("team_members", TeamMember),
    ("teams", Pair),
    ("individuals", Individual),
    ("players", Player),
    ("line_ups", LineUp),
    ("stages", Stage),
    ("rounds", Round),
    ("matches", Table),
    ("fouls", Foul),
)


def archive_of(doc: dict, *, slug: str) -> dict:
    """The archive (in memory) of the document's event, under ``slug``."""
    event = doc["event"]
    row = {name: event[name] for name in EVENT_FIELDS if name in event}
    row.update(event.get("options") or {})
    row.update(slug=slug, exchange_uid=event["uid"], exchange_revision=doc["revision"])
    builder = _Builder(doc)
    builder.entries()
    builder.results()
    archive: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": doc["exported_at"],
        "tournament": _keys(Tournament, dict(row, id=1)),
        "users": [],
        "files": {},
    }
    del archive["tournament"]["id"]
    for key, model in PARTS:
        archive[key] = [_keys(model, r) for r in builder.rows.get(model, [])]
    return archive
