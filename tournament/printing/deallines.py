"""The lines of a score sheet's deal table, from the steps the rules engine recorded.

A blank score sheet is filled in by hand at the table. When a table's deals were entered
deal by deal (``Table.deals``), a reprinted sheet shows them, so the paper record and the
database can be compared line by line. Finishing order is known by pair, not by seat (the
engine records where the partner of 头游 finished), so the four places show 东西 or 南北.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules import END_REASONS, FOUL_KINDS, WARNING_KINDS, RuleError, RuleSet
from rules.engine import new_match, replay_states
from rules.sides import opponent
from rules.steps import normalize_step, step_type
from tournament.models.result_values import PASSED_A
from tournament.printing.data import SIDE_LABELS, FoulLine, level_text


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
    return _(SIDE_LABELS[side]) if side in SIDE_LABELS else side


def short_side(side: str) -> str:
    """A side in a narrow column (a deal's places and winner, a seat): "EW" / "NS" in
    English, where "North–South" was cut to "North–So…"; 东西 / 南北 in Chinese."""
    if side == "EW":
        return pgettext("side, short", "东西")
    if side == "NS":
        return pgettext("side, short", "南北")
    return side


def describe(step: dict) -> str:
    """A non-deal step in words, e.g. "南北犯规：越序出牌"."""
    kind = step_type(step)
    if kind == "penalty":
        return _("%(side)s%(n)+d级（判罚）") % {"side": _side(step["penalty"]), "n": step["levels"]}
    if kind == "foul":
        extra = _(" %(n)+d级") % {"n": step["levels"]} if "levels" in step else ""
        what = kind_label(step["kind"])
        return _("%(side)s犯规：%(what)s") % {"side": _side(step["foul"]), "what": what} + extra
    if kind == "warning":
        what = kind_label(step["kind"])
        return _("%(side)s警告：%(what)s") % {"side": _side(step["warning"]), "what": what}
    if kind == "forfeit_by":
        reason = END_REASONS.get(step["reason"], step["reason"])
        return _side(step["forfeit_by"]) + _(reason)
    return _("到时")


def kind_label(kind: str) -> str:
    """A foul or warning kind in words (越序出牌 …)."""
    return _(WARNING_KINDS.get(kind) or FOUL_KINDS.get(kind, kind))


def _counted_as_foul(step: dict, before, after) -> bool:
    """Whether a foul or warning step added a foul to its side (a first wrong card count is
    only a warning; a second warning in one deal makes a foul)."""
    side = step.get("foul") or step.get("warning")
    return getattr(after.fouls, side.lower()) > getattr(before.fouls, side.lower())


def sheet_fouls(rules: RuleSet, steps: Sequence[dict]) -> list[FoulLine]:
    """The warnings and fouls written on a deal sheet, each as it counted."""
    try:
        canonical = [normalize_step(s) for s in steps]
        states = replay_states(rules, canonical)
    except (RuleError, TypeError, ValueError):
        return []
    out, before = [], new_match(rules)
    for step, after in zip(canonical, states, strict=True):
        kind = step_type(step)
        if kind in ("foul", "warning"):
            side = step[kind]
            severity = (
                "foul" if kind == "foul" and _counted_as_foul(step, before, after) else "warning"
            )
            out.append(
                FoulLine(
                    side, step["kind"], severity, deal=after.deals + 1, levels=step.get("levels", 0)
                )
            )
        before = after
    return out


def merge_fouls(logged: Sequence[FoulLine], sheet: Sequence[FoulLine]) -> list[FoulLine]:
    """The foul log, plus the sheet's entries the log does not hold (same side and kind)."""
    left = list(logged)
    extra = []
    for line in sheet:
        twin = next((x for x in left if (x.side, x.kind) == (line.side, line.kind)), None)
        if twin is None:
            extra.append(line)
        else:
            left.remove(twin)
    return sorted([*logged, *extra], key=lambda x: (x.deal is None, x.deal or 0))


def table_fouls(
    rules: RuleSet | None, logged: Sequence[FoulLine], steps: Sequence
) -> list[FoulLine]:
    """Every warning and foul of a table: its foul log and its deal sheet, merged."""
    sheet = sheet_fouls(rules, steps) if rules is not None and steps else []
    return merge_fouls(logged, sheet)


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
                    played=played.level + (f" {short_side(played.side)}" if played.side else ""),
                    places=tuple(short_side(s) for s in order),
                    winner=short_side(side),
                    upgrade=f"+{up}" if up > 0 else str(up),
                    ew=level_text(after.ew),
                    ns=level_text(after.ns),
                    note=level_text(PASSED_A) if after.end_reason == "passed_a" else "",
                )
            )
        else:
            note = describe(step)
            if step_type(step) == "foul" and not _counted_as_foul(step, before, after):
                note = describe({"warning": step["foul"], "kind": step["kind"]})
            if step_type(step) == "warning" and _counted_as_foul(step, before, after):
                # A second warning in the deal made a foul: the line says so, so the printed
                # lines agree with the foul count on the same sheet.
                note += _("（同一副第二次警告，计犯规1次）")
            lines.append(
                DealLine(None, "", (), "", "", level_text(after.ew), level_text(after.ns), note)
            )
        before = after
    return lines
