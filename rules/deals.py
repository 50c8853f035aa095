"""A deal won: upgrades, attempts at A, passing A and time (docs/rules.md §3–§5).

Vocabulary
----------
attempt at A (打A)
    A deal played at a side's own A level (the side won the previous deal at A, or was
    reset there) while that side is still at A. It passes A when the side wins it under the
    ``pass_a`` condition; otherwise it fails — whether the side lost it or won it without
    the condition.
A must be played (A必打)
    An upgrade never jumps past A: a side below A stops at A, and a side at A that wins a
    deal that is not its attempt stays at A.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.events import ATTEMPT_LIMIT
from rules.levels import LEVEL_A, LEVEL_PASSED_A, LEVELS, level_name
from rules.messages import Message
from rules.records import LevelPlayed
from rules.sides import PerSide, opponent
from rules.transitions import end, evolve, log, set_level

if TYPE_CHECKING:
    from rules.engine import MatchState


def apply_deal(state: MatchState, winner: str, partner: int) -> MatchState:
    """Record a deal won by ``winner`` whose 头游's partner finished ``partner``."""
    played = state.level_played
    loser = opponent(winner)
    # Warnings count per deal (docs/rules.md §7): the deal just ended, so start afresh.
    state = evolve(state, deals=state.deals + 1, warnings_this_deal=PerSide(0, 0))
    if _is_attempt(state, played, winner):
        if state.rules.passes_a(partner):
            state = set_level(state, winner, LEVEL_PASSED_A)
            # 100+ scores a pass as A plus this deal's upgrade (docs/rules.md §6.3).
            state = evolve(state, pass_upgrade=state.rules.upgrade(partner))
            state = log(state, "passed_a", winner, partner=partner)
            return end(state, winner, "passed_a")
        state = fail_attempt(state, winner)
    else:
        state = _climb(state, winner, partner)
        if _is_attempt(state, played, loser):
            state = fail_attempt(state, loser)
    # The next deal is played at the winner's level as it stands now (docs/rules.md §1).
    return evolve(state, level_played=LevelPlayed(level_name(state.levels[winner]), winner))


def _is_attempt(state: MatchState, played: LevelPlayed, side: str) -> bool:
    # Both conditions: the deal was dealt at this side's A, and no penalty during the deal
    # took the side off A (which ended the attempt, docs/rules.md §4.3).
    return played.side == side and played.level == "A" and state.levels[side] == LEVEL_A


def _climb(state: MatchState, winner: str, partner: int) -> MatchState:
    old = state.levels[winner]
    gain = state.rules.upgrade(partner)
    if old == LEVEL_A:
        return log(state, "stays_at_a", winner, partner=partner)
    if old + gain > LEVEL_A:
        state = set_level(state, winner, LEVEL_A)
        return log(state, "upgrade_capped", winner, partner=partner, gain=gain)
    state = set_level(state, winner, old + gain)
    return log(state, "upgrade", winner, partner=partner, gain=gain, level=LEVELS[old + gain])


def fail_attempt(state: MatchState, side: str) -> MatchState:
    """Count a failed attempt at A; on the last one allowed, send the side back."""
    count = state.a_attempts[side] + 1
    limit = state.rules.a_fail_limit
    state = evolve(state, a_attempts=state.a_attempts.set(side, count))
    of_limit = Message(ATTEMPT_LIMIT, {"limit": limit}) if limit else ""
    state = log(state, "attempt_failed", side, count=count, of_limit=of_limit)
    restart = state.rules.a_fail_restart
    if limit is None or restart is None or count < limit:
        return state
    state = set_level(state, side, restart)  # leaving A also restarts the count
    return log(state, "back_to_level", side, level=level_name(restart))


def apply_time(state: MatchState) -> MatchState:
    """Time is up: the higher level wins; equal levels follow ``time_tie`` (docs/rules.md §5.3).

    ``draw``: a draw. ``downstage_wins`` (docs/rules.md §5.3): the pair 台下 wins — the
    pair whose level is not the one being played, i.e. the pair that did not win the last
    deal (a deal is played at its last winner's level). With equal levels that is the pair
    that waited at the level while the other climbed to it; a penalty or a return from A
    can change levels without changing who is 台上, so "who reached it first" is not the
    test. With no deal finished it is a draw.
    """
    ew, ns = state.levels.ew, state.levels.ns
    winner = None if ew == ns else ("EW" if ew > ns else "NS")
    last_winner = state.level_played.side
    if winner is None and state.rules.time_tie == "downstage_wins" and last_winner:
        winner = opponent(last_winner)
        state = log(state, "time_tie", winner)
    outcome = winner or "draw"
    state = log(state, "time", None, ew=level_name(ew), ns=level_name(ns), outcome=outcome)
    return end(state, winner, "time")
