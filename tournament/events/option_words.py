"""Event options in words: the overview's rule list and what differs from the profile.

Vocabulary
----------
option line
    ``(label, value)``: the option's field label and its value in the wording of the
    option's choices (the wording of docs/rules.md, from :mod:`rules` and :mod:`tournament.text.options`).
profile change
    An option whose value differs from the profile the event was created from
    (``Tournament.profile``): ``(label, profile value, current value)``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from rules.profiles import PROFILES, profile_options
from tournament.models import Tournament
from tournament.models.event import INDIVIDUAL_OPTIONS, TEAM_OPTIONS
from tournament.text import options as opt

# Options shown with a unit after the number.
_UNITS = {
    "time_limit": gettext_noop("%(n)s分钟"),
    "late_minutes": gettext_noop("%(n)s分钟"),
    "hundred_forfeit": gettext_noop("%(n)s分"),
}


def option_value(name: str, value) -> str:
    """One option's value in words (choices by their label, a tiebreak chain by labels)."""
    field = Tournament._meta.get_field(name)
    if name in opt.CHAIN_METRICS:
        return tiebreak_labels(value, opt.CHAIN_METRICS[name])
    if name == "award_tiers":  # the default tier names (一等奖 …) have a translation
        return _("，").join(f"{_(label)}:{count}" for label, count in value)
    if isinstance(value, bool):
        return _("是") if value else _("否")
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if name in _UNITS:
        return _(_UNITS[name]) % {"n": value}
    return str(value)


def tiebreak_labels(chain, metrics=opt.TIEBREAK_METRICS) -> str:
    """``积分 → 级差分 → 对手分 …``: the chain by its labels (``metrics``), never its keys."""
    return " → ".join(_(metrics.get(key, key)) for key in chain)


def _label(name: str) -> str:
    return str(Tournament._meta.get_field(name).verbose_name)


# Options that only the 100 + level difference system reads.
_HUNDRED_ONLY = {"hundred_forfeit", "hundred_at_time"}
# Options only a team event or only an individual event reads (``entry``, the kind of
# event, is every event's).
_TEAM_ONLY = set(TEAM_OPTIONS) - {"entry"}
_INDIVIDUAL_ONLY = set(INDIVIDUAL_OPTIONS)


def _unread(tournament: Tournament) -> set[str]:
    """The options this event's kind and scoring never read: not listed on its overview
    (a pairs event showed its team-event chain, which meant nothing to its players)."""
    unread = {"profile"}
    if tournament.scoring != "hundred_plus":
        unread |= _HUNDRED_ONLY
    if not tournament.is_team_event:
        unread |= _TEAM_ONLY
    if not tournament.is_individual_event:
        unread |= _INDIVIDUAL_ONLY
    return unread


def option_lines(tournament: Tournament) -> list[tuple[str, str]]:
    """Every rule option the event reads, as (label, value): the 100+ ones only in a 100+
    event, the team ones in a team event, the individual ones in an individual event."""
    unread = _unread(tournament)
    return [
        (_label(name), option_value(name, getattr(tournament, name)))
        for name in Tournament.OPTION_FIELDS
        if name not in unread
    ]


def profile_changes(tournament: Tournament) -> list[tuple[str, str, str]]:
    """Options changed since the event started from its profile (empty without one)."""
    if tournament.profile not in PROFILES:
        return []
    start = profile_options(tournament.profile)
    changes = []
    for name, value in start.items():
        current = getattr(tournament, name)
        if current != value:
            changes.append((_label(name), option_value(name, value), option_value(name, current)))
    return changes


def stage_line(stage) -> str:
    """A stage in one line, each thing once: ``预赛 · 积分编排（瑞士制） · 7轮 · 前8名晋级``.

    The default stage is named after its format, so the format is not repeated then.
    """
    kind = str(stage.get_kind_display())
    # A default name is the format's label: shown in the active language.
    default = stage.name == kind or str(_(stage.name)) == kind
    parts = [_(stage.name)] if default else [stage.name, _(kind)]
    parts.append(
        _("直至决出冠军") if stage.kind == "knockout" else _("%(n)d轮") % {"n": stage.rounds}
    )
    qualify = stage.qualify or {}
    if "top" in qualify:
        parts.append(_("前%(n)s名晋级") % {"n": qualify["top"]})
    elif "group_top" in qualify:
        parts.append(_("每组前%(n)s名晋级") % {"n": qualify["group_top"]})
    return " · ".join(parts)
