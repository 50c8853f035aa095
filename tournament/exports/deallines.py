"""The lines of a score sheet's deal table, from the steps the rules engine recorded.

A blank score sheet is filled in by hand at the table. When a table's deals were entered
deal by deal (``Match.deals``), a reprinted sheet shows them, so the paper record and the
database can be compared line by line. Finishing order is known by pair, not by seat (the
engine records where the partner of 头游 finished), so the four places show 东西 or 南北.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules import END_REASONS, FOUL_KINDS, WARNING_KINDS, RuleError, RuleSet
from rules.engine import new_match, replay_states
from rules.sides import opponent
from rules.steps import normalize_step, step_type
from tournament.exports.data import SIDE_LABELS


@dataclass(frozen=True, slots=True)
class DealLine:
    """One line: a deal (``number`` set) or a referee's entry (penalty, foul, time…)."""

    number: int | None
    played: str
    places: tuple[str, ...]
    winner: str
    upgrade: str
    ew: str
    ns: str
    note: str = ""


def _side(side: str) -> str:
    return SIDE_LABELS.get(side, side)


def describe(step: dict) -> str:
    """A non-deal step in words, e.g. "南北犯规：越序出牌"."""
    kind = step_type(step)
    if kind == "penalty":
        n = step["levels"]
        return f"{_side(step['penalty'])}{n:+d}级（判罚）"
    if kind == "foul":
        extra = f" {step['levels']:+d}级" if "levels" in step else ""
        return f"{_side(step['foul'])}犯规：{FOUL_KINDS.get(step['kind'], step['kind'])}{extra}"
    if kind == "warning":
        return f"{_side(step['warning'])}警告：{WARNING_KINDS.get(step['kind'], step['kind'])}"
    if kind == "forfeit_by":
        return f"{_side(step['forfeit_by'])}{END_REASONS.get(step['reason'], step['reason'])}"
    return "到时"


def deal_lines(rules: RuleSet, steps: Sequence[dict]) -> list[DealLine]:
    """One line per step; an empty list when the steps cannot be replayed."""
    try:
        canonical = [normalize_step(s) for s in steps]
        states = replay_states(rules, canonical)
    except (RuleError, TypeError, ValueError):
        return []
    lines = []
    before = new_match(rules)
    for step, after in zip(canonical, states, strict=True):
        if step_type(step) == "win":
            side, partner = step["win"], step["partner"]
            order = [side if place in (1, partner) else opponent(side) for place in (1, 2, 3, 4)]
            played = before.level_played
            up = after.levels[side] - before.levels[side]
            lines.append(
                DealLine(
                    number=after.deals,
                    played=played.level + (f" {_side(played.side)}" if played.side else ""),
                    places=tuple(_side(s) for s in order),
                    winner=_side(side),
                    upgrade=f"+{up}" if up > 0 else str(up),
                    ew=after.ew,
                    ns=after.ns,
                    note="过A" if after.end_reason == "passed_a" else "",
                )
            )
        else:
            note = describe(step)
            if step_type(step) == "warning" and after.fouls != before.fouls:
                # The engine turned a second warning in the deal into a foul: say so, so the
                # printed lines agree with the foul count printed on the same sheet.
                note += "（同一副第二次警告，计犯规1次）"
            lines.append(DealLine(None, "", (), "", "", after.ew, after.ns, note))
        before = after
    return lines
