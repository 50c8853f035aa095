"""The rules engine of Guandan (掼蛋) competitions: pure Python, no Django.

Vocabulary (each module's docstring says more)
----------------------------------------------
level (级)
    Where a side stands: 2 … 10, J, Q, K, A, and A+ once it passed A (:mod:`rules.levels`).
side
    ``"EW"`` (East–West, 东西) or ``"NS"`` (North–South, 南北) (:mod:`rules.sides`).
deal (副), step
    A deal is one hand; a step is one line of the score sheet: a deal won, a penalty, a
    foul, a warning, a forfeit or time (:mod:`rules.steps`).
match (一轮/一场)
    Deals from both at 2 until a side passes A (过A), time is up or a side forfeits; folded
    into an immutable :class:`MatchState` (:mod:`rules.engine`).
rule set
    The options an organizer picks (:mod:`rules.ruleset`).

>>> rs = RuleSet.preset("jiangsu")
>>> state = replay(rs, "EW12 NS14 +NS -EW")
>>> state.ew, state.ns
('4', '4')
"""

from rules.engine import MatchState, new_match, replay, replay_states
from rules.errors import RuleError
from rules.events import Event
from rules.final import validate_final
from rules.knockout import KnockoutResult, knockout_winner, play_match
from rules.levels import LEVELS, LevelError, level_difference, level_index, normalize_level
from rules.messages import Message
from rules.notation import format_notation, parse_notation
from rules.records import LevelPlayed, MatchResult
from rules.ruleset import (
    A_FAIL_OPTIONS,
    AT_TIME_OPTIONS,
    GAMES_OPTIONS,
    LEVEL_PRESETS,
    PASS_A_OPTIONS,
    RuleSet,
)
from rules.sides import SIDES, PerSide, normalize_side, opponent
from rules.steps import END_REASONS, FOUL_KINDS, WARNING_KINDS, normalize_step

__all__ = [
    "A_FAIL_OPTIONS",
    "AT_TIME_OPTIONS",
    "END_REASONS",
    "FOUL_KINDS",
    "GAMES_OPTIONS",
    "LEVELS",
    "LEVEL_PRESETS",
    "PASS_A_OPTIONS",
    "SIDES",
    "WARNING_KINDS",
    "Event",
    "KnockoutResult",
    "LevelError",
    "LevelPlayed",
    "MatchResult",
    "MatchState",
    "Message",
    "PerSide",
    "RuleError",
    "RuleSet",
    "format_notation",
    "knockout_winner",
    "level_difference",
    "level_index",
    "new_match",
    "normalize_level",
    "normalize_side",
    "normalize_step",
    "opponent",
    "parse_notation",
    "play_match",
    "replay",
    "replay_states",
    "validate_final",
]
