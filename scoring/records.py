"""Plain match records in, per-pair tallies out.

A :class:`MatchRecord` is what the score sheet says about one table in one round: the two
pairs (opaque ids, the app passes ints), their final levels or the forfeit/defeat, and the
fouls written on the sheet. ``ns=None`` is a bye for the EW pair.

:func:`tally` scores every record once (through :func:`score_record`, which the pair page
uses too) and adds it up per pair; standings and rotation totals read the same
:class:`Tally` objects, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from functools import cached_property

from rules.levels import LEVELS
from scoring import errors
from scoring.errors import ScoringError
from scoring.system_numbers import DEFAULT_SCORE_OPTIONS
from scoring.systems import (
    DRAW,
    EW,
    LOSS,
    NS,
    WIN,
    MatchScore,
    ScoreOptions,
    SeatScore,
    score_match,
)


@dataclass(frozen=True)
class MatchRecord:
    """One table in one round, as written on the score sheet.

    >>> MatchRecord(1, ew=7, ns=8, ew_level="A+", ns_level="J")
    MatchRecord(round=1, ew=7, ns=8, ew_level='A+', ns_level='J', forfeit=None, defeat=None, ew_fouls=0, ns_fouls=0, pass_upgrade=None)
    """

    round: int
    ew: Hashable
    ns: Hashable | None
    ew_level: str | None = None
    ns_level: str | None = None
    forfeit: str | None = None
    defeat: tuple[str, str] | None = None
    ew_fouls: int = 0
    ns_fouls: int = 0
    pass_upgrade: int | None = None

    def __post_init__(self) -> None:
        # A defeat read from JSON arrives as a list; the tallies need it hashable.
        if isinstance(self.defeat, list):
            object.__setattr__(self, "defeat", tuple(self.defeat))

    @property
    def is_bye(self) -> bool:
        return self.ns is None


def score_record(
    record: MatchRecord,
    system: str,
    bye_policy: str,
    options: ScoreOptions = DEFAULT_SCORE_OPTIONS,
) -> MatchScore:
    """Score one record with the event's system, bye policy and score options."""
    return score_match(
        system,
        ew=record.ew_level,
        ns=record.ns_level,
        forfeit=record.forfeit,
        defeat=record.defeat,
        bye=record.ns is None,
        bye_policy=bye_policy,
        pass_upgrade=record.pass_upgrade,
        options=options,
    )


@dataclass(eq=False, slots=True)
class Tally:
    """Everything one pair collected over the rounds counted.

    ``by_round`` holds the points of each round the pair has a record in. ``opponents`` has
    one entry per match played (byes excluded), so 对手分 counts an opponent met twice
    twice. ``against`` pairs each record's opponent (None for a bye) with the points the
    pair scored in it: the raw material of head-to-head.
    """

    pair: Hashable
    points: int = 0
    level_diff: int = 0
    fouls: int = 0
    tables: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    levels_climbed: int = 0
    by_round: dict[int, int] = field(default_factory=dict)
    opponents: list[Hashable] = field(default_factory=list)
    against: list[tuple[Hashable | None, int]] = field(default_factory=list)

    def points_against(self, other: Hashable) -> int | None:
        """Points scored against ``other`` over all their meetings; None if they never met."""
        scored = [points for opponent, points in self.against if opponent == other]
        return sum(scored) if scored else None


@dataclass
class Ledger:
    """The tallies of one event after some round.

    ``last_round`` is the highest round counted (0 when nothing has been played).
    ``pairs`` keeps the order in which pairs were listed or first seen, so that output
    is reproducible for equal inputs.
    """

    tallies: dict[Hashable, Tally]
    pairs: list[Hashable]
    last_round: int

    @cached_property
    def points(self) -> dict[Hashable, int]:
        """Every pair's total points (read by 对手分 once per opponent)."""
        return {pair: t.points for pair, t in self.tallies.items()}


# Level name → index, built from the scale in rules.levels (MatchScore levels are
# already normalized).
_INDEX = {name: i for i, name in enumerate(LEVELS)}

_Side = tuple[int, int, bool, bool, bool, int]
"""(points, 级差分, won, drew, lost, level index reached) of one seat of a score."""


def tally(
    results: Iterable[MatchRecord],
    system: str,
    bye_policy: str,
    *,
    pairs: Iterable[Hashable] | None = None,
    after_round: int | None = None,
    options: ScoreOptions = DEFAULT_SCORE_OPTIONS,
) -> Ledger:
    """Score every record up to ``after_round`` and add the scores up per pair.

    Pairs given in ``pairs`` appear even without a record. Records with a round above
    ``after_round`` are skipped. Raises :class:`ScoringError` for a pair playing itself or
    appearing twice in one round, a round below 1 or negative fouls.
    """
    entries: dict[Hashable, list[tuple]] = {pair: [] for pair in pairs or ()}
    sides: dict[tuple, tuple[_Side, _Side]] = {}
    last_round = 0
    # The hot path of a 25,000-record event: per record only lookups and appends. Sums
    # and the checks on fouls and opponents are done per pair afterwards with builtins
    # (see _finish); only the round is checked here because the filter compares it.
    for record in results:
        rnd = record.round
        if type(rnd) is not int or rnd < 1:
            raise ScoringError(errors.BAD_ROUND, detail=repr(record))
        if after_round is not None and rnd > after_round:
            continue
        if rnd > last_round:
            last_round = rnd
        ew_id, ns_id = record.ew, record.ns
        key = (
            record.ew_level,
            record.ns_level,
            record.forfeit,
            record.defeat,
            ns_id is None,
            record.pass_upgrade,
        )
        sides_pair = sides.get(key)
        if sides_pair is None:
            sides_pair = sides[key] = _sides(score_record(record, system, bye_policy, options))
        ew_list = entries.get(ew_id)
        if ew_list is None:
            ew_list = entries[ew_id] = []
        ew_list.append((rnd, ns_id, record.ew_fouls, sides_pair[0]))
        if ns_id is not None:
            ns_list = entries.get(ns_id)
            if ns_list is None:
                ns_list = entries[ns_id] = []
            ns_list.append((rnd, ew_id, record.ns_fouls, sides_pair[1]))
    tallies = {pair: _finish(pair, found) for pair, found in entries.items()}
    return Ledger(tallies, list(entries), last_round)


def _sides(score: MatchScore) -> tuple[_Side, _Side]:
    return _side(score.seat(EW), score.ew_level), _side(score.seat(NS), score.ns_level)


def _side(seat: SeatScore, level: str | None) -> _Side:
    outcome = seat.outcome
    return (
        seat.points,
        seat.level_points,
        outcome == WIN,
        outcome == DRAW,
        outcome == LOSS,
        _INDEX[level] if level is not None else 0,
    )


def _finish(pair: Hashable, entries: list[tuple]) -> Tally:
    """Check and add up one pair's entries (round, opponent, fouls, side)."""
    if not entries:
        return Tally(pair)
    rounds, opponents, fouls, sides = zip(*entries, strict=True)
    if pair in opponents:
        raise ScoringError(errors.SELF_MATCH, detail=f"pair {pair!r}")
    if not set(map(type, fouls)) <= {int} or min(fouls) < 0:
        raise ScoringError(errors.BAD_FOULS, detail=f"pair {pair!r}: {fouls}")
    points, level_points, wins, draws, losses, index = zip(*sides, strict=True)
    by_round = dict(zip(rounds, points, strict=True))
    if len(by_round) != len(rounds):
        twice = next(r for r in by_round if rounds.count(r) > 1)
        raise ScoringError(errors.PLAYED_TWICE, detail=f"round {twice}, pair {pair!r}")
    played = [opponent for opponent in opponents if opponent is not None]
    return Tally(
        pair,
        points=sum(points),
        level_diff=sum(level_points),
        fouls=sum(fouls),
        tables=len(rounds),
        wins=sum(wins),
        draws=sum(draws),
        losses=sum(losses),
        byes=len(rounds) - len(played),
        levels_climbed=sum(index),
        by_round=by_round,
        opponents=played,
        against=list(zip(opponents, points, strict=True)),
    )
