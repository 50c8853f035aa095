"""Importing a team event's registration sheet: all rows, or nothing when any row is bad.

:func:`teams_check` reads and checks a sheet (the preview); :func:`teams_import` checks it
again inside its transaction (a team registered between the preview and the confirmation
is still caught) and saves every team with its roster and its registered pairs, as
:func:`tournament.teams.registration.team_register` makes one team, in a few statements:
one insert per model (:func:`tournament.core.bulk.insert_all`), the new keys read back by
the unique names (a team's name in its event, a roster number in its team).
"""

from __future__ import annotations

from django.db import transaction

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.bulk import insert_all
from tournament.core.errors import Invalid
from tournament.core.identity import link_event
from tournament.core.stamps import public_changed
from tournament.models import Pair, Player, Team, TeamMember, Tournament, Unit
from tournament.spreadsheets.table_file import read_table
from tournament.spreadsheets.uploads import upload_limits
from tournament.standings.selectors import next_round_number
from tournament.teams.registration import MSG_NOT_TEAM_EVENT, pair_name
from tournament.teams.sheet_rows import (
    Registered,
    TeamRow,
    TeamSheetCheck,
    check_team_sheet,
    sheet_headers,
)

MSG_AUDIT_TEAM_IMPORT = "audit_team_import"


def teams_check(tournament: Tournament, data: bytes, filename: str) -> TeamSheetCheck:
    """Read and check a team sheet against the event's teams (nothing saved)."""
    if not tournament.is_team_event:
        raise Invalid(MSG_NOT_TEAM_EVENT)
    headers = sheet_headers(tournament.team_pairs)
    table = read_table(data, filename, headers["team"] + headers["p1"], upload_limits())
    members = TeamMember.objects.filter(team__tournament=tournament)
    registered = Registered(
        teams=Team.objects.filter(tournament=tournament).values_list("name", flat=True),
        players=[
            (name, unit or "", team)
            for name, unit, team in members.values_list("name", "team__unit__name", "team__name")
        ],
        numbers=members.exclude(member_no="").values_list("member_no", flat=True),
    )
    return check_team_sheet(table, tournament.team_pairs, tournament.substitutes, registered)


@transaction.atomic
def teams_import(
    *, tournament: Tournament, data: bytes, filename: str, by: Actor, actor: str = ""
) -> TeamSheetCheck:
    """Import a team sheet: every team, or none when the check finds any problem (the
    check is returned either way)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    check = teams_check(tournament, data, filename)
    if not check.ok:
        return check
    units = {u.name: u.pk for u in Unit.objects.filter(tournament=tournament)}
    for name in check.units():
        if name not in units:
            units[name] = Unit.objects.create(tournament=tournament, name=name).pk
    joined = next_round_number(tournament)
    teams = _insert_teams(tournament, check.rows, units, joined)
    members = _insert_members(tournament, check.rows, teams)
    _insert_pairs(tournament, check.rows, teams, members, units, joined)
    link_event(tournament)
    count = len(check.rows)
    log_action(
        tournament=tournament,
        by=by,
        action="squad.import",
        label=actor,
        summary=Message(MSG_AUDIT_TEAM_IMPORT, {"file": filename, "count": count}),
        after={"count": count, "file": filename},
    )
    public_changed(tournament)
    return check


def _insert_teams(tournament, rows: list[TeamRow], units, joined: int) -> dict[str, int]:
    """The new teams; their keys by name."""
    insert_all(
        [
            Team(
                tournament=tournament, name=r.team, unit_id=units.get(r.unit), joined_round=joined
            ).with_pinyin()
            for r in rows
        ]
    )
    names = {r.team for r in rows}
    found = Team.objects.filter(tournament=tournament).values_list("name", "pk")
    return {name: pk for name, pk in found if name in names}


def _insert_members(tournament, rows: list[TeamRow], teams) -> dict[tuple[int, int], int]:
    """The new teams' rosters; their keys by (team, roster number)."""
    insert_all(
        [
            TeamMember(
                team_id=teams[r.team], number=n, name=name, member_no=r.member_no(n)
            ).with_pinyin()
            for r in rows
            for n, name in enumerate(r.roster, start=1)
        ]
    )
    new = set(teams.values())
    found = TeamMember.objects.filter(team__tournament=tournament)
    return {
        (team, number): pk
        for team, number, pk in found.values_list("team_id", "number", "pk")
        if team in new
    }


def _insert_pairs(tournament, rows: list[TeamRow], teams, members, units, joined: int) -> None:
    """Each new team's registered pairs (组合1…k) and their players, from its roster."""
    k = tournament.team_pairs
    insert_all(
        [
            Pair(
                tournament=tournament,
                name=pair_name(r.team, slot),
                unit_id=units.get(r.unit),
                joined_round=joined,
                team_id=teams[r.team],
                team_slot=slot,
            ).with_pinyin()
            for r in rows
            for slot in range(1, k + 1)
        ]
    )
    new = set(teams.values())
    found = Pair.objects.filter(tournament=tournament).exclude(team_slot=None)
    pairs = {
        (team, slot): pk
        for team, slot, pk in found.values_list("team_id", "team_slot", "pk")
        if team in new
    }
    players = []
    for r in rows:
        team = teams[r.team]
        for slot in range(1, k + 1):
            for position in (1, 2):
                number = 2 * slot - 2 + position
                players.append(
                    Player(
                        pair_id=pairs[(team, slot)],
                        position=position,
                        name=r.players[number - 1],
                        member_id=members[(team, number)],
                    ).with_pinyin()
                )
    insert_all(players)
