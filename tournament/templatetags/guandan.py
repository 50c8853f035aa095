"""Template filters for labels: pairing flags, sides, states, levels."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, gettext_lazy

from tournament.core.hidden_people import is_hidden, public_name
from tournament.core.result_labels import SIDES, level_label, result_text, state_badge
from tournament.core.round_actions import allowed_actions
from tournament.text import titles
from tournament.text.messages.labels import flag_label

register = template.Library()
register.filter("level_label", level_label)
register.filter("state_badge", state_badge)
register.filter("result_text", result_text)


@register.filter
def flag_badges(flags) -> str:
    return format_html_join(
        " ", '<span class="badge flag">{}</span>', ((flag_label(f),) for f in flags or [])
    )


@register.filter
def game_badge(table) -> str:
    """第N局 for a knockout table of a best-of-N match (its ``bracket_game``), else ""."""
    if not getattr(table, "bracket_game", 0):
        return ""
    return format_html(
        '<span class="badge flag">{}</span>', gettext("第%(n)s局") % {"n": table.bracket_game}
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
def flag_legend(*table_lists) -> list[tuple[str, str]]:
    """(label, meaning) of every flag that appears on the given tables, in a fixed order."""
    present = {f for tables in table_lists for m in tables for f in (m.flags or [])}
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
def listing(items) -> str:
    """Names or numbers as a list in the reader's language: 甲、乙 / A, B."""
    return titles.listing(str(item) for item in items)


@register.filter
def player_links(rows) -> str:
    """Registered players (rows with ``name`` and ``person``) as a list, each linked to their
    page across events (``/players/<id>/``); a hidden one is named 不公开, without a link."""
    sep = titles.listing(["", ""])
    return format_html_join(
        sep,
        "{}",
        (
            (
                format_html(
                    '<a href="{}">{}</a>', reverse("player_page", args=[r.person_id]), r.name
                )
                if r.person_id and not is_hidden(r)
                else public_name(r),
            )
            for r in rows
        ),
    )


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def round_title(round_) -> str:
    """A round's name, the same as on the printouts (see :mod:`tournament.text.titles`)."""
    return titles.round_title(round_)
