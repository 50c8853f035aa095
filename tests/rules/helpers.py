"""Shared helpers for the rules tests: play a score sheet under some options."""

from rules import MatchState, RuleSet, replay

# EW reaches A from 2 in four 1–2 wins under jiangsu: 2 →5 →8 →J →A (J + 3 is exactly A).
EW_TO_A = "EW12 EW12 EW12 EW12"


def play(sheet: str, preset: str = "jiangsu", **options: object) -> MatchState:
    """Replay a sheet written in the notation under a preset and options."""
    return replay(RuleSet.preset(preset, **options), sheet)


def codes(state: MatchState) -> list[str]:
    """The event codes of a state, in order."""
    return [e.code for e in state.events]
