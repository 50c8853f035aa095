"""Which actions a round offers now, to whom, and why the others are impossible.

Vocabulary
----------
action
    One step of a round's life a person can take from the round pages: ``adjust``
    (调整对阵), ``publish`` (公布对阵), ``start`` (开赛计时), ``enter`` (录入成绩),
    ``confirm_all`` (确认全部已录入), ``lock`` (锁定本轮), ``unlock`` (解锁更正) and
    ``reviewed`` (已复核). Each needs a role (:data:`ROLES`).
problem
    Why an action is impossible *now* whoever asks (a :class:`~rules.messages.Message`,
    its code a ``MSG_…`` constant below), or None when it is possible. :func:`problem` is the one place that decides it: the services call it
    under their row lock before acting, the pages call :func:`allowed_actions` to show
    buttons enabled, or disabled with the reason.
shown
    Whether the round pages show the action's button at all at this point of the round
    (``publish`` only on a draft, ``unlock`` only on a locked round…), so the pages do not
    compare status strings themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Count
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.messages import Message
from tournament.core.rights import CHIEF_REFEREE, ORGANIZER, REFEREE, has_role
from tournament.models import Round, Table
from tournament.text.messages import render
from tournament.text.titles import listing

ROLES = {
    "adjust": ORGANIZER,
    "publish": ORGANIZER,
    "reviewed": ORGANIZER,
    "start": CHIEF_REFEREE,
    "confirm_all": CHIEF_REFEREE,
    "lock": CHIEF_REFEREE,
    "unlock": CHIEF_REFEREE,
    "enter": REFEREE,
}
LABELS = {
    "adjust": gettext_lazy("调整对阵"),
    "publish": gettext_lazy("公布对阵"),
    "reviewed": gettext_lazy("已复核，保留本轮对阵"),
    "start": gettext_lazy("开赛计时"),
    "confirm_all": gettext_lazy("确认全部已录入"),
    "lock": gettext_lazy("锁定本轮"),
    "unlock": gettext_lazy("解锁更正"),
    "enter": gettext_lazy("录入成绩"),
}
# The statuses in which each button appears (enabled or not) on the round pages.
_RUNNING = (Round.PUBLISHED, Round.IN_PLAY, Round.ENTERED, Round.CONFIRMED)
SHOWN = {
    "adjust": (Round.DRAFT,),
    "publish": (Round.DRAFT,),
    "start": (),  # while the clock has not been started (see allowed_actions)
    "confirm_all": _RUNNING,
    "lock": _RUNNING,
    "unlock": (Round.LOCKED,),
    "enter": (Round.DRAFT, *_RUNNING, Round.LOCKED),
}


@dataclass(frozen=True)
class Action:
    """One action as a page shows it: ``reason`` is why it is disabled ("" when allowed)."""

    key: str
    label: str
    allowed: bool
    reason: str
    shown: bool


# Message codes: texts in tournament/text/messages/rounds.py
MSG_NOT_PUBLISHED = "round_not_published"
MSG_ADJUST_PUBLISHED = "round_adjust_published"
MSG_ADJUST_FIXED = "round_adjust_fixed"
MSG_ADJUST_TEAM = "team_adjust_refused"
MSG_ADJUST_INDIVIDUAL = "individual_adjust_refused"
MSG_ALREADY_PUBLISHED = "round_already_published"
MSG_START_DRAFT = "round_start_draft"
MSG_STARTED = "round_started"
MSG_LOCKED = "round_locked"
MSG_ENTER_DRAFT = "round_enter_draft"
MSG_ENTER_LOCKED = "round_enter_locked"
MSG_NOTHING_ENTERED = "round_nothing_entered"
MSG_LOCK_DRAFT = "round_lock_draft"
MSG_LOCK_EARLIER = "round_lock_earlier"
MSG_UNCONFIRMED = "round_unconfirmed"
MSG_TABLES = "round_tables"
MSG_TABLES_MORE = "round_tables_more"
MSG_NOT_LOCKED = "round_not_locked"
MSG_UNLOCK_LATER = "round_unlock_later"
MSG_NOT_STALE = "round_not_stale"


def _not_draft(round_: Round) -> Message | None:
    return Message(MSG_NOT_PUBLISHED) if round_.status == Round.DRAFT else None


def _adjust(round_: Round) -> Message | None:
    if round_.status != Round.DRAFT:
        return Message(MSG_ADJUST_PUBLISHED)
    if round_.stage.kind != "swiss":
        # Knockout tables come from the bracket, rotation and round-robin tables from the
        # movement table: moving a pair by hand would break them.
        return Message(MSG_ADJUST_FIXED)
    if round_.tournament.is_team_event:
        # A team match's tables hold two line-ups, crossed: a pair moved by hand would
        # break them. A player changes by a line-up change (tournament.teams.line_ups).
        return Message(MSG_ADJUST_TEAM)
    if round_.tournament.is_individual_event:
        # A table seats four players in two partnerships chosen together.
        return Message(MSG_ADJUST_INDIVIDUAL)
    return None


def _publish(round_: Round) -> Message | None:
    return None if round_.status == Round.DRAFT else Message(MSG_ALREADY_PUBLISHED)


def _start(round_: Round) -> Message | None:
    # A round whose first results came in before anyone pressed 开赛 can still be started:
    # the clock is what the hall needs, whatever the tables have entered.
    if round_.status == Round.DRAFT:
        return Message(MSG_START_DRAFT)
    if round_.started_at is not None:
        return Message(MSG_STARTED)
    if round_.status == Round.LOCKED:
        return Message(MSG_LOCKED)
    return None


def _enter(round_: Round) -> Message | None:
    if round_.status == Round.DRAFT:
        return Message(MSG_ENTER_DRAFT)
    if round_.status == Round.LOCKED:
        return Message(MSG_ENTER_LOCKED)
    return None


def _confirm_all(round_: Round) -> Message | None:
    why = _not_draft(round_) or (Message(MSG_LOCKED) if round_.status == Round.LOCKED else None)
    if why:
        return why
    if not round_.tables.filter(state=Table.ENTERED).exclude(ns=None).exists():
        return Message(MSG_NOTHING_ENTERED)
    return None


def _lock(round_: Round) -> Message | None:
    if round_.status == Round.LOCKED:
        return Message(MSG_LOCKED)
    if round_.status == Round.DRAFT:
        return Message(MSG_LOCK_DRAFT)
    earlier = (
        round_.tournament.round_set.filter(number__lt=round_.number)
        .exclude(status=Round.LOCKED)
        .order_by("number")
        .first()
    )
    if earlier is not None:
        return Message(MSG_LOCK_EARLIER, {"n": earlier.number})
    return unconfirmed(round_)


# Why a table is not confirmed yet, and what to do about it (the lock reason names them).
_OPEN_WHY = {
    Table.EMPTY: gettext_lazy("未录入"),
    Table.IN_PLAY: gettext_lazy("比赛中，未录入终局"),
    Table.ENTERED: gettext_lazy("已录入待确认（可按“确认全部已录入”）"),
    Table.DISPUTED: gettext_lazy("录入不一致，请裁判长裁定"),
}
_NAMED = 8  # tables named per reason; the rest are counted


def unconfirmed(round_: Round) -> Message | None:
    """Which played tables are not confirmed and why, or None when every one is: e.g.
    "还有3台成绩未确认，不能锁定：第2、5台未录入；第4台录入不一致，请裁判长裁定"."""
    counts = dict(
        round_.tables.exclude(ns=None)
        .exclude(state=Table.CONFIRMED)
        .order_by()
        .values_list("state")
        .annotate(n=Count("pk"))
        .values_list("state", "n")
    )
    if not counts:
        return None
    parts = []
    for state, why in _OPEN_WHY.items():
        if counts.get(state):
            tables = round_.tables.filter(state=state).exclude(ns=None).order_by("number")
            named = list(tables.values_list("number", flat=True)[:_NAMED])
            parts.append(render(_table_list(named, counts[state])) + str(why))
    total = sum(counts.values())
    # The separator is a word of the language too ("；" left Chinese in English).
    return Message(MSG_UNCONFIRMED, {"n": total, "why": _("；").join(parts)})


def _table_list(named: list[int], count: int) -> Message:
    """ "第2、5台" or, past the first few, "第2、5、6…等11台"."""
    numbers = listing(str(n) for n in named)
    if count > len(named):
        return Message(MSG_TABLES_MORE, {"list": numbers, "n": count})
    return Message(MSG_TABLES, {"list": numbers})


def _unlock(round_: Round) -> Message | None:
    if round_.status != Round.LOCKED:
        return Message(MSG_NOT_LOCKED)
    later = round_.tournament.round_set.filter(number__gt=round_.number, status=Round.LOCKED)
    later = later.order_by("number").first()
    if later is not None:
        return Message(MSG_UNLOCK_LATER, {"n": later.number})
    return None


def _reviewed(round_: Round) -> Message | None:
    return None if round_.stale else Message(MSG_NOT_STALE)


CHECKS: dict[str, Callable[[Round], Message | None]] = {
    "adjust": _adjust,
    "publish": _publish,
    "reviewed": _reviewed,
    "start": _start,
    "confirm_all": _confirm_all,
    "lock": _lock,
    "unlock": _unlock,
    "enter": _enter,
}


def problem(round_: Round, action: str) -> Message | None:
    """Why ``action`` is impossible on this round now (None when it is possible)."""
    return CHECKS[action](round_)


def problem_text(round_: Round, action: str) -> str:
    """:func:`problem` as a sentence of the active language, for a page ("" when possible)."""
    why = problem(round_, action)
    return render(why) if why else ""


def allowed_actions(round_: Round, user) -> dict[str, Action]:
    """The actions this user's role gives on the round, each allowed or with its reason.

    Actions of roles the user does not have are left out (a referee sees no 公布对阵).
    """
    actions = {}
    for key, role in ROLES.items():
        if not has_role(user, round_.tournament, role):
            continue
        why = problem(round_, key)
        shown = round_.stale if key == "reviewed" else round_.status in SHOWN[key]
        if key == "start":
            shown = round_.status != Round.LOCKED and round_.started_at is None
        actions[key] = Action(key, str(LABELS[key]), not why, render(why) if why else "", shown)
    return actions
