"""The state of one match and the fold of its steps (docs/rules.md §1–§7).

Vocabulary
----------
match (一轮/一场)
    A series of deals between two sides, from both at 2 until a side passes A, time is up
    or a side forfeits.
deal (副)
    One hand of cards; the software records only who won it and where 头游's partner
    finished (see :mod:`rules.steps`).
state
    A :class:`MatchState`: both levels, the level played, attempts at A, fouls and warnings,
    whether and how the match ended, and the events so far. Immutable: ``state.apply(step)``
    returns a new state.

>>> from rules.ruleset import RuleSet
>>> s = replay(RuleSet.preset("jiangsu"), [{"win": "EW", "partner": 2}, {"win": "NS", "partner": 4}])
>>> s.ew, s.ns, s.level_played
('5', '3', LevelPlayed(level='3', side='NS'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rules.deals import apply_deal, apply_time
from rules.errors import AFTER_END, NOT_FINISHED, RuleError
from rules.events import Event
from rules.fouls import apply_forfeit, apply_foul, apply_penalty, apply_warning
from rules.levels import level_name
from rules.notation import parse_notation
from rules.records import LevelPlayed, MatchResult
from rules.ruleset import RuleSet
from rules.sides import PerSide
from rules.steps import Step, normalize_step, step_type
from rules.transitions import evolve

_ZERO: PerSide[int] = PerSide(0, 0)


@dataclass(frozen=True)
class MatchState:
    """Where a match stands after some steps. Build one with :func:`new_match`.

    - ``levels``: level indices (0 = "2" … 13 = "A+"); read ``ew``/``ns`` for the names.
    - ``level_played``: the level of the next deal and whose it is — the winner's level as
      it stood when the last deal ended. A penalty recorded after that changes the side's
      level but not the level of the deal in progress (its cards are dealt); the deal after
      it is played at the new level.
    - ``a_attempts``: failed attempts at A per side since it reached A.
    - ``fouls``, ``hidden`` (card-hiding fouls), ``wrong_counts`` (wrong card-count reports,
      the first being only a warning), ``warnings``: per side, for the whole match;
      ``warnings_this_deal``: per side, reset when a deal is recorded.
    - ``steps``: steps applied so far; each event names the step that caused it.
    - ``pass_upgrade``: the upgrade of the deal that passed A (3, 2 … under the preset),
      None while nobody passed; the 100+ system scores a pass as A plus it (docs/rules.md §6).
    - ``finished``, ``winner`` (None for a draw), ``end_reason``, ``forfeit_by``.
    """

    rules: RuleSet
    levels: PerSide[int] = _ZERO
    level_played: LevelPlayed = LevelPlayed("2", None)
    a_attempts: PerSide[int] = _ZERO
    fouls: PerSide[int] = _ZERO
    hidden: PerSide[int] = _ZERO
    wrong_counts: PerSide[int] = _ZERO
    warnings: PerSide[int] = _ZERO
    warnings_this_deal: PerSide[int] = _ZERO
    deals: int = 0
    pass_upgrade: int | None = None
    steps: int = 0
    finished: bool = False
    winner: str | None = None
    end_reason: str | None = None
    forfeit_by: str | None = None
    events: tuple[Event, ...] = ()

    @property
    def ew(self) -> str:
        """East–West's level, "2" … "A", or "A+" once passed A."""
        return level_name(self.levels.ew)

    @property
    def ns(self) -> str:
        """North–South's level."""
        return level_name(self.levels.ns)

    def level(self, side: str) -> str:
        """The level of ``side`` ("EW" or "NS")."""
        return level_name(self.levels[side])

    def apply(self, step: Step) -> MatchState:
        """Return the state after ``step``; raise :class:`RuleError` if it is not allowed."""
        if self.finished:
            raise RuleError(AFTER_END, end_reason=self.end_reason or "")
        canonical = normalize_step(step)
        new = _HANDLERS[step_type(canonical)](self, canonical)
        return evolve(new, steps=self.steps + 1)

    def at_time(self) -> MatchState:
        """End the match at the time limit: the higher level wins; equal per ``time_tie``."""
        return self.apply({"time": True})

    def result(self) -> MatchResult:
        """The result of the finished match; raise ``not_finished`` before the end."""
        if not self.finished:
            raise RuleError(NOT_FINISHED)
        return MatchResult(
            ew=self.ew,
            ns=self.ns,
            winner=self.winner,
            end_reason=self.end_reason,
            forfeit_by=self.forfeit_by,
            fouls_ew=self.fouls.ew,
            fouls_ns=self.fouls.ns,
            pass_upgrade=self.pass_upgrade,
        )


_HANDLERS: dict[str, Callable[[MatchState, Step], MatchState]] = {
    "win": lambda s, step: apply_deal(s, step["win"], step["partner"]),
    "penalty": lambda s, step: apply_penalty(s, step["penalty"], step["levels"]),
    "foul": lambda s, step: apply_foul(s, step["foul"], step["kind"], step.get("levels")),
    "warning": lambda s, step: apply_warning(s, step["warning"], step["kind"]),
    "forfeit_by": lambda s, step: apply_forfeit(s, step["forfeit_by"], step["reason"]),
    "time": lambda s, step: apply_time(s),
}


def new_match(rules: RuleSet) -> MatchState:
    """The state before the first deal: both sides at 2, the first deal played at 2."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"expected a RuleSet, got {type(rules).__name__}")
    return MatchState(rules=rules)


def replay(rules: RuleSet, steps: Iterable[Step] | str) -> MatchState:
    """Fold ``steps`` (dicts, or a score-sheet string in the notation) from a new match.

    A :class:`RuleError` raised by a step gets ``step_index`` (0-based) so the app can
    point at the bad line.
    """
    if isinstance(steps, str):
        steps = parse_notation(steps)
    state = new_match(rules)
    for index, step in enumerate(steps):
        try:
            state = state.apply(step)
        except RuleError as err:
            err.step_index = index
            raise
    return state


def replay_states(rules: RuleSet, steps: Iterable[Step]) -> list[MatchState]:
    """The state after each step, for showing the score sheet line by line."""
    states = [new_match(rules)]
    for step in steps:
        states.append(states[-1].apply(step))
    return states[1:]
