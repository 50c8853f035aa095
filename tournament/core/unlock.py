"""Lifting an account's login lockout: one service for the page 登录锁定 and for
``manage.py unlock_login``, and the audit line it writes either way.

Vocabulary:

event's accounts
    The organizer's and the staff's accounts of one event (:func:`event_accounts`).
unlock
    Every address's lockout of the account lifted (django-axes' attempts cleared) and its
    lockout steps forgotten, so the next lockout is a first, short one again
    (:mod:`tournament.core.login_lockout`).
"""

from __future__ import annotations

from axes.utils import reset
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q

from rules.messages import Message
from tournament.core.actors import Actor, command_actor
from tournament.core.audit import log_action
from tournament.core.errors import Invalid, NotAllowed
from tournament.core.login_lockout import forget_steps
from tournament.core.rights import CHIEF_REFEREE, ORGANIZER, ROLE_RANK, role_of
from tournament.models import Tournament
from tournament.text.messages.audit import MSG_AUDIT_UNLOCK_ACCOUNT

# Message codes: texts in tournament/text/messages/people.py
MSG_NOT_EVENT_STAFF = "unlock_not_event_staff"
MSG_NO_ACCOUNT = "unlock_no_account"


def event_accounts(tournament: Tournament) -> dict[str, str]:
    """Username → role of everyone who works on the event (the organizer and the staff)."""
    accounts = {s.user.get_username(): s.role for s in tournament.staff.select_related("user")}
    accounts[tournament.organizer.get_username()] = ORGANIZER
    return accounts


def may_unlock(unlocker_role: str | None) -> bool:
    """A chief referee or the organizer unlocks every account of the event, the organizer's
    too: an unlock only lifts the lockout (the password is still needed), and an organizer
    locked out by a stranger at the venue must not wait for the lockout to end."""
    return ROLE_RANK[unlocker_role] >= ROLE_RANK[CHIEF_REFEREE]


@transaction.atomic
def account_unlock(
    username: str, *, tournament: Tournament | None = None, by: Actor | None = None
) -> int:
    """Unlock ``username`` and write the audit line; return the attempts cleared.

    From an event's page (``tournament`` and ``by``, its chief referee or organizer): an
    account of that event only, the line in that event. From the command line (no
    tournament, ``by`` left out: :func:`~tournament.core.actors.command_actor`): any account,
    the line in every event the account works on, by ``cli``.
    """
    if tournament is not None:
        accounts = event_accounts(tournament)
        if username not in accounts or not may_unlock(role_of(by and by.user, tournament)):
            raise NotAllowed(MSG_NOT_EVENT_STAFF)
        events = [tournament]
    else:
        if not get_user_model().objects.filter(username=username).exists():
            raise Invalid(MSG_NO_ACCOUNT, u=username)
        works = Q(organizer__username=username) | Q(staff__user__username=username)
        events = list(Tournament.objects.filter(works).distinct().order_by("pk"))
    count = reset(username=username)
    forget_steps(username)
    for event in events:
        log_action(
            tournament=event,
            by=by or command_actor(),
            action="login.unlock",
            summary=Message(MSG_AUDIT_UNLOCK_ACCOUNT, {"u": username}),
            label="" if by is not None else "cli",
        )
    return count
