"""A table's result, sides and state in words: one line for the pages, the activity log and
the read API (the template filters of :mod:`tournament.templatetags.guandan` are these)."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from tournament.models import Table
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

STATE_LABELS = dict(Table.STATE_CHOICES)


def level_label(level: str) -> str:
    return gettext("过A") if level == PASSED_A else (level or "—")


def state_badge(table) -> str:
    # The label from a dict made once (``get_state_display`` rebuilds one from the choices
    # on every call) and one f-string: round control writes a hundred of these a page.
    label = escape(STATE_LABELS.get(table.state, table.state))
    return mark_safe(f'<span class="badge state {STATE_CSS.get(table.state, "")}">{label}</span>')


def result_text(table) -> str:
    """A table's result in one line: "A+ : K", "J : 9 到时", "10 : 10 到时 东西胜", "南北弃权",
    "东西犯规3次判负".

    ``match`` is a table or the :class:`ResultValues` of one (the import preview)."""
    if getattr(table, "ns_id", 0) is None:
        return gettext("轮空")
    if table.forfeit:
        return gettext("%(side)s弃权") % {"side": SIDES[table.forfeit]}
    if table.defeat_side:
        text = DEFEAT_RESULTS.get(table.defeat_reason, DEFEAT_RESULTS[""])
        return gettext("%(side)s%(reason)s") % {"side": SIDES[table.defeat_side], "reason": text}
    if table.ew_level or table.ns_level:
        text = f"{level_label(table.ew_level)} : {level_label(table.ns_level)}"
        if not _ended_by_time(table):
            return text
        text = f"{text} {gettext('到时')}"
        winner = getattr(table, "winner", "")
        if winner in ("EW", "NS") and table.ew_level == table.ns_level:
            # A tie at time decided by a play-off deal (or the 台下 rule): who won it,
            # without which "10 : 10 到时" reads as a draw (issue 42).
            text += " " + gettext("%(side)s胜") % {"side": SIDES[winner]}
        return text
    return ""


def _ended_by_time(table) -> bool:
    """A finished result ended by time (a sheet still in play is not one yet)."""
    if getattr(table, "state", "entered") in ("empty", "in_play"):
        return False
    return ResultValues.of(table).ended_by_time
