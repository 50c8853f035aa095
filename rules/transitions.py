"""Small state changes shared by the deal and the foul handlers.

Each function takes a :class:`~rules.engine.MatchState` and returns a new one; nothing is
mutated. They keep the invariants in one place: levels stay on the scale, a side that
leaves A loses its count of failed attempts, and every change is written to the events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.events import make_event
from rules.levels import LEVEL_A, LEVEL_TWO, level_name
from rules.sides import PerSide

if TYPE_CHECKING:
    from rules.engine import MatchState


def evolve(state: MatchState, **changes: Any) -> MatchState:
    """Return a copy of ``state`` with ``changes``: a fast ``dataclasses.replace``.

    ``replace`` re-runs ``__init__`` over every field, which made replays slow (about 20
    calls per deal). MatchState has no ``__post_init__``, so copying the field dict is
    equivalent. Field names are checked so that a typo cannot add a stray attribute.
    """
    unknown = changes.keys() - state.__dict__.keys()
    if unknown:
        raise TypeError(f"unknown MatchState fields: {sorted(unknown)}")
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def log(state: MatchState, code: str, side: str | None, **params: Any) -> MatchState:
    """Append an event caused by the step being applied (index ``state.steps``)."""
    event = make_event(state.steps, code, side, **params)
    return evolve(state, events=(*state.events, event))


def bump(counts: PerSide[int], side: str, by: int = 1) -> PerSide[int]:
    """Return per-side counts with ``side`` increased by ``by``."""
    return counts.set(side, counts[side] + by)


def set_level(state: MatchState, side: str, index: int) -> MatchState:
    """Put ``side`` at level ``index``; leaving A restarts its count of failed attempts."""
    attempts = state.a_attempts
    # docs/rules.md §4.3: failures count from reaching A and restart whenever the side
    # leaves A, by a reset or a penalty.
    if state.levels[side] == LEVEL_A and index != LEVEL_A:
        attempts = attempts.set(side, 0)
    return evolve(state, levels=state.levels.set(side, index), a_attempts=attempts)


def change_level(state: MatchState, side: str, delta: int) -> MatchState:
    """Apply a penalty of ``delta`` levels, never below 2 nor past A (docs/rules.md §7)."""
    old = state.levels[side]
    new = min(max(old + delta, LEVEL_TWO), LEVEL_A)
    state = set_level(state, side, new)
    code = "level_change" if new == old + delta else "level_clamped"
    return log(state, code, side, delta=delta, old=level_name(old), new=level_name(new))


def end(
    state: MatchState, winner: str | None, reason: str, forfeit_by: str | None = None
) -> MatchState:
    """Finish the match."""
    return evolve(state, finished=True, winner=winner, end_reason=reason, forfeit_by=forfeit_by)
