"""Pairing a round of a team event (docs/rules.md §16.2, §16.5): the team Swiss or the
teams' round robin, laid out on crossed tables, one per pair of each line-up.

Read only, like :mod:`tournament.rounds.formats`: the answer is a :class:`TeamPairing`,
whose tables carry their team match numbers; :func:`tournament.rounds.pairing.pair_next_round`
stores it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pairing import Pairing, lay_out_team_round, pair_team_swiss
from pairing.roundrobin import pair_round_robin_round, round_robin_rounds
from pairing.team_seats import TeamBye, TeamRound
from tournament.core.errors import Refused
from tournament.models import Pair, Stage, Table, Team, Tournament
from tournament.teams.line_ups import line_ups
from tournament.teams.standings import team_of_pairs, team_standings_for

MSG_TEAM_FORMAT = "opt_team_format"


@dataclass(frozen=True)
class TeamPairing:
    """A team round as its tables (``pairing``), each table's team match
    (``team_matches``: table number → match number) and what its stage fixes (``state``,
    ``rounds``: a round robin's order and length; None: nothing new)."""

    pairing: Pairing
    team_matches: dict[int, int]
    state: dict | None = None
    rounds: int | None = None


def active_teams(tournament: Tournament, round_number: int) -> list[Team]:
    """The teams that play ``round_number``, in draw order (then seed, then name)."""
    teams = Team.objects.filter(
        tournament=tournament, status=Pair.ACTIVE, joined_round__lte=round_number
    ).select_related("unit")
    return sorted(teams, key=Team.draw_key)


def past_team_matches(tournament: Tournament, before_round: int):
    """(X, Y) of every team match and the team of every team bye before ``before_round``."""
    team_of = team_of_pairs(tournament)
    rows = Table.objects.filter(round__tournament=tournament, round__number__lt=before_round)
    played, byes = set(), set()
    for number, match, ew, ns in rows.values_list("round__number", "team_match", "ew_id", "ns_id"):
        if ns is None:
            byes.add((number, team_of.get(ew)))
        else:
            played.add((number, match, *sorted((team_of.get(ew), team_of.get(ns)))))
    return [(x, y) for _, _, x, y in played], [team for _, team in byes]


def team_round(
    tournament: Tournament, stage: Stage, index: int, number: int, seed: int
) -> TeamPairing:
    """Round ``number`` (the ``index``-th of ``stage``) of a team event."""
    teams = active_teams(tournament, number)
    ups = line_ups(tournament, number)
    field_ups = {t.pk: ups.get(t.pk, []) for t in teams}
    size = tournament.team_pairs
    if stage.kind == "swiss":
        return _swiss(tournament, teams, field_ups, number, seed, size)
    if stage.kind == "round_robin":
        return _round_robin(tournament, stage, index, teams, field_ups, size)
    raise Refused(MSG_TEAM_FORMAT)


def _swiss(tournament, teams, field_ups, number, seed, size) -> TeamPairing:
    if number > 1:
        rows = team_standings_for(tournament)
        order = {row.team: i for i, row in enumerate(rows)}
        points = {row.team: float(row.points) for row in rows}
        teams = sorted(teams, key=lambda t: (order.get(t.pk, len(order)), t.draw_number or 0))
    else:
        points = {}
    played, byes = past_team_matches(tournament, number)
    result = pair_team_swiss(
        [t.pk for t in teams],
        field_ups,
        played=played,
        byes=byes,
        units={t.pk: t.unit.name if t.unit_id else None for t in teams},
        points=points,
        avoid_same_unit=tournament.avoid_same_unit,
        seed=seed,
        team_size=size,
    )
    return _stage_pairing(result.round, rematches=result.teams.rematches)


def _round_robin(tournament, stage, index, teams, field_ups, size) -> TeamPairing:
    """Berger tables over the teams in draw order, fixed at the stage's first round."""
    state, rounds = stage.state, None
    if index == 1 or "groups" not in state:
        order = [t.pk for t in teams]
        state, rounds = {**state, "groups": [order]}, round_robin_rounds(len(order))
    pairing = pair_round_robin_round(state["groups"][0], index, tournament.seating)
    active = set(field_ups)
    matches, byes = [], [b.entrant for b in pairing.byes if b.entrant in active]
    for t in pairing.tables:
        if t.ew in active and t.ns in active:
            matches.append((t.ew, t.ns))
        else:  # a team that withdrew since the order was fixed leaves its opponent a bye
            byes += [x for x in t.pairs if x in active]
    laid_out = lay_out_team_round(matches, field_ups, team_size=size)
    laid_out = replace(laid_out, byes=tuple(TeamBye(b, tuple(field_ups[b])) for b in byes))
    return _stage_pairing(laid_out, state=state, rounds=rounds)


def _stage_pairing(laid_out: TeamRound, *, rematches: int = 0, state=None, rounds=None):
    pairing = laid_out.as_pairing()
    matches = {t.number: m.number for m in laid_out.matches for t in m.tables}
    return TeamPairing(
        pairing=Pairing(pairing.tables, pairing.byes, rematches=rematches),
        team_matches=matches,
        state=state,
        rounds=rounds,
    )
