"""What one match is worth: the three scoring systems (docs/rules.md §6, §7, §8).

Vocabulary
----------
seat
    ``"EW"`` (东西) or ``"NS"`` (南北): which side of the table a pair sat at.
level difference (级差), *d*
    ``index(higher level) - index(lower level)``, 0 … 13, from :mod:`rules.levels`.
    A pair past A (``"A+"``) against a pair at K: d = 13 - 11 = 2.
级差分 (level points)
    The *signed* level difference of one pair in one match: +d for the winner, -d for the
    loser, 0 for both on a draw. Summed over the rounds it is the first tiebreak after the
    points (docs/rules.md §9). Every system reports it, not only ``match_points``.
forfeit (弃权)
    A pair that did not play (absent, late, withdrawn). ``forfeit="EW"`` names the pair
    that forfeits; ``"both"`` means neither pair came and both score a forfeit loss.
defeat (判负)
    A pair declared the loser by the referee: ``("NS", "three_hidden")`` = the NS pair hid
    cards three times in the match. ``"late"`` is scored exactly like a forfeit (§8).
bye (轮空)
    A round without an opponent; how it is scored is the event option ``bye_policy``.

The systems
-----------
``points26`` (26分制, docs/rules.md §6.1)
    winner 13 + d, loser 13 - d; d = 0 is 13 : 13.
``match_points`` (胜2平1负0, docs/rules.md §6.2)
    win 2, draw 1, loss 0.
``hundred_plus`` (100+级差, docs/rules.md §6.3)
    the pair past A scores 100 + min(d, 15), where a pass counts as A plus the upgrade of
    the deal that passed it (``pass_upgrade``: 13, 14 or 15, docs/rules.md §6.3; without
    it A+ = 13); the loser its climbed levels, min(index, 12). At time with nobody past A
    the option ``hundred_at_time`` decides: ``climbed_only`` (default) gives both pairs
    their climbed levels (the higher still counts as the winner), ``higher_wins`` scores the
    higher pair 100 + d. A draw at time gives both their climbed levels.

>>> s = score_match("points26", ew="A+", ns="K")
>>> (s.ew_points, s.ns_points, s.ew_level_points, s.ns_level_points)
(15, 11, 2, -2)
>>> s = score_match("hundred_plus", ew="A+", ns="8")
>>> (s.ew_points, s.ns_points)
(107, 6)
>>> score_match("hundred_plus", ew="A+", ns="2", pass_upgrade=3).ew_points
115

Decisions where the documents are silent (docs/rules.md §6.4; each written as *d*, the level difference that the
awarded score stands for, which is also the 级差分 it gives):

* ``points26`` forfeit: 18 : 0 (《淮安掼蛋比赛规则》, docs/rules.md §6.1). 18 is the winner's score at d = 5 in the
  26-point table, so the 级差分 is +5 : -5. The document deliberately values a forfeit below a
  real big win; reading it as d = 5 keeps points and 级差分 telling the same story.
* ``points26`` defeat (three hidden cards, and by the same reasoning three fouls): the
  opponents win "as A+" against a pair scored 0, i.e. A+ against 2: 26 : 0, 级差分 ±13
  (docs/rules.md §6.1).
* ``match_points``: forfeit, lateness and three fouls are 2 : 0 with 级差分 +10 : -10
  (docs/rules.md §6.2); three hidden cards are treated the same (《掼蛋比赛竞赛细则》 has no separate rule).
* ``hundred_plus`` forfeit: the documents give no number; it is an event option
  (``ScoreOptions.hundred_forfeit``, 100–115). The default carries over 《淮安掼蛋比赛规则》's reading of a
  forfeit as a win by d = 5: 100 + 5 = 105 to the pair present, 0 to the absent pair (it
  climbed no levels), 级差分 ±5. Scoring it as A+ against 2 (113) would make an empty
  table worth more than nearly every real win.
* ``hundred_plus`` defeat: as in ``points26``, the opponents win as A+ against 2: 113 : 0,
  级差分 ±13.
* ``forfeit="both"``: each pair scores the forfeit loss of the system (0 points and -5 or
  -10 级差分); nobody wins.
* Bye policies (:data:`BYE_POLICIES`): ``forfeit_win`` (default) scores the forfeit win of
  the system and counts as a win; ``draw`` scores a drawn match with both pairs at 2 (13
  in ``points26``, 1 in ``match_points``, 0 in ``hundred_plus``, 级差分 0) and counts as a
  draw; ``zero`` scores nothing (0 points, 0 级差分) and counts as a loss.
* A played match needs both levels; the higher level wins, equal levels draw (§5). Both
  pairs past A is impossible and raises :class:`ScoringError`. Fouls written on the sheet
  never turn into a defeat by themselves: the referee's decision is passed as ``defeat``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rules.levels import LevelError, level_index, normalize_level
from scoring import errors
from scoring.errors import ScoringError
from scoring.system_numbers import (
    BYE_POLICIES,
    DEFAULT_BYE_POLICY,
    DEFAULT_SCORE_OPTIONS,
    DEFEAT_REASONS,
    HUNDRED_WINNER_CAP,
    SYSTEMS,
    ScoreOptions,
    SystemTable,
    check_bye_policy,
    check_system,
    counts_pass_upgrade,
    table_for,
)

__all__ = [
    "BOTH",
    "BYE_POLICIES",
    "DEFAULT_BYE_POLICY",
    "DEFEAT_REASONS",
    "DRAW",
    "EW",
    "LOSS",
    "NS",
    "SEATS",
    "SYSTEMS",
    "WIN",
    "MatchScore",
    "ScoreOptions",
    "SeatScore",
    "check_bye_policy",
    "check_system",
    "clear_score_cache",
    "counts_pass_upgrade",
    "score_match",
]

EW = "EW"
NS = "NS"
BOTH = "both"
SEATS = (EW, NS)

WIN = "win"
DRAW = "draw"
LOSS = "loss"


@dataclass(frozen=True)
class SeatScore:
    """One pair's share of a :class:`MatchScore`."""

    points: int
    level_points: int
    outcome: str | None


@dataclass(frozen=True)
class MatchScore:
    """The score of one match (or bye) for both seats.

    ``level_difference`` is the d behind the score: the real one for a played match, the
    stand-in d of a forfeit or defeat (5, 10 or 13, see the module docstring). In a bye the
    NS side is empty: ``ns_level`` and ``ns_outcome`` are None, its points are 0.
    """

    system: str
    ew_level: str | None
    ns_level: str | None
    ew_points: int
    ns_points: int
    ew_level_points: int
    ns_level_points: int
    ew_outcome: str
    ns_outcome: str | None
    level_difference: int
    forfeit: str | None = None
    defeat: tuple[str, str] | None = None
    bye: bool = False

    def seat(self, seat: str) -> SeatScore:
        """Return the points, 级差分 and outcome of ``"EW"`` or ``"NS"``."""
        if seat == EW:
            return SeatScore(self.ew_points, self.ew_level_points, self.ew_outcome)
        if seat == NS:
            return SeatScore(self.ns_points, self.ns_level_points, self.ns_outcome)
        raise ScoringError(errors.BAD_SIDE, detail=repr(seat))


def score_match(
    system: str,
    *,
    ew: str | int | None,
    ns: str | int | None,
    forfeit: str | None = None,
    defeat: Sequence[str] | None = None,
    bye: bool = False,
    bye_policy: str = DEFAULT_BYE_POLICY,
    pass_upgrade: int | None = None,
    options: ScoreOptions = DEFAULT_SCORE_OPTIONS,
) -> MatchScore:
    """Score one match between the EW pair (level ``ew``) and the NS pair (level ``ns``).

    ``pass_upgrade`` is the upgrade of the deal that passed A (``state.pass_upgrade`` of
    the engine), read only by ``hundred_plus``; ``options`` are the event's
    :class:`ScoreOptions`.

    >>> score_match("match_points", ew="Q", ns="Q").ew_points
    1
    >>> s = score_match("match_points", ew="9", ns="5", forfeit="NS")
    >>> (s.ew_points, s.ns_points, s.ew_level_points, s.ns_level_points)
    (2, 0, 10, -10)
    """
    if defeat is not None:
        if isinstance(defeat, str) or len(defeat) != 2:
            raise ScoringError(errors.BAD_DEFEAT, detail=repr(defeat))
        defeat = (defeat[0], defeat[1])
    # Matches repeat the same few inputs (levels are 14 values), so the cache turns a
    # 25,000-match event into a few hundred real computations.
    if pass_upgrade is not None and (
        isinstance(pass_upgrade, bool)
        or not isinstance(pass_upgrade, int)
        or not 1 <= pass_upgrade <= 5
        or "A+" not in (_level(ew), _level(ns))
    ):
        raise ScoringError(errors.BAD_PASS_UPGRADE, detail=f"{pass_upgrade=}")
    if not isinstance(options, ScoreOptions):
        raise ScoringError(errors.BAD_OPTION, detail=repr(options))
    return _score(system, ew, ns, forfeit, defeat, bool(bye), bye_policy, pass_upgrade, options)


def clear_score_cache() -> None:
    """Forget cached scores (benchmarks use it to time a cold start)."""
    _score.cache_clear()


@lru_cache(maxsize=8192)
def _score(
    system: str,
    ew: str | int | None,
    ns: str | int | None,
    forfeit: str | None,
    defeat: tuple[str, str] | None,
    bye: bool,
    bye_policy: str,
    pass_upgrade: int | None,
    options: ScoreOptions,
) -> MatchScore:
    table = table_for(system)
    ew_level, ns_level = _level(ew), _level(ns)
    if bye:
        return _bye(system, table, ew_level, ns, forfeit, defeat, bye_policy, options)
    if forfeit is not None and defeat is not None:
        raise ScoringError(errors.FORFEIT_AND_DEFEAT, detail=f"{forfeit=} {defeat=}")
    if defeat is not None:
        loser, reason = defeat
        if loser not in SEATS or reason not in DEFEAT_REASONS:
            raise ScoringError(errors.BAD_DEFEAT, detail=repr(defeat))
        awarded = options.forfeit(table, system) if reason == "late" else table.defeat
        return _awarded(system, ew_level, ns_level, loser, awarded, defeat=defeat)
    if forfeit is not None:
        if forfeit not in (EW, NS, BOTH):
            raise ScoringError(errors.BAD_FORFEIT, detail=repr(forfeit))
        awarded = options.forfeit(table, system)
        return _awarded(system, ew_level, ns_level, forfeit, awarded, forfeit=forfeit)
    return _played(system, table, ew_level, ns_level, pass_upgrade, options)


def _level(level: str | int | None) -> str | None:
    if level is None or level == "":
        return None
    try:
        return normalize_level(level)
    except LevelError:
        raise ScoringError(errors.BAD_LEVEL, detail=repr(level)) from None


def _played(
    system: str,
    table: SystemTable,
    ew_level: str | None,
    ns_level: str | None,
    pass_upgrade: int | None,
    options: ScoreOptions,
) -> MatchScore:
    if ew_level is None or ns_level is None:
        raise ScoringError(errors.LEVELS_REQUIRED, detail=f"ew={ew_level!r} ns={ns_level!r}")
    ew_index, ns_index = level_index(ew_level), level_index(ns_level)
    passed = level_index("A+")
    if ew_index == ns_index == passed:
        raise ScoringError(errors.BOTH_PASSED_A, detail="ew='A+' ns='A+'")
    d = abs(ew_index - ns_index)
    if counts_pass_upgrade(system) and pass_upgrade is not None:
        # A pass counts as A plus the upgrade of the passing deal (docs/rules.md §6.3).
        d = min(passed - 1 + pass_upgrade - min(ew_index, ns_index), HUNDRED_WINNER_CAP)
    climbed_only = (
        system == "hundred_plus"
        and passed not in (ew_index, ns_index)
        and options.hundred_at_time == "climbed_only"
    )
    if d == 0:
        ew_points, ns_points = table.draw(ew_index), table.draw(ns_index)
        ew_outcome = ns_outcome = DRAW
    elif climbed_only:
        ew_points, ns_points = table.draw(ew_index), table.draw(ns_index)
        ew_outcome, ns_outcome = (WIN, LOSS) if ew_index > ns_index else (LOSS, WIN)
    elif ew_index > ns_index:
        ew_points, ns_points = table.win(d, ns_index)
        ew_outcome, ns_outcome = WIN, LOSS
    else:
        ns_points, ew_points = table.win(d, ew_index)
        ew_outcome, ns_outcome = LOSS, WIN
    sign = 1 if ew_index >= ns_index else -1
    return MatchScore(
        system=system,
        ew_level=ew_level,
        ns_level=ns_level,
        ew_points=ew_points,
        ns_points=ns_points,
        ew_level_points=sign * d,
        ns_level_points=-sign * d,
        ew_outcome=ew_outcome,
        ns_outcome=ns_outcome,
        level_difference=d,
    )


def _awarded(
    system: str,
    ew_level: str | None,
    ns_level: str | None,
    loser: str,
    awarded: tuple[int, int, int],
    *,
    forfeit: str | None = None,
    defeat: tuple[str, str] | None = None,
) -> MatchScore:
    """Score a match decided off the table; ``loser`` is "EW", "NS" or "both"."""
    win_points, loss_points, d = awarded
    ew_loses = loser in (EW, BOTH)
    ns_loses = loser in (NS, BOTH)
    return MatchScore(
        system=system,
        ew_level=ew_level,
        ns_level=ns_level,
        ew_points=loss_points if ew_loses else win_points,
        ns_points=loss_points if ns_loses else win_points,
        ew_level_points=-d if ew_loses else d,
        ns_level_points=-d if ns_loses else d,
        ew_outcome=LOSS if ew_loses else WIN,
        ns_outcome=LOSS if ns_loses else WIN,
        level_difference=d,
        forfeit=forfeit,
        defeat=defeat,
    )


def _bye(
    system: str,
    table: SystemTable,
    ew_level: str | None,
    ns: object,
    forfeit: str | None,
    defeat: tuple[str, str] | None,
    bye_policy: str,
    options: ScoreOptions,
) -> MatchScore:
    if ns is not None:
        raise ScoringError(errors.BYE_WITH_OPPONENT, detail=f"ns={ns!r}")
    if forfeit is not None or defeat is not None:
        raise ScoringError(errors.BYE_WITH_FORFEIT, detail=f"{forfeit=} {defeat=}")
    if bye_policy == "forfeit_win":
        points, _, d = options.forfeit(table, system)
        outcome = WIN
    elif bye_policy == "draw":
        points, d, outcome = table.draw(0), 0, DRAW
    elif bye_policy == "zero":
        points, d, outcome = 0, 0, LOSS
    else:
        raise ScoringError(errors.UNKNOWN_BYE_POLICY, detail=repr(bye_policy))
    return MatchScore(
        system=system,
        ew_level=ew_level,
        ns_level=None,
        ew_points=points,
        ns_points=0,
        ew_level_points=d,
        ns_level_points=0,
        ew_outcome=outcome,
        ns_outcome=None,
        level_difference=d,
        bye=True,
    )
