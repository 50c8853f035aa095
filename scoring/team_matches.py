"""What one team match is worth (团体赛, docs/rules.md §16.3).

Vocabulary
----------
pair
    Two players who play together (组合); each table of a team match is an ordinary match
    between two pairs, written on its own score sheet as a :class:`~scoring.records.MatchRecord`.
team
    Two (or three) pairs whose table results are combined (团体). Ids are opaque hashables.
line-up (出场名单)
    A team's pairs for one round, in table order (``x_pairs``).
team match
    Team X against team Y in one round, one table per pair (:mod:`pairing.team_seats` lays
    the tables out with crossed seats). ``y=None`` is a *team bye*: every table of X's
    line-up is a bye record (``ns=None``), scored by the bye policy; under the default
    ``forfeit_win`` that is every table won by forfeit (docs/rules.md §16.3).
table score
    The points and 级差分 of one pair at one table, by the event's scoring system, exactly as
    in a pairs event (:func:`~scoring.records.score_record`).
team match total (团体总分) and 级差分 sum
    The sums of a team's table scores and of their 级差分 over the tables of the match.
team match points (团体赛积分)
    2 to the team with the larger total, 0 to the other; 1 each when the totals are equal.
    A team bye scores as its tables' outcome: 2 under ``forfeit_win`` (1 under ``draw``, 0
    under ``zero``).

>>> m = TeamMatch(1, "X", "Y", x_pairs=(1, 2), tables=(
...     MatchRecord(1, ew=3, ns=1, ew_level="K", ns_level="A+"),
...     MatchRecord(1, ew=2, ns=4, ew_level="9", ns_level="J")))
>>> s = score_team_match(m, "points26")
>>> (s.x.total, s.y.total, s.x.level_diff, s.x.points, s.y.points)
(26, 26, 0, 1, 1)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace

from scoring import errors
from scoring.errors import ScoringError
from scoring.records import MatchRecord, score_record
from scoring.system_numbers import DEFAULT_SCORE_OPTIONS, ScoreOptions
from scoring.systems import DEFAULT_BYE_POLICY, DRAW, EW, LOSS, NS, WIN, MatchScore

TEAM_MATCH_POINTS: dict[str, int] = {WIN: 2, DRAW: 1, LOSS: 0}
"""Team match points of a team match's outcome (docs/rules.md §16.3)."""


@dataclass(frozen=True)
class TeamMatch:
    """One team match of one round, as its tables' score sheets say.

    ``x_pairs`` is X's line-up; each record of ``tables`` has one of X's pairs on one side
    and one of Y's on the other (either seat: the crossing is the layout's business), or,
    for a bye (``y=None``), one of X's pairs as ``ew`` and no ``ns``.
    """

    round: int
    x: Hashable
    y: Hashable | None
    x_pairs: tuple[Hashable, ...]
    tables: tuple[MatchRecord, ...]

    def __post_init__(self) -> None:
        # Read from JSON the line-up and the tables arrive as lists; keep the match hashable.
        object.__setattr__(self, "x_pairs", tuple(self.x_pairs))
        object.__setattr__(self, "tables", tuple(self.tables))

    @classmethod
    def bye(cls, round: int, team: Hashable, line_up: Sequence[Hashable]) -> TeamMatch:
        """The team bye of ``team``: one bye record per pair of its line-up.

        >>> [(t.ew, t.ns) for t in TeamMatch.bye(3, "C", [5, 6]).tables]
        [(5, None), (6, None)]
        """
        tables = tuple(MatchRecord(round, ew=pair, ns=None) for pair in line_up)
        return cls(round, team, None, tuple(line_up), tables)

    @property
    def is_bye(self) -> bool:
        return self.y is None

    def x_seat(self, table: MatchRecord) -> str:
        """The seat X's pair takes at ``table`` (``"EW"`` or ``"NS"``)."""
        return NS if table.ns is not None and table.ns in self.x_pairs else EW


@dataclass(frozen=True)
class TeamSide:
    """One team's share of a team match.

    ``table_points`` and ``table_level_points`` hold its pair's score at each table, in the
    order of the match's tables; ``total`` and ``level_diff`` are their sums; ``points``
    are the team match points (2/1/0) and ``outcome`` ``"win"``, ``"draw"`` or ``"loss"``.
    """

    team: Hashable
    pairs: tuple[Hashable, ...]
    table_points: tuple[int, ...]
    table_level_points: tuple[int, ...]
    total: int
    level_diff: int
    points: int
    outcome: str
    fouls: int


@dataclass(frozen=True)
class TeamMatchScore:
    """The score of one team match (or team bye): each side, and each table's score."""

    round: int
    x: TeamSide
    y: TeamSide | None
    tables: tuple[MatchScore, ...]

    def side(self, team: Hashable) -> TeamSide:
        """The share of ``team``, one of the two teams of the match."""
        if team == self.x.team:
            return self.x
        if self.y is not None and team == self.y.team:
            return self.y
        raise ScoringError(errors.TEAM_TABLES, detail=f"team {team!r} not in the match")


def score_team_match(
    match: TeamMatch,
    system: str,
    bye_policy: str = DEFAULT_BYE_POLICY,
    options: ScoreOptions = DEFAULT_SCORE_OPTIONS,
) -> TeamMatchScore:
    """Score every table of ``match`` with the event's system and add them up per team.

    Raises :class:`ScoringError` for a team against itself (``TEAM_SELF_MATCH``) and for
    tables that do not fit the line-up (``TEAM_TABLES``: a table in another round, a pair
    of X missing or at two tables, a table without exactly one pair of each team, a bye
    table with an opponent).
    """
    if match.x == match.y:
        raise ScoringError(errors.TEAM_SELF_MATCH, detail=f"team {match.x!r}")
    _check_tables(match)
    scores = tuple(score_record(t, system, bye_policy, options) for t in match.tables)
    x_seats = [match.x_seat(table) for table in match.tables]
    x_side = _side(match, scores, x_seats, match.x)
    if match.y is None:
        return TeamMatchScore(
            match.round, _with_outcome(x_side, _bye_outcome(scores)), None, scores
        )
    y_seats = [NS if seat == EW else EW for seat in x_seats]
    y_side = _side(match, scores, y_seats, match.y)
    if x_side.total == y_side.total:
        outcomes = (DRAW, DRAW)
    else:
        outcomes = (WIN, LOSS) if x_side.total > y_side.total else (LOSS, WIN)
    return TeamMatchScore(
        match.round,
        _with_outcome(x_side, outcomes[0]),
        _with_outcome(y_side, outcomes[1]),
        scores,
    )


def _side(
    match: TeamMatch, scores: tuple[MatchScore, ...], seats: list[str], team: Hashable
) -> TeamSide:
    """A team's sums over the tables, at the given seats; its outcome is set afterwards."""
    shares = [score.seat(seat) for score, seat in zip(scores, seats, strict=True)]
    at = list(zip(match.tables, seats, strict=True))
    pairs = tuple(t.ew if seat == EW else t.ns for t, seat in at)
    fouls = sum(t.ew_fouls if seat == EW else t.ns_fouls for t, seat in at)
    points = tuple(share.points for share in shares)
    level_points = tuple(share.level_points for share in shares)
    return TeamSide(
        team=team,
        pairs=pairs,
        table_points=points,
        table_level_points=level_points,
        total=sum(points),
        level_diff=sum(level_points),
        points=0,
        outcome=DRAW,
        fouls=fouls,
    )


def _with_outcome(side: TeamSide, outcome: str) -> TeamSide:
    return replace(side, outcome=outcome, points=TEAM_MATCH_POINTS[outcome])


def _bye_outcome(scores: tuple[MatchScore, ...]) -> str:
    """A team bye's outcome: that of its bye tables (all alike under one bye policy)."""
    return scores[0].ew_outcome


def _check_tables(match: TeamMatch) -> None:
    """The tables fit the line-up: one table per pair of X, each against a pair of Y."""
    x_pairs = match.x_pairs
    problem = None
    if not x_pairs or len(set(x_pairs)) != len(x_pairs):
        problem = f"line-up {x_pairs!r}"
    elif len(match.tables) != len(x_pairs):
        problem = f"{len(match.tables)} tables for a line-up of {len(x_pairs)}"
    elif any(t.round != match.round for t in match.tables):
        problem = f"a table not in round {match.round}"
    elif match.y is None:
        if any(t.ns is not None for t in match.tables):
            problem = "a bye table with an opponent"
        elif {t.ew for t in match.tables} != set(x_pairs):
            problem = "the bye tables are not the line-up's"
    else:
        problem = _played_tables_problem(match)
    if problem is not None:
        raise ScoringError(errors.TEAM_TABLES, detail=f"round {match.round}: {problem}")


def _played_tables_problem(match: TeamMatch) -> str | None:
    x_set = set(match.x_pairs)
    x_seen, y_seen = [], []
    for table in match.tables:
        if table.ns is None:
            return "a bye table in a team match"
        ours = [pair for pair in (table.ew, table.ns) if pair in x_set]
        if len(ours) != 1:
            return f"table {table.ew!r}–{table.ns!r} has {len(ours)} pairs of {match.x!r}"
        x_seen.append(ours[0])
        y_seen.append(table.ns if table.ew == ours[0] else table.ew)
    if len(set(x_seen)) != len(x_seen) or len(set(y_seen)) != len(y_seen):
        return "a pair at two tables"
    return None
