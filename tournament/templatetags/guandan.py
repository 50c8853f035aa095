"""Template filters for labels: pairing flags, sides, states, levels."""

from __future__ import annotations

from django import template
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy

from tournament.core.messages.labels import flag_label
from tournament.models import Match
from tournament.results.checks import ResultValues
from tournament.rounds import titles
from tournament.rounds.actions import allowed_actions

register = template.Library()

SIDES = {
    "EW": gettext_lazy("东西"),
    "NS": gettext_lazy("南北"),
    "both": gettext_lazy("双方"),
    "": "",
}
STATE_CSS = {
    "empty": "",
    "in_play": "warn",
    "entered": "info",
    "confirmed": "ok",
    "disputed": "bad",
}

STATE_LABELS = dict(Match.STATE_CHOICES)


@register.filter
def flag_badges(flags) -> str:
    return format_html_join(
        " ", '<span class="badge flag">{}</span>', ((flag_label(f),) for f in flags or [])
    )


@register.filter
def game_badge(match) -> str:
    """第N局 for a knockout table of a best-of-N match (its ``bracket_game``), else ""."""
    if not getattr(match, "bracket_game", 0):
        return ""
    return format_html(
        '<span class="badge flag">{}</span>', gettext("第%(n)s局") % {"n": match.bracket_game}
    )


# What each draft flag means, for the legend under a draft pairing (labels: pairing.flags).
FLAG_HELP = {
    "float_up": gettext_lazy("与积分更高的组合对阵"),
    "float_down": gettext_lazy("与积分更低的组合对阵"),
    "rematch_avoided": gettext_lazy("积分更接近的对手已经交过手，改配了下一位"),
    "rematch": gettext_lazy("重复对阵：不存在没有重复对阵的编排"),
    "unit_avoided": gettext_lazy("积分更接近的对手同单位，按同单位回避改配"),
    "same_unit": gettext_lazy("两个组合属于同一单位"),
    "seat_forced": gettext_lazy("按东西/南北座位平衡确定座位，而不是按列出的先后"),
    "seat_limit": gettext_lazy("该组合坐东西与南北的次数相差超过2"),
    "bye": gettext_lazy("本轮没有对手"),
    "second_bye": gettext_lazy("还有轮空次数更少的组合，本组合仍再次轮空"),
    "manual": gettext_lazy("电脑编排后人工调整过"),
}


@register.simple_tag
def flag_legend(*match_lists) -> list[tuple[str, str]]:
    """(label, meaning) of every flag that appears on the given tables, in a fixed order."""
    present = {f for matches in match_lists for m in matches for f in (m.flags or [])}
    return [
        (flag_label(flag), str(help_text))
        for flag, help_text in FLAG_HELP.items()
        if flag in present
    ]


@register.simple_tag
def round_actions(round_, user) -> dict:
    """The round's actions for this user (see services.round_actions.allowed_actions)."""
    return allowed_actions(round_, user)


@register.filter
def side_label(side: str) -> str:
    return SIDES.get(side or "", side)


@register.filter
def draw_no(number) -> str:
    """A pair's draw number as staff call it out: ``25号``, in English ``No. 25``."""
    return gettext("%(n)s号") % {"n": number}


@register.filter
def level_label(level: str) -> str:
    return gettext("过A") if level == "A+" else (level or "—")


@register.filter
def state_badge(match) -> str:
    # The label from a dict made once (``get_state_display`` rebuilds one from the choices
    # on every call) and one f-string: round control writes a hundred of these a page.
    label = escape(STATE_LABELS.get(match.state, match.state))
    return mark_safe(f'<span class="badge state {STATE_CSS.get(match.state, "")}">{label}</span>')


@register.filter
def result_text(match) -> str:
    """A table's result in one line: "A+ : K", "J : 9 到时", "10 : 10 到时 东西胜", "南北弃权",
    "东西犯规3次判负".

    ``match`` is a table or the :class:`ResultValues` of one (the import preview)."""
    if getattr(match, "ns_id", 0) is None:
        return gettext("轮空")
    if match.forfeit:
        return gettext("%(side)s弃权") % {"side": SIDES[match.forfeit]}
    if match.defeat_side:
        reason = {
            "three_fouls": gettext_lazy("犯规3次判负"),
            "three_hidden": gettext_lazy("藏牌3次判负"),
        }
        text = reason.get(match.defeat_reason, gettext_lazy("判负"))
        return gettext("%(side)s%(reason)s") % {"side": SIDES[match.defeat_side], "reason": text}
    if match.ew_level or match.ns_level:
        text = f"{level_label(match.ew_level)} : {level_label(match.ns_level)}"
        if not _ended_by_time(match):
            return text
        text = f"{text} {gettext('到时')}"
        winner = getattr(match, "winner", "")
        if winner in ("EW", "NS") and match.ew_level == match.ns_level:
            # A tie at time decided by a play-off deal (or the 台下 rule): who won it,
            # without which "10 : 10 到时" reads as a draw.
            text += " " + gettext("%(side)s胜") % {"side": SIDES[winner]}
        return text
    return ""


def _ended_by_time(match) -> bool:
    """A finished result ended by time (a sheet still in play is not one yet)."""
    if getattr(match, "state", "entered") in ("empty", "in_play"):
        return False
    return ResultValues.of(match).ended_by_time


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def round_title(round_) -> str:
    """A round's name, the same as on the printouts (see :mod:`tournament.rounds.titles`)."""
    return titles.round_title(round_)
