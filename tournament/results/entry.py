"""Entering final levels from a form: the time check that comes before the save.

Vocabulary
----------
time result (到时)
    A final that ends because the round's time ran out, not because a side passed A: the
    到时 box is ticked, or neither side passed A (and nobody forfeited or lost by fouls).
early time result
    A time result entered while the round's clock (started by 开赛计时) has not yet reached
    the event's time limit. Usually a slip; the chief referee may still enter one with a
    reason, which the audit log keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.core.rights import CHIEF_REFEREE, has_role
from tournament.models import Round, Table
from tournament.results.checks import ResultValues
from tournament.results.entry_keys import (
    APPLIED,
    CONFLICT,
    KEPT,
    Applied,
    file_kept,
    remember,
    repeat_answer,
    saved_late,
)
from tournament.results.services import enter_result, resolve_dispute
from tournament.results.table_write import lock_table, values_of
from tournament.text.messages.audit import MSG_AUDIT_TIME_EARLY, about_table


def is_time_result(values: ResultValues, at_time: bool) -> bool:
    """True for a final that ends on time rather than by passing A (see the module doc)."""
    if values.forfeit or values.defeat_side:
        return False
    return at_time or not values.passed_a  # as ResultValues.ended_by_time, levels unchecked


def minutes_left(round_: Round, now: datetime | None = None) -> int | None:
    """Whole minutes (rounded up) before the round's time limit; None when not running
    (not started, or locked: a locked round is over, whatever its clock says)."""
    if round_.started_at is None or round_.status == Round.LOCKED:
        return None
    limit = round_.started_at + timedelta(minutes=round_.tournament.time_limit)
    remaining = (limit - (now or timezone.now())).total_seconds()
    if remaining <= 0:
        return None
    return int(-(-remaining // 60))


def _early_message(left: int) -> Message:
    return Message("time_early", {"n": left})


def check_early_time(
    table: Table,
    values: ResultValues,
    *,
    at_time: bool,
    reason: str = "",
    by: Actor,
    now: datetime | None = None,
) -> int | None:
    """Refuse a time result before the round's time is up, unless the chief referee gives a
    reason: the minutes left (None for a result not on time, or time up). Asked by every
    final-levels save, and of a late one before it is kept or filed."""
    left = minutes_left(table.round, now) if is_time_result(values, at_time) else None
    if left is None:
        return None
    if not ((reason or "").strip() and has_role(by.user, table.round.tournament, CHIEF_REFEREE)):
        raise Refused(_early_message(left))
    return left


def check_scoresheet_time(table: Table, steps: list, now: datetime | None = None) -> None:
    """Refuse a new 到时 line on a score sheet before the round's time is up.

    An early end with a reason is the chief referee's, through the final-levels form.
    """
    old = sum(1 for s in table.deals or [] if isinstance(s, dict) and "time" in s)
    new = sum(1 for s in steps if isinstance(s, dict) and "time" in s)
    left = minutes_left(table.round, now)
    if new > old and left is not None:
        raise Refused(_early_message(left))


@dataclass(frozen=True)
class FinalEntry:
    """A final-levels entry as the staff's form or a side's page sent it, checked already
    (:mod:`tournament.results.checks`): the values, the table's version it was made on, the
    到时 box and its reason, and whether it is the chief referee's ruling."""

    values: ResultValues
    version: int | None
    at_time: bool = False
    reason: str = ""
    rule: bool = False


@transaction.atomic
def record_final(
    table: Table, entry: FinalEntry, *, by: Actor, answer: Callable[[Table, str], dict]
) -> tuple[dict, bool]:
    """Save a final-levels entry of the actor ``by``: (the answer, True for a repeat). The
    one service of the form and of a phone's outbox: an entry made on a phone
    (``by.phone``) is applied once per key (its table locked first, its key kept with
    ``answer(saved table, outcome)`` in this transaction), a late one whose version is stale
    decided by :func:`~tournament.results.entry_keys.saved_late`. An early time result is
    refused unless the chief referee gives a reason, which the audit log keeps.

    The write is two calls below (``enter_result``, ``save_match``): the save path of a
    referee's entry is at most five frames from the view (tests/app/results/test_save_path.py).
    """
    phone = by.phone
    if phone is not None:
        table = lock_table(table, None)
        done = repeat_answer(table, phone, "result")
        if done is not None:
            return done, True
    left = check_early_time(table, entry.values, at_time=entry.at_time, reason=entry.reason, by=by)
    write = resolve_dispute if entry.rule else enter_result
    if phone is not None and phone.late:
        saved, outcome = _late(table, entry, by, write)
    else:  # a refusal ends the whole transaction: no savepoint
        saved, outcome = write(table, entry.values, version=entry.version, by=by), APPLIED
    payload = {"values": entry.values.as_dict()} if outcome in (CONFLICT, KEPT) else None
    if outcome == KEPT:
        payload = file_kept(saved, payload, by=by)
    if left is not None and outcome == APPLIED:
        _log_early(saved, by, left, entry.reason.strip())
    applied = Applied(answer(saved, outcome), outcome, payload)
    if phone is not None:
        remember(table, phone, "result", applied)
    return applied.answer, False


def _late(table: Table, entry: FinalEntry, by: Actor, write) -> tuple[Table, str]:
    """A late phone entry: saved, or kept, corrected or filed (see entry_keys.saved_late)."""
    return saved_late(
        by.phone,
        lambda version: write(table, entry.values, version=version, by=by),
        entry.version,
        same=lambda stored: values_of(stored) == entry.values,
        values=lambda: entry.values,
        by=by,
        correct=True,
        table=table,
        check=lambda stored: check_early_time(
            stored, entry.values, at_time=entry.at_time, reason=entry.reason, by=by
        ),
    )


def _log_early(saved: Table, by: Actor, left: int, reason: str) -> None:
    """The chief referee's early time result, with its reason, in the result's transaction."""
    log_action(
        tournament=saved.round.tournament,
        by=by,
        action="result.early_time",
        obj=saved,
        summary=about_table(MSG_AUDIT_TIME_EARLY, saved, n=left, reason=reason),
        after={"reason": reason, "minutes_left": left},
    )
