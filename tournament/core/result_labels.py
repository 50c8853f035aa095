"""A table's result, sides and state in words: one line for the pages, the activity log and
the read API (the template filters of :mod:`tournament.templatetags.guandan` are these)."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from tournament.models import Match
from tournament.models.result_values import PASSED_A, ResultValues
from tournament.models.rounds import BOTH_SIDES, SIDE_CHOICES
from tournament.text.messages.labels import DEFEAT_RESULTS

SIDES = {**dict(SIDE_CHOICES), "both": BOTH_SIDES, "": ""}
STATE_CSS = {
    "empty": "",
    "in_play": "warn",
    "entered": "info",
    "confirmed": "ok",
    "disputed": "bad",
}

STATE_LABELS = dict(Match.STATE_CHOICES)


def level_label(level: str) -> str:
    return gettext("过A") if level == PASSED_A else (level or "—")


def state_badge(match) -> str:
    # The label from a dict made once (``get_state_display`` rebuilds one from the choices
    # on every call) and one f-string: round control writes a hundred of these a page.
    label = escape(STATE_LABELS.get(match.state, match.state))
    return mark_safe(f'<span class="badge state {STATE_CSS.get(match.state, "")}">{label}</span>')


def result_text(match) -> str:
    """A table's result in one line: "A+ : K", "J : 9 到时", "10 : 10 到时 东西胜", "南北弃权",
    "东西犯规3次判负".

    ``match`` is a table or the :class:`ResultValues` of one (the import preview)."""
    if getattr(match, "ns_id", 0) is None:
        return gettext("轮空")
    if match.forfeit:
        return gettext("%(side)s弃权") % {"side": SIDES[match.forfeit]}
    if match.defeat_side:
        text = DEFEAT_RESULTS.get(match.defeat_reason, DEFEAT_RESULTS[""])
        return gettext("%(side)s%(reason)s") % {"side": SIDES[match.defeat_side], "reason": text}
    if match.ew_level or match.ns_level:
        text = f"{level_label(match.ew_level)} : {level_label(match.ns_level)}"
        if not _ended_by_time(match):
            return text
        text = f"{text} {gettext('到时')}"
        winner = getattr(match, "winner", "")
        if winner in ("EW", "NS") and match.ew_level == match.ns_level:
            # A tie at time decided by a play-off deal (or the 台下 rule): who won it,
            # without which "10 : 10 到时" reads as a draw (issue 42).
            text += " " + gettext("%(side)s胜") % {"side": SIDES[winner]}
        return text
    return ""


def _ended_by_time(match) -> bool:
    """A finished result ended by time (a sheet still in play is not one yet)."""
    if getattr(match, "state", "entered") in ("empty", "in_play"):
        return False
    return ResultValues.of(match).ended_by_time
