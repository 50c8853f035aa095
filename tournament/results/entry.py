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

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from rules.messages import Message
from tournament.core.actors import as_actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.core.messages.audit import MSG_AUDIT_TIME_EARLY, about_match
from tournament.core.rights import CHIEF_REFEREE, has_role
from tournament.models import Match, Round
from tournament.results.checks import ResultValues
from tournament.results.services import enter_result, resolve_dispute

PASSED_A = "A+"


def is_time_result(values: ResultValues, at_time: bool) -> bool:
    """True for a final that ends on time rather than by passing A (see the module doc)."""
    if values.forfeit or values.defeat_side:
        return False
    return at_time or PASSED_A not in (values.ew_level, values.ns_level)


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
    match: Match,
    values: ResultValues,
    *,
    at_time: bool,
    reason: str = "",
    user=None,
    now: datetime | None = None,
) -> int | None:
    """Refuse a time result before the round's time is up, unless the chief referee gives a
    reason: the minutes left (None for a result not on time, or time up). Asked by every
    final-levels save, and of a late one before it is kept or filed."""
    left = minutes_left(match.round, now) if is_time_result(values, at_time) else None
    if left is None:
        return None
    if not ((reason or "").strip() and has_role(user, match.round.tournament, CHIEF_REFEREE)):
        raise Refused(_early_message(left))
    return left


def check_sheet_time(match: Match, steps: list, now: datetime | None = None) -> None:
    """Refuse a new 到时 line on a score sheet before the round's time is up.

    An early end with a reason is the chief referee's, through the final-levels form.
    """
    old = sum(1 for s in match.deals or [] if isinstance(s, dict) and "time" in s)
    new = sum(1 for s in steps if isinstance(s, dict) and "time" in s)
    left = minutes_left(match.round, now)
    if new > old and left is not None:
        raise Refused(_early_message(left))


# No savepoint of its own: its one caller's transaction (entry_keys.apply_once) ends with
# any refusal, and a late phone entry, which goes on after a stale version, gets its savepoint
# from entry_keys.saved_late. Every savepoint is two round trips under the round's lock.
@transaction.atomic(savepoint=False)
def enter_final(
    match: Match,
    values: ResultValues,
    *,
    at_time: bool,
    reason: str = "",
    rule: bool = False,
    version: int | None,
    user=None,
    source: str = "referee",
    request=None,
    now: datetime | None = None,
) -> Match:
    """Save a final-levels entry (``rule``: as the chief referee's ruling).

    An early time result is refused, unless the chief referee gives a reason; the reason
    is written in the audit log in the same transaction as the result.
    """
    left = check_early_time(match, values, at_time=at_time, reason=reason, user=user, now=now)
    reason = (reason or "").strip()
    if rule:
        saved = resolve_dispute(match, values, version=version, user=user, request=request)
    else:
        saved = enter_result(
            match, values, version=version, user=user, source=source, request=request
        )
    if left is not None:
        log_action(
            tournament=saved.round.tournament,
            by=as_actor(user, request),
            action="result.early_time",
            obj=saved,
            summary=about_match(MSG_AUDIT_TIME_EARLY, saved, n=left, reason=reason),
            after={"reason": reason, "minutes_left": left},
        )
    return saved
