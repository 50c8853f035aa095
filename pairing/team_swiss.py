"""Swiss pairing of team events (团体积分编排, docs/rules.md §16.5), on the pairs' Swiss engine.

Vocabulary
----------
pair
    Two players who play together (组合); the entrant of an ordinary table.
team
    Two or three pairs whose table results are combined (团体, docs/rules.md §16.1).
team match
    Team X against team Y in one round, at one table per pair (crossed seats,
    :mod:`pairing.team_seats`). X is the higher-ranked of the two.
team standings
    The teams best first (:func:`scoring.team_standings`); ``points`` are their ranking
    points (team match points, or totals), which measure how close two teams are.
team bye
    A team without an opponent in a round (轮空); ``byes`` lists every team bye given so
    far, a team as often as it had one.

How
---
A team is an entrant of the pairs' Swiss (:func:`pairing.pair_swiss`): its rank is its
position in the standings, its opponents the teams it met, its unit and bye count its own,
and its seat balance 0 (a team sits both ways in every match, so the seat rule has nothing
to do). The engine's rules then hold for teams as they do for pairs (docs/rules.md §11): no
rematch while one can be avoided, same-unit teams kept apart as the event says, the bye to
the lowest-ranked team with the fewest byes, closest points. Before anything is played the
teams meet in the order given (1–2, 3–4, …; the last one has the bye), as pairs do on their
draw numbers (:func:`pairing.pair_round_one`). The team matches are then laid out on their
tables by :func:`pairing.lay_out_team_round`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .draw import pair_round_one
from .entrants import Entrant
from .errors import DUPLICATE_TEAM, PairingError
from .result import Pairing
from .swiss import pair_swiss
from .team_seats import TeamRound, lay_out_team_round


@dataclass(frozen=True)
class TeamSwissRound:
    """A team Swiss round.

    ``teams`` is the round as the engine made it, teams in place of pairs: a
    :class:`~pairing.result.Table` per team match (its ``flags`` say why: ``rematch``,
    ``same_unit``, ``unit_avoided``, ``float_up`` …) and the team bye (``bye``,
    ``second_bye``). ``round`` is the same round on its tables: team match *k* is
    ``teams.tables[k - 1]``, X its higher-ranked team.
    """

    teams: Pairing
    round: TeamRound

    @property
    def matches(self) -> tuple[tuple[Hashable, Hashable], ...]:
        """(X, Y) of each team match, in match-number order."""
        return tuple((m.x, m.y) for m in self.round.matches)

    @property
    def bye(self) -> Hashable | None:
        """The team without an opponent, if any."""
        return self.round.byes[0].team if self.round.byes else None


def pair_team_swiss(
    teams: Sequence[Hashable],
    line_ups: Mapping[Hashable, Sequence[Hashable]],
    *,
    played: Iterable[tuple[Hashable, Hashable]] = (),
    byes: Iterable[Hashable] = (),
    units: Mapping[Hashable, str | None] | None = None,
    points: Mapping[Hashable, float] | None = None,
    avoid_same_unit: str = "off",
    forbidden: Iterable[Iterable[Hashable]] = (),
    seed: int = 0,
    first_table: int = 1,
    team_size: int | None = None,
) -> TeamSwissRound:
    """Pair and lay out a round of a team Swiss (see the module docstring for the rules).

    ``teams``: the active teams ranked by the team standings, best first (before round 1:
    in the order of the draw or the seeding). ``line_ups``: each team's pairs this round.
    ``played``: the (X, Y) of every team match so far (teams no longer in the field are
    ignored); ``byes``: the team of every team bye so far; ``units``: each team's unit
    (missing or ``None``: none); ``points``: the standings' ranking points (missing: 0);
    ``avoid_same_unit`` (``"off"``, ``"soft"``, ``"hard"``) and ``forbidden`` (teams to keep
    apart) as in :func:`pairing.pair_swiss`. Nothing played and no bye given: round 1.
    Raises :class:`PairingError` for a team listed twice, fewer than two teams, an unknown
    option and what :func:`pairing.lay_out_team_round` refuses.
    """
    field = team_entrants(teams, played=played, byes=byes, units=units, points=points)
    options = {"avoid_same_unit": avoid_same_unit, "forbidden": forbidden}
    if all(not e.opponents and not e.byes for e in field):
        pairing = pair_round_one(field, **options)
    else:
        pairing = pair_swiss(field, seed=seed, **options)
    rank = {e.id: e.rank for e in field}
    matches = [(t.ew, t.ns) if rank[t.ew] < rank[t.ns] else (t.ns, t.ew) for t in pairing.tables]
    bye = pairing.byes[0].entrant if pairing.byes else None
    laid_out = lay_out_team_round(
        matches, line_ups, bye, first_table=first_table, team_size=team_size
    )
    return TeamSwissRound(pairing, laid_out)


def team_entrants(
    teams: Sequence[Hashable],
    *,
    played: Iterable[tuple[Hashable, Hashable]] = (),
    byes: Iterable[Hashable] = (),
    units: Mapping[Hashable, str | None] | None = None,
    points: Mapping[Hashable, float] | None = None,
) -> list[Entrant]:
    """The teams as entrants of the pairs' Swiss: rank = position (from 1), opponents from
    ``played``, ``byes`` counted, the draw number = the rank, seat balance 0."""
    order = list(teams)
    seen: set[Hashable] = set()
    for team in order:
        if team in seen:
            raise PairingError(DUPLICATE_TEAM, team=team)
        seen.add(team)
    met: dict[Hashable, set[Hashable]] = {team: set() for team in order}
    for x, y in played:
        if x in met and y in met:
            met[x].add(y)
            met[y].add(x)
    bye_count = Counter(byes)
    units = units or {}
    points = points or {}
    return [
        Entrant(
            id=team,
            rank=rank,
            points=float(points.get(team, 0.0)),
            unit=units.get(team),
            opponents=frozenset(met[team]),
            byes=bye_count[team],
            draw_number=rank,
        )
        for rank, team in enumerate(order, start=1)
    ]
