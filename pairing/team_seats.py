"""The tables of team matches (团体赛): crossed seats, numbered together (docs/rules.md §16.2).

Vocabulary
----------
pair
    Two players who play together (组合); the unit of an ordinary table.
team
    Two (option: three) pairs of one entry whose table results are combined (团体, docs/rules.md
    §16.1). Ids are opaque hashables, as for pairs.
line-up (出场名单)
    A team's pairs for one round, in order: its pair 1, pair 2 (, pair 3). Its length is the
    *team size*, 2 or 3 (:data:`TEAM_SIZES`).
team match
    Team X against team Y in one round, played at one table per pair: at the match's table
    *i*, X's pair *i* meets Y's pair *i*. X is the team listed first.
crossed seats
    X sits North–South (南北) at the odd tables of its match (its 1st and 3rd) and East–West
    (东西) at the even ones (its 2nd), so a team sits in different positions at different
    tables; Y sits the other way. The tables of one match are numbered consecutively.
team bye
    A team without an opponent in a round (轮空): no table; it scores every table of its
    line-up as a forfeit win (:mod:`scoring.team_matches`).

>>> [(t.number, t.ew, t.ns) for t in team_match_tables("X", "Y", ["x1", "x2"], ["y1", "y2"], 5)]
[(5, 'y1', 'x1'), (6, 'x2', 'y2')]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from .errors import (
    DUPLICATE_ENTRANT,
    DUPLICATE_TEAM,
    LINEUP_SIZE,
    TEAM_SELF_MATCH,
    PairingError,
)
from .result import Bye, Pairing, Table

TEAM_SIZES: tuple[int, ...] = (2, 3)
"""Pairs a team fields at once: 2 (default) or 3 (docs/rules.md §16.1)."""
DEFAULT_TEAM_SIZE = 2


@dataclass(frozen=True)
class TeamMatchTables:
    """One team match of a round laid out on its tables.

    ``number`` is the team match's number in the round (from 1); ``x_pairs`` and
    ``y_pairs`` are the two line-ups; ``tables`` are ordinary :class:`~pairing.result.Table`
    objects, X's pair *i* at the *i*-th, with crossed seats.
    """

    number: int
    x: Hashable
    y: Hashable
    x_pairs: tuple[Hashable, ...]
    y_pairs: tuple[Hashable, ...]
    tables: tuple[Table, ...]

    def seats_of(self, team: Hashable) -> tuple[str, ...]:
        """The seat (``"EW"`` or ``"NS"``) ``team`` takes at each table, read from the tables.

        >>> m = lay_out_team_round([("X", "Y")], {"X": [1, 2, 3], "Y": [4, 5, 6]}).matches[0]
        >>> m.seats_of("X"), m.seats_of("Y")
        (('NS', 'EW', 'NS'), ('EW', 'NS', 'EW'))
        """
        if team not in (self.x, self.y):
            raise KeyError(team)
        pairs = set(self.x_pairs if team == self.x else self.y_pairs)
        return tuple("NS" if table.ns in pairs else "EW" for table in self.tables)


@dataclass(frozen=True)
class TeamBye:
    """A team without an opponent this round, with the line-up its bye is scored for."""

    team: Hashable
    pairs: tuple[Hashable, ...]


@dataclass(frozen=True)
class TeamRound:
    """A round of a team event: its team matches (numbered from 1) and its team byes."""

    matches: tuple[TeamMatchTables, ...]
    byes: tuple[TeamBye, ...] = ()

    @property
    def tables(self) -> tuple[Table, ...]:
        """Every table of the round, in table-number order."""
        return tuple(table for match in self.matches for table in match.tables)

    def match_of_table(self, number: int) -> TeamMatchTables:
        """The team match played at table ``number``."""
        for match in self.matches:
            if any(table.number == number for table in match.tables):
                return match
        raise KeyError(number)

    def as_pairing(self) -> Pairing:
        """The round as a pairs :class:`~pairing.result.Pairing`: the same tables, and a pair
        bye for each pair of a team bye (how the tables of a round are stored)."""
        byes = tuple(Bye(pair) for bye in self.byes for pair in bye.pairs)
        return Pairing(tables=self.tables, byes=byes)


def team_match_tables(
    x: Hashable,
    y: Hashable,
    x_line_up: Sequence[Hashable],
    y_line_up: Sequence[Hashable],
    first_table: int = 1,
) -> tuple[Table, ...]:
    """The tables of the team match X–Y, numbered from ``first_table``.

    Table *i* of the match has X's pair *i* against Y's pair *i*; X sits NS at the 1st and
    3rd and EW at the 2nd (crossed seats). Raises :class:`PairingError` for a team against
    itself, line-ups of unequal length or not of a team size, and a pair in both line-ups
    (or twice in one).
    """
    if x == y:
        raise PairingError(TEAM_SELF_MATCH, team=x)
    _check_line_up(x, x_line_up, len(y_line_up))
    _check_line_up(y, y_line_up, len(x_line_up))
    _check_distinct([*x_line_up, *y_line_up])
    tables = []
    for i, (x_pair, y_pair) in enumerate(zip(x_line_up, y_line_up, strict=True)):
        number = first_table + i
        if i % 2 == 0:
            tables.append(Table(number, ew=y_pair, ns=x_pair))
        else:
            tables.append(Table(number, ew=x_pair, ns=y_pair))
    return tuple(tables)


def lay_out_team_round(
    matches: Sequence[tuple[Hashable, Hashable]],
    line_ups: Mapping[Hashable, Sequence[Hashable]],
    bye: Hashable | None = None,
    *,
    first_table: int = 1,
    team_size: int | None = None,
) -> TeamRound:
    """Number a round's team matches (from 1) and their tables (from ``first_table``).

    ``matches`` lists (X, Y) in the order of the draw; ``line_ups`` gives each team's
    line-up (a team missing from it has an empty one); ``bye`` is the team without an
    opponent, if any. Every line-up of the round has ``team_size`` pairs (default: the size
    of the first one). Raises :class:`PairingError` for a team against itself, a team placed
    twice (in two matches, or in a match and the bye), a line-up of another size, and a
    pair in two line-ups.

    >>> r = lay_out_team_round([("A", "B")], {"A": [1, 2], "B": [3, 4], "C": [5, 6]}, "C")
    >>> [(m.number, [(t.number, t.ew, t.ns) for t in m.tables]) for m in r.matches], r.byes
    ([(1, [(1, 3, 1), (2, 2, 4)])], (TeamBye(team='C', pairs=(5, 6)),))
    """
    placed = [team for match in matches for team in match] + ([bye] if bye is not None else [])
    for x, y in matches:
        if x == y:
            raise PairingError(TEAM_SELF_MATCH, team=x)
    _check_no_repeat(placed)
    size = team_size if team_size is not None else _first_size(placed, line_ups)
    for team in placed:
        _check_line_up(team, line_ups.get(team, ()), size)
    _check_distinct([pair for team in placed for pair in line_ups[team]])
    laid_out = []
    table = first_table
    for number, (x, y) in enumerate(matches, 1):
        tables = team_match_tables(x, y, line_ups[x], line_ups[y], table)
        laid_out.append(
            TeamMatchTables(number, x, y, tuple(line_ups[x]), tuple(line_ups[y]), tables)
        )
        table += len(tables)
    byes = (TeamBye(bye, tuple(line_ups[bye])),) if bye is not None else ()
    return TeamRound(tuple(laid_out), byes)


def _first_size(teams: list[Hashable], line_ups: Mapping[Hashable, Sequence[Hashable]]) -> int:
    return len(line_ups.get(teams[0], ())) if teams else DEFAULT_TEAM_SIZE


def _check_line_up(team: Hashable, line_up: Sequence[Hashable], expected: int) -> None:
    """A line-up has ``expected`` pairs, and ``expected`` is a team size."""
    if len(line_up) != expected or expected not in TEAM_SIZES:
        shown = expected if expected in TEAM_SIZES else "、".join(map(str, TEAM_SIZES))
        raise PairingError(LINEUP_SIZE, team=team, size=len(line_up), expected=shown)


def _check_no_repeat(teams: list[Hashable]) -> None:
    seen: set[Hashable] = set()
    for team in teams:
        if team in seen:
            raise PairingError(DUPLICATE_TEAM, team=team)
        seen.add(team)


def _check_distinct(pairs: list[Hashable]) -> None:
    seen: set[Hashable] = set()
    for pair in pairs:
        if pair in seen:
            raise PairingError(DUPLICATE_ENTRANT, entrant=pair)
        seen.add(pair)
