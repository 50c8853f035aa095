"""Template filters for labels: pairing flags, sides, states, levels."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, gettext_lazy

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


def _flag_texts() -> dict[str, str]:
    try:
        from pairing import DRAW_FLAG_DESCRIPTIONS as FLAG_DESCRIPTIONS
    except ImportError:  # pragma: no cover - the pairing package always exports it
        return {}
    return {
        key: (value[0] if isinstance(value, tuple | list) else value)
        for key, value in FLAG_DESCRIPTIONS.items()
    }


@register.filter
def flag_badges(flags) -> str:
    texts = _flag_texts()

    def label(flag: str) -> str:
        if flag.startswith("game:"):
            return f"第{flag[5:]}局"
        return gettext(texts.get(flag, flag))

    return format_html_join(
        " ", '<span class="badge flag">{}</span>', ((label(f),) for f in flags or [])
    )


@register.filter
def side_label(side: str) -> str:
    return SIDES.get(side or "", side)


@register.filter
def level_label(level: str) -> str:
    return gettext("过A") if level == "A+" else (level or "—")


@register.filter
def state_badge(match) -> str:
    return format_html(
        '<span class="badge state {}">{}</span>',
        STATE_CSS.get(match.state, ""),
        match.get_state_display(),
    )


@register.filter
def result_text(match) -> str:
    """A table's result in one line: "东西 A+ : K 南北", "南北弃权", "东西犯规3次判负"."""
    if match.ns_id is None:
        return "轮空"
    if match.forfeit:
        return f"{SIDES[match.forfeit]}弃权"
    if match.defeat_side:
        reason = {"three_fouls": "犯规3次判负", "three_hidden": "藏牌3次判负"}.get(
            match.defeat_reason, "判负"
        )
        return f"{SIDES[match.defeat_side]}{reason}"
    if match.ew_level or match.ns_level:
        return f"{level_label(match.ew_level)} : {level_label(match.ns_level)}"
    return ""


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def round_title(round_) -> str:
    """A round's name, the same as on the printouts (see :mod:`tournament.naming`)."""
    from tournament.naming import round_title as title

    return title(round_)
