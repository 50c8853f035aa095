"""One event's results as an exchange document (成绩交换文件): ``event_document(t)``.

The format is documented field by field in docs/exchange.md and checked by the JSON Schema
``schemas/exchange-1.json``. Ids in the document are local to the file (1, 2, 3… per list,
in the order of the rows here); references use them. Only LOCKED rounds travel, with their
tables and fouls; the places are the standings over those rounds, as the public sees them.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from tournament.archive.stage_ids import map_stage_state
from tournament.archive.write import APP, plain
from tournament.exchange.places import event_places, table_points
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
)

FORMAT = "guandan-exchange"
VERSION = 1

# The event's own fields, then its rule options (the ones the event's row keeps apart).
EVENT_FIELDS = ("slug", "name", "start_date", "end_date", "venue", "host", "entry", "format")
EVENT_FIELDS += ("scoring", "rounds", "lot_seed", "draw_seed")
OPTION_FIELDS = tuple(f for f in Tournament.OPTION_FIELDS if f not in EVENT_FIELDS)
ENTRY_FIELDS = ("draw_number", "seed", "status", "joined_round")
TABLE_FIELDS = (
    "number",
    "team_match",
    "ns_level",
    "ew_level",
    "winner",
    "forfeit",
    "defeat_side",
    "defeat_reason",
    "ns_fouls",
    "ew_fouls",
    "passed_at",
    "pass_upgrade",
    "state",
    "mode",
    "flags",
    "deals",
    "games",
    "bracket_id",
    "bracket_game",
)
FOUL_FIELDS = ("kind", "severity", "levels", "deal_number", "remark")
STAGE_FIELDS = ("order", "name", "kind", "rounds", "games", "qualify", "places_by_time")


class _Ids:
    """Database keys → file-local ids (1, 2, 3…), one numbering per kind of row."""

    def __init__(self) -> None:
        self.maps: dict[str, dict[int, int]] = {}

    def give(self, kind: str, pk: int) -> int:
        ids = self.maps.setdefault(kind, {})
        return ids.setdefault(pk, len(ids) + 1)

    def of(self, kind: str, pk: int | None) -> int | None:
        return None if pk is None else self.maps.get(kind, {}).get(pk)


def event_document(tournament: Tournament) -> dict:
    """The exchange document of ``tournament`` (JSON-ready; see docs/exchange.md)."""
    t = Tournament.objects.get(pk=tournament.pk)  # the stamp as stored now
    ids = _Ids()
    players: list[dict] = []
    entries = {"pairs": [], "teams": [], "individuals": []}
    units = dict(t.units.values_list("pk", "name"))
    entries["teams"] = _teams(t, ids, players, units)
    entries["individuals"] = _individuals(t, ids, players, units)
    entries["pairs"] = _pairs(t, ids, players, units)
    for team in entries["teams"]:  # a team's pairs are numbered after the pairs are
        team["pairs"] = [ids.of("pair", pk) for pk in team.pop("_pairs")]
    for one in entries["individuals"]:
        one["pair"] = ids.of("pair", one.pop("_own"))
    rounds = list(Round.objects.filter(tournament=t, status=Round.LOCKED).order_by("number"))
    return {
        "format": FORMAT,
        "version": VERSION,
        "app": APP,
        "exported_at": timezone.now().isoformat(),
        # An event imported here goes on from its file's revision (its stamp here restarts).
        "revision": max(t.stamp, t.exchange_revision or 0),
        "event": _event(t),
        "players": players,
        "entries": entries,
        "stages": _stages(t, ids),
        "rounds": [_round(r, ids) for r in rounds],
        "line_ups": _line_ups(t, ids, rounds),
        "tables": _tables(t, ids, rounds),
        "fouls": _fouls(t, ids, rounds),
        "places": [dict(row, entry=ids.of(kind, row["entry"])) for kind, row in event_places(t)],
    }


def _event(t: Tournament) -> dict:
    event = {name: plain(getattr(t, name)) for name in EVENT_FIELDS}
    event["uid"] = str(t.exchange_uid)
    event["options"] = {name: plain(getattr(t, name)) for name in OPTION_FIELDS}
    return event


def _player(ids: _Ids, players: list, kind: str, row: dict, units: dict) -> int:
    """A new player of the file from a registration row (a member, an individual, a seat)."""
    pid = len(players) + 1
    ids.give(kind, row["pk"])
    ids.maps.setdefault("player_of_" + kind, {})[row["pk"]] = pid
    players.append(
        {
            "id": pid,
            "number": row["member_no"] or None,
            "name": row["name"],
            "phone": row["phone"],
            "unit": units.get(row.get("unit_id")),
        }
    )
    return pid


def _entry(row: dict, units: dict) -> dict:
    return {
        "name": row["name"],
        "unit": units.get(row["unit_id"]),
        **{name: row[name] for name in ENTRY_FIELDS},
    }


def _teams(t: Tournament, ids: _Ids, players: list, units: dict) -> list[dict]:
    """A team event's teams, their rosters (队员, substitutes too) and the keys of their pairs
    (numbered once the pairs are). Three queries, whatever the number of teams."""
    rosters: dict[int, list[dict]] = {}
    fields = ("pk", "team_id", "number", "name", "phone", "member_no")
    members = TeamMember.objects.filter(team__tournament=t).order_by("team_id", "number", "pk")
    for m in members.values(*fields):
        rosters.setdefault(m["team_id"], []).append(m)
    pairs: dict[int, list[int]] = {}
    team_pairs = Pair.objects.filter(tournament=t).exclude(team=None).order_by("pk")
    for pk, team_id in team_pairs.values_list("pk", "team_id"):
        pairs.setdefault(team_id, []).append(pk)
    teams = []
    names = ("pk", "name", "unit_id", *ENTRY_FIELDS)
    for row in Team.objects.filter(tournament=t).order_by("pk").values(*names):
        roster = []
        for m in rosters.get(row["pk"], []):
            pid = _player(ids, players, "member", dict(m, unit_id=row["unit_id"]), units)
            roster.append({"player": pid, "number": m["number"]})
        team = {"id": ids.give("team", row["pk"]), **_entry(row, units), "members": roster}
        team["_pairs"] = pairs.get(row["pk"], [])
        teams.append(team)
    return teams


def _individuals(t: Tournament, ids: _Ids, players: list, units: dict) -> list[dict]:
    out = []
    names = ("pk", "name", "unit_id", "phone", "member_no", "own_id", *ENTRY_FIELDS)
    for row in Individual.objects.filter(tournament=t).order_by("pk").values(*names):
        pid = _player(ids, players, "individual", row, units)
        entry = {"id": ids.of("individual", row["pk"]), "player": pid, **_entry(row, units)}
        entry["_own"] = row["own_id"]
        out.append(entry)
    return out


def _pairs(t: Tournament, ids: _Ids, players: list, units: dict) -> list[dict]:
    """Every pair: a pairs event's, a team's pairs, an individual event's partnerships (a
    seat that is a team member or an individual is that player, not a new one)."""
    seats: dict[int, list[int]] = {}
    fields = ("pk", "pair_id", "name", "phone", "member_no", "member_id", "individual_id")
    rows = Player.objects.filter(pair__tournament=t).order_by("pair_id", "position")
    pair_units = dict(Pair.objects.filter(tournament=t).values_list("pk", "unit_id"))
    member_of, individual_of = (
        ids.maps.get("player_of_member", {}),
        ids.maps.get("player_of_individual", {}),
    )
    for seat in rows.values(*fields):
        if seat["member_id"] in member_of:
            pid = member_of[seat["member_id"]]
        elif seat["individual_id"] in individual_of:
            pid = individual_of[seat["individual_id"]]
        else:
            row = dict(seat, unit_id=pair_units.get(seat["pair_id"]))
            pid = _player(ids, players, "seat", row, units)
        ids.maps.setdefault("player_of_seat", {})[seat["pk"]] = pid
        seats.setdefault(seat["pair_id"], []).append(pid)
    out = []
    names = ("pk", "name", "unit_id", "team_id", "team_slot", *ENTRY_FIELDS)
    for row in Pair.objects.filter(tournament=t).order_by("pk").values(*names):
        pair = {"id": ids.give("pair", row["pk"]), **_entry(row, units)}
        pair["team"] = ids.of("team", row["team_id"])
        pair["slot"] = row["team_slot"]
        pair["players"] = seats.get(row["pk"], [])
        out.append(pair)
    return out


def _stages(t: Tournament, ids: _Ids) -> list[dict]:
    out = []
    for stage in Stage.objects.filter(tournament=t).order_by("order"):
        row = {"id": ids.give("stage", stage.pk)}
        row.update({name: plain(getattr(stage, name)) for name in STAGE_FIELDS})
        row["state"] = map_stage_state(stage.state, lambda pk: ids.of("pair", pk) or pk)
        out.append(row)
    return out


def _round(r: Round, ids: _Ids) -> dict:
    return {
        "number": r.number,
        "stage": ids.of("stage", r.stage_id),
        "status": r.status,
        "started_at": plain(r.started_at),
        "seed": r.seed,
    }


def _line_ups(t: Tournament, ids: _Ids, rounds: list[Round]) -> list[dict]:
    numbers = [r.number for r in rounds]
    rows = LineUp.objects.filter(team__tournament=t, round_number__in=numbers)
    return [
        {
            "team": ids.of("team", lu.team_id),
            "round": lu.round_number,
            "pairs": [ids.of("pair", pk) for pk in lu.pairs],
        }
        for lu in rows.order_by("round_number", "team_id")
    ]


def _tables(t: Tournament, ids: _Ids, rounds: list[Round]) -> list[dict]:
    out = []
    points = table_points(t)
    rows = Table.objects.filter(round__in=rounds).order_by("round__number", "number", "pk")
    for table in rows.select_related("round"):
        row: dict[str, Any] = {"id": ids.give("table", table.pk), "round": table.round.number}
        row.update({name: plain(getattr(table, name)) for name in TABLE_FIELDS})
        row["ns"] = ids.of("pair", table.ns_id)
        row["ew"] = ids.of("pair", table.ew_id)
        row["points"] = points(table)
        out.append(row)
    return out


def _fouls(t: Tournament, ids: _Ids, rounds: list[Round]) -> list[dict]:
    out = []
    rows = Foul.objects.filter(table__round__in=rounds)
    for foul in rows.order_by("table__round__number", "table__number", "pk"):
        row: dict[str, Any] = {
            "table": ids.of("table", foul.table_id),
            "pair": ids.of("pair", foul.pair_id),
            "player": ids.maps.get("player_of_seat", {}).get(foul.player_id),
        }
        row.update({name: getattr(foul, name) for name in FOUL_FIELDS})
        out.append(row)
    return out


def document_places(document: dict) -> list[dict]:
    """The places of a document (for comparing two documents' standings)."""
    return [{k: v for k, v in row.items()} for row in document.get("places", [])]


__all__ = ["FORMAT", "VERSION", "event_document", "document_places"]
