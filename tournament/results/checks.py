"""Checking a table's result before it is saved, with the rules engine. Plain Python.

A *result* is what ends a match: both final levels, or a forfeit, or a defeat by three
fouls / three hidden cards, plus the fouls of each side. :func:`check_result` normalizes
one entered by final levels; :func:`result_from_deals` derives one from a deal-by-deal
score sheet. Both raise :class:`ResultInvalid` with a Chinese message naming the rule.
"""

from __future__ import annotations

from rules import RuleError, RuleSet, level_index, replay, validate_final
from rules.engine import MatchState
from rules.fouls import three_fouls_lose
from rules.sides import opponent
from tournament.core.errors import Invalid
from tournament.models.result_values import FORFEITS, PASSED_A, ResultValues

# Message codes (texts in tournament/text/messages/services.py).
MSG_FORFEIT = "bad_forfeit"
MSG_FOULS = "bad_fouls"
MSG_LEVELS_NEEDED = "levels_needed"
MSG_DECIDER = "decider_only_level"
MSG_FORFEIT_LEVELS = "forfeit_levels"
MSG_EQUAL_NEEDS_TIME = "equal_needs_time"
MSG_PASS_HOW = "pass_how"
MSG_NOT_FINISHED = "result_not_finished"
MSG_TIME_AND_PASS = "time_and_pass"
MSG_BOTH_THREE_FOULS = "both_three_fouls"
MSG_SHEET_STEP = "sheet_step"


ResultInvalid = Invalid  # an impossible or incomplete result (the name used before errors.py)


def _fouls(value) -> int:
    try:
        number = int(value or 0)
    except (TypeError, ValueError):
        raise ResultInvalid(MSG_FOULS) from None
    if not 0 <= number <= 9:
        raise ResultInvalid(MSG_FOULS)
    return number


def check_result(
    rules: RuleSet,
    *,
    ew_level="",
    ns_level="",
    forfeit="",
    ew_fouls=0,
    ns_fouls=0,
    decider="",
    at_time: bool | None = None,
    pass_partner="",
) -> ResultValues:
    """Normalize a result entered as final levels; raise :class:`ResultInvalid`.

    - levels given with a forfeit are refused (one of the two is a slip);
    - three fouls by one side in the round end the match as that side's defeat (docs/rules.md
      §7.3), whatever the levels; both sides at three is a double defeat, refused here
      because no scoring system defines it: the chief referee records it as two forfeits;
    - otherwise the levels must form a possible final (:func:`rules.validate_final`);
    - ``pass_partner`` (2, 3 or 4: how the pass was won, 1–2/1–3/1–4) gives the
      ``pass_upgrade`` the 100+ system scores; only with a side past A;
    - ``decider`` ("EW"/"NS") names the winner of the extra game or deal that breaks a draw
      at time in a knockout (docs/rules.md §5: the organizer records it); it is refused otherwise;
    - ``at_time`` (the form's 到时 box, the sheet's 到时 column; ``None``: a sheet without
      it): equal levels are refused when it is False; ticked with a side past A is refused,
      as passing A ends the match before time does (docs/rules.md §5).
    """
    forfeit = (forfeit or "").strip()
    if forfeit not in FORFEITS:
        raise ResultInvalid(MSG_FORFEIT)
    fouls = {"EW": _fouls(ew_fouls), "NS": _fouls(ns_fouls)}
    if forfeit:
        return _forfeit_result(forfeit, ew_level, ns_level, fouls)
    if not str(ew_level).strip() or not str(ns_level).strip():
        raise ResultInvalid(MSG_LEVELS_NEEDED)
    try:
        ew, ns = validate_final(rules, ew_level, ns_level, at_time=True)
    except RuleError as err:
        raise ResultInvalid(err.msg) from None
    if at_time and PASSED_A in (ew, ns):
        raise ResultInvalid(MSG_TIME_AND_PASS)
    upgrade = _pass_upgrade(rules, ew, ns, pass_partner)
    defeated = [side for side in ("EW", "NS") if three_fouls_lose(rules, fouls[side])]
    if len(defeated) == 2:
        raise ResultInvalid(MSG_BOTH_THREE_FOULS)
    if defeated:
        side = defeated[0]
        return ResultValues(
            ew,
            ns,
            defeat_side=side,
            defeat_reason="three_fouls",
            ew_fouls=fouls["EW"],
            ns_fouls=fouls["NS"],
            winner=opponent(side),
        )
    winner = _decided_winner(ew, ns, at_time=at_time is not False, decider=decider)
    return ResultValues(
        ew, ns, ew_fouls=fouls["EW"], ns_fouls=fouls["NS"], winner=winner, pass_upgrade=upgrade
    )


def _forfeit_result(forfeit: str, ew_level, ns_level, fouls: dict) -> ResultValues:
    """A forfeit: no final levels (levels given too are refused), the other side wins."""
    winner = "" if forfeit == "both" else opponent(forfeit)
    if str(ew_level or "").strip() or str(ns_level or "").strip():
        raise ResultInvalid(MSG_FORFEIT_LEVELS)
    return ResultValues(forfeit=forfeit, ew_fouls=fouls["EW"], ns_fouls=fouls["NS"], winner=winner)


def _decided_winner(ew: str, ns: str, *, at_time: bool, decider: str) -> str:
    """The winner by levels; equal levels need ``at_time`` and, in a knockout, a decider."""
    winner = _winner(ew, ns)
    if not winner and not at_time:
        raise ResultInvalid(MSG_EQUAL_NEEDS_TIME)
    if decider:
        if decider not in ("EW", "NS") or winner:
            raise ResultInvalid(MSG_DECIDER)
        winner = decider
    return winner


def _pass_upgrade(rules: RuleSet, ew: str, ns: str, partner) -> int | None:
    """The upgrade of the deal that passed A, from its partner place (docs/rules.md §6)."""
    if partner in ("", None):
        return None
    if PASSED_A not in (ew, ns) or str(partner) not in ("2", "3", "4"):
        raise ResultInvalid(MSG_PASS_HOW)
    if not rules.passes_a(int(partner)):
        raise ResultInvalid(MSG_PASS_HOW)
    return rules.upgrade(int(partner))


def _winner(ew: str, ns: str) -> str:
    if level_index(ew) == level_index(ns):
        return ""
    return "EW" if level_index(ew) > level_index(ns) else "NS"


def scoresheet_state(rules: RuleSet, steps: list) -> MatchState:
    """Replay a score sheet; a refused step becomes :class:`ResultInvalid` naming the deal."""
    try:
        return replay(rules, steps)
    except RuleError as err:
        if err.step_index is None:
            raise ResultInvalid(err.msg) from None
        raise ResultInvalid(MSG_SHEET_STEP, n=err.step_index + 1, error=err.msg) from None


def result_from_deals(rules: RuleSet, steps: list) -> ResultValues | None:
    """The result a finished score sheet gives, or None while the match goes on."""
    state = scoresheet_state(rules, steps)
    if not state.finished:
        return None
    result = state.result()
    values = dict(
        ew_level=result.ew,
        ns_level=result.ns,
        ew_fouls=result.fouls_ew,
        ns_fouls=result.fouls_ns,
        pass_upgrade=result.pass_upgrade,
    )
    reason = result.end_reason
    if reason in ("forfeit", "late"):
        return ResultValues(**values, forfeit=result.forfeit_by, winner=result.winner or "")
    if reason in ("three_fouls", "three_hidden"):
        return ResultValues(
            **values,
            defeat_side=result.forfeit_by,
            defeat_reason=reason,
            winner=result.winner or "",
        )
    return ResultValues(**values, winner=result.winner or "")
