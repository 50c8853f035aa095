"""The life of a round: draft → published → in play → entered → confirmed → locked.

Pairing creates a draft (:mod:`tournament.rounds.pairing`). The organizer publishes it,
the clock starts, results come in (the status follows the tables, see
:func:`tournament.results.services.refresh_round_status`), the chief referee locks it.
Unlocking a round to correct it marks every later round *stale*: it was paired from
standings that may have changed, and the organizer must look at it (never re-paired
silently).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from rules.messages import Message
from tournament.core import milestones
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import NotAllowed, Refused, Stale
from tournament.core.rights import CHIEF_REFEREE, ORGANIZER, has_role
from tournament.core.round_actions import problem
from tournament.core.stamps import public_changed
from tournament.events.stages import update_bracket
from tournament.models import Round
from tournament.results.round_status import refresh_round_status
from tournament.results.table_write import MSG_NO_RIGHT
from tournament.rounds.adjust import blocking_conflicts
from tournament.text.messages.audit import (
    MSG_AUDIT_LOCK,
    MSG_AUDIT_PUBLISH,
    MSG_AUDIT_REVIEWED,
    MSG_AUDIT_START,
    MSG_AUDIT_UNLOCK,
    round_ref,
)

MSG_STALE_ROUND = "stale_round"  # message codes: texts in tournament/text/messages/services.py
MSG_DUPLICATES = "duplicates"


def _locked_round(round_: Round, version: int | None) -> Round:
    current = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round_.pk)
    )
    if version is not None and current.version != version:
        raise Stale(MSG_STALE_ROUND)
    return current


def _save(round_: Round, *, by: Actor, action: str, summary: Message, before: str) -> Round:
    round_.version += 1
    round_.save()
    log_action(
        tournament=round_.tournament,
        by=by,
        action=action,
        obj=round_,
        summary=summary,
        before={"status": before},
        after={"status": round_.status},
    )
    public_changed(round_.tournament)
    return round_


def _refuse(why: Message | None) -> None:
    """Refuse with the reason :func:`~tournament.core.round_actions.problem` gave."""
    if why:
        raise Refused(why)


def _require(user, round_: Round, role: str) -> None:
    if not has_role(user, round_.tournament, role):
        raise NotAllowed(MSG_NO_RIGHT)


@transaction.atomic
def publish_round(round_: Round, *, by: Actor, version: int | None = None) -> Round:
    """Publish a draft pairing; refused when a pair is listed twice or an active pair is missing."""
    round_ = _locked_round(round_, version)
    _require(by.user, round_, ORGANIZER)
    _refuse(problem(round_, "publish"))
    blocking = blocking_conflicts(round_)
    if blocking:
        raise Refused(MSG_DUPLICATES, detail="；".join(blocking))
    before = round_.status
    round_.status = Round.PUBLISHED
    round_ = _save(
        round_,
        by=by,
        action="round.publish",
        summary=Message(MSG_AUDIT_PUBLISH, {"round": round_ref(round_)}),
        before=before,
    )
    milestones.backup_after_commit(
        milestones.PUBLISH
    )  # the slips printed now must work on a second laptop
    return round_


@transaction.atomic
def start_round(round_: Round, *, by: Actor, version: int | None = None) -> Round:
    """Start the round clock (开赛).

    A round whose first results came in before anyone pressed 开赛 can still be started:
    the clock is what the hall needs, whatever the tables have entered.
    """
    round_ = _locked_round(round_, version)
    _require(by.user, round_, CHIEF_REFEREE)
    _refuse(problem(round_, "start"))
    before = round_.status
    round_.status = Round.IN_PLAY
    round_.started_at = timezone.now()
    _save(
        round_,
        by=by,
        action="round.start",
        summary=Message(MSG_AUDIT_START, {"round": round_ref(round_)}),
        before=before,
    )
    refresh_round_status(round_)
    return round_


@transaction.atomic
def lock_round(round_: Round, *, by: Actor, version: int | None = None) -> Round:
    """Lock a round whose every table is confirmed; only then can the next be paired."""
    round_ = _locked_round(round_, version)
    _require(by.user, round_, CHIEF_REFEREE)
    if round_.status == Round.LOCKED:
        return round_
    _refuse(problem(round_, "lock"))
    before = round_.status
    round_.status = Round.LOCKED
    _save(
        round_,
        by=by,
        action="round.lock",
        summary=Message(MSG_AUDIT_LOCK, {"round": round_ref(round_)}),
        before=before,
    )
    milestones.backup_after_commit(milestones.LOCK)
    milestones.round_locked(round_.tournament_id)  # the upload to the association, if set
    if round_.stage.kind == "knockout" and "bracket" in round_.stage.state:
        update_bracket(round_.tournament, round_.stage)  # winners advance once confirmed and locked
    return round_


@transaction.atomic
def unlock_round(round_: Round, *, by: Actor, version: int | None = None) -> Round:
    """Reopen a locked round for correction; later rounds are flagged as paired from old standings."""
    round_ = _locked_round(round_, version)
    _require(by.user, round_, CHIEF_REFEREE)
    _refuse(problem(round_, "unlock"))
    before = round_.status
    round_.status = Round.CONFIRMED
    _save(
        round_,
        by=by,
        action="round.unlock",
        summary=Message(MSG_AUDIT_UNLOCK, {"round": round_ref(round_)}),
        before=before,
    )
    refresh_round_status(round_)
    later = round_.tournament.round_set.filter(number__gt=round_.number)
    later.update(stale=True)
    return round_


@transaction.atomic
def mark_reviewed(round_: Round, *, by: Actor) -> Round:
    """The organizer checked a round paired from standings that changed later (clears "stale")."""
    round_ = _locked_round(round_, None)
    _require(by.user, round_, ORGANIZER)
    round_.stale = False
    return _save(
        round_,
        by=by,
        action="round.reviewed",
        summary=Message(MSG_AUDIT_REVIEWED, {"round": round_ref(round_)}),
        before=round_.status,
    )
