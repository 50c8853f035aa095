"""Online sign-up (报名): apply, edit, withdraw, approve, reject, and the waiting list.

See :mod:`tournament.models.signup` for the vocabulary (place, waiting list). Every change
is written to the audit log in the transaction that makes it; the tournament row is locked
first, so two pairs signing up at once cannot both take the last place.

A script cannot flood the public page: at most ``SIGNUP_LIMIT_PER_ADDRESS`` sign-ups an hour
from one address and ``SIGNUP_LIMIT_PER_EVENT`` an hour for the event, counted from the
applications saved (each keeps its address), under the tournament's lock: the same count
for every worker, and nothing a cache could lose. Well below those limits, a flood takes no
place: a sign-up beyond ``SIGNUP_HOLD_PER_ADDRESS`` from its address, or while
``SIGNUP_FLOOD_ADDRESSES`` addresses signed up in ``SIGNUP_FLOOD_MINUTES``, is held (待核实, see
:mod:`tournament.models.signup`) for the organizer, and a real pair that comes during the
flood finds the places the flood did not take. Once a round is out, every new pair waits
for the organizer's approval (it would otherwise be seated by the next pairing).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import FieldErrors, Invalid, Refused
from tournament.core.stamps import public_changed
from tournament.models import Round, SignUp, SignUpConfig, Tournament
from tournament.registration.services import PairData
from tournament.signup import mail as signup_mail
from tournament.signup.entries import (
    Entry,
    active_entries,
    check_entry,
    from_stored,
    individual_entry,
    normalized_entry,
    register,
    stored,
    team_entry,
    team_of,
    update_registered,
    withdraw_registered,
)
from tournament.signup.flood import flooded
from tournament.text.messages.audit import (
    MSG_AUDIT_SIGNUP,
    MSG_AUDIT_SIGNUP_APPROVED,
    MSG_AUDIT_SIGNUP_CONFIRMED,
    MSG_AUDIT_SIGNUP_EDIT,
    MSG_AUDIT_SIGNUP_PROMOTED,
    MSG_AUDIT_SIGNUP_REJECTED,
    MSG_AUDIT_SIGNUP_WITHDRAWN,
    term,
)

# Message codes: texts in tournament/text/messages/people.py
MSG_LIMIT_EVENT = "signup_limit_event"
MSG_LIMIT_ADDRESS = "signup_limit_address"
MSG_CLOSED = "signup_closed"
MSG_EMAIL_NEEDED = "signup_email_needed"
MSG_BAD_LINK = "signup_bad_link"
MSG_EMAIL_DONE = "signup_email_done"
MSG_EDIT_CLOSED = "signup_edit_closed"
MSG_EDIT_ENDED = "signup_edit_ended"
MSG_ENDED = "signup_ended"
MSG_APPROVE_STATE = "signup_approve_state"
MSG_REASON_NEEDED = "signup_reason_needed"
MSG_REJECT_STATE = "signup_reject_state"


def config_of(tournament: Tournament) -> SignUpConfig:
    """The tournament's sign-up settings (closed defaults when never saved)."""
    config = SignUpConfig.objects.filter(tournament=tournament).first()
    return config or SignUpConfig(tournament=tournament)


def is_open(config: SignUpConfig) -> bool:
    """Whether the public page takes new pairs and pairs may still edit: open, before the deadline."""
    return config.is_open and (config.deadline is None or timezone.now() < config.deadline)


# The path of a pair acting on its own application, through the public sign-up page and its
# private link (tournament.core.actors.Actor.path); the organizer's is the staff's.
PAIR_PATH = "signup"


def places_taken(tournament: Tournament) -> int:
    """Active pairs (teams, in a team event) plus applications waiting for approval."""
    waiting = SignUp.objects.filter(tournament=tournament, state=SignUp.PENDING).count()
    return active_entries(tournament) + waiting


def pair_data(signup: SignUp) -> Entry:
    """The pair (or team) as it stands: its registered row once accepted, else what it sent."""
    if signup.tournament.is_individual_event:
        return individual_entry(signup)
    if signup.tournament.is_team_event:
        team = team_of(signup)
        return team_entry(team) if team else from_stored(signup.tournament, signup.data)
    if signup.pair_id:
        pair = signup.pair
        players = {p.position: p for p in pair.players.all()}
        return PairData(
            name=pair.name,
            unit=pair.unit.name if pair.unit_id else "",
            player1=players[1].name,
            player2=players[2].name,
            phone1=players[1].phone,
            phone2=players[2].phone,
        )
    return PairData(**signup.data)


def signup_snapshot(signup: SignUp) -> dict:
    """An application's state, data and reason, for the audit log (before and after)."""
    return {"state": signup.state, **signup.data, "reason": signup.reason}


def _log(signup: SignUp, action: str, summary: Message, by: Actor, before=None) -> None:
    log_action(
        tournament=signup.tournament,
        by=by,
        action=action,
        obj=signup,
        summary=summary,
        before=before,
        after=signup_snapshot(signup),
        label="" if by.person is not None else _("报名者"),
    )
    public_changed(signup.tournament)


def _accept(signup: SignUp, by: Actor) -> None:
    """Turn the application into a registered pair or team (报名成功)."""
    signup.pair = register(signup, by)
    signup.state = SignUp.APPROVED


def event_started(tournament: Tournament) -> bool:
    """Whether a round is out (published or further): the event is running."""
    return Round.objects.filter(tournament=tournament).exclude(status=Round.DRAFT).exists()


def needs_approval(config: SignUpConfig) -> bool:
    """The organizer approves each pair: when asked, and always once the event is running."""
    return config.needs_approval or event_started(config.tournament)


def _place_state(config: SignUpConfig) -> str:
    return SignUp.PENDING if needs_approval(config) else SignUp.APPROVED


LIMIT_WINDOW = timedelta(hours=1)


def _limits(tournament: Tournament, ip: str | None) -> list[tuple[dict, int, str]]:
    """(the sign-ups counted, limit an hour, refusal code) of each sign-up limit that applies."""
    limits = [({}, settings.SIGNUP_LIMIT_PER_EVENT, MSG_LIMIT_EVENT)]
    if ip:
        limits.append(({"ip": ip}, settings.SIGNUP_LIMIT_PER_ADDRESS, MSG_LIMIT_ADDRESS))
    return [limit for limit in limits if limit[1] > 0]


def _check_limits(tournament: Tournament, ip: str | None) -> None:
    """Refuse the sign-up when a limit is reached. The count is the applications saved in
    the last hour (a sliding hour, read under the tournament's lock: exact, the same for
    every worker, and a refused sign-up, which saves nothing, counts nothing)."""
    since = timezone.now() - LIMIT_WINDOW
    recent = SignUp.objects.filter(tournament=tournament, created_at__gt=since)
    for where, limit, refusal in _limits(tournament, ip):
        if recent.filter(**where).count() >= limit:
            raise Refused(refusal, n=limit)


def lock_signups(tournament: Tournament) -> SignUpConfig:
    """Lock the event's row (every sign-up write of the event waits here, so places and the
    cap are counted one write at a time) and return its sign-up settings."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    return config_of(tournament)


def _place(signup: SignUp, config: SignUpConfig, by: Actor) -> None:
    """Give the application its state: a place (approved or waiting for approval) or, at
    the cap, the waiting list."""
    full = config.cap is not None and places_taken(signup.tournament) >= config.cap
    signup.state = SignUp.WAITING if full else _place_state(config)
    if signup.state == SignUp.APPROVED:
        _accept(signup, by)


def _new_signup(tournament: Tournament, data: Entry, emails, by: Actor) -> SignUp:
    last = SignUp.objects.filter(tournament=tournament).aggregate(m=Max("seq"))["m"] or 0
    return SignUp(
        tournament=tournament,
        token=secrets.token_urlsafe(32),
        seq=last + 1,
        state=SignUp.UNCONFIRMED,
        data=stored(data),
        email1=emails[0],
        email2=emails[1],
        ip=by.ip,
    )


@transaction.atomic
def signup_submit(
    *, tournament: Tournament, data: Entry, emails: tuple[str, str], by: Actor
) -> SignUp:
    """A pair (or a team) applies through the public page: a place, or the waiting list at the cap; or,
    when the organizer asks for it, nothing yet until its e-mail address is confirmed."""
    config = lock_signups(tournament)
    if not is_open(config):
        raise Refused(MSG_CLOSED)
    if config.confirm_email and not emails[0]:
        raise FieldErrors({"email1": [Message(MSG_EMAIL_NEEDED)]})
    data = normalized_entry(data)
    check_entry(tournament, data)
    signup = _new_signup(tournament, data, emails, by)
    _check_limits(tournament, signup.ip)
    if flooded(tournament, signup.ip):
        # Held, even when e-mail confirmation is asked: the organizer checks it instead, and
        # no mail goes to addresses a script may have typed.
        signup.state = SignUp.HELD
    elif not config.confirm_email:
        _place(signup, config, by)
    signup.save()
    label = signup.get_state_display()
    _log(
        signup,
        "signup.submit",
        Message(MSG_AUDIT_SIGNUP, {"name": data.name, "state": term(label)}),
        by,
    )
    kind = "confirm_email" if signup.state == SignUp.UNCONFIRMED else "confirmation"
    if signup.state != SignUp.HELD:
        signup_mail.send_on_commit(signup, kind, by.site)
    return signup


@transaction.atomic
def signup_confirm_email(*, signup: SignUp, code: str, by: Actor) -> SignUp:
    """The pair opened the link mailed to it: the application now counts (a place or the
    waiting list, checked again against the pairs that came meanwhile)."""
    config = lock_signups(signup.tournament)
    signup = _reload(signup)
    if not secrets.compare_digest(code, signup_mail.confirm_code(signup)):
        raise Invalid(MSG_BAD_LINK)
    if signup.state != SignUp.UNCONFIRMED:
        raise Refused(MSG_EMAIL_DONE)
    check_entry(signup.tournament, from_stored(signup.tournament, signup.data), exclude=signup)
    before = signup_snapshot(signup)
    _place(signup, config, by)
    signup.save()
    name = signup.data.get("name", "")
    summary = Message(MSG_AUDIT_SIGNUP_CONFIRMED, {"name": name})
    _log(signup, "signup.confirm_email", summary, by, before=before)
    signup_mail.send_on_commit(signup, "confirmation", by.site)
    return signup


def _reload(signup: SignUp) -> SignUp:
    return SignUp.objects.select_for_update().select_related("tournament").get(pk=signup.pk)


@transaction.atomic
def signup_edit(*, signup: SignUp, data: Entry, emails: tuple[str, str], by: Actor) -> SignUp:
    """The pair (until the deadline, through its link: ``by.path`` :data:`PAIR_PATH`) or the
    organizer (any time) changes the application."""
    config = lock_signups(signup.tournament)
    signup = _reload(signup)
    if by.path == PAIR_PATH and not is_open(config):
        raise Refused(MSG_EDIT_CLOSED)
    if signup.state in (SignUp.REJECTED, SignUp.WITHDRAWN):
        raise Refused(MSG_EDIT_ENDED)
    data = normalized_entry(data)
    check_entry(signup.tournament, data, exclude=signup)
    before = signup_snapshot(signup)
    if signup.pair_id:
        update_registered(signup, data, by)
    signup.data, signup.email1, signup.email2 = stored(data), emails[0], emails[1]
    signup.save()
    _log(
        signup,
        "signup.edit",
        Message(MSG_AUDIT_SIGNUP_EDIT, {"name": data.name}),
        by,
        before,
    )
    return signup


def promote(tournament: Tournament, config: SignUpConfig, by: Actor) -> list[SignUp]:
    """Move waiting pairs up, first come first, while places are free. Inside a transaction."""
    moved = []
    waiting = SignUp.objects.filter(tournament=tournament, state=SignUp.WAITING).order_by("seq")
    for signup in waiting:
        if config.cap is not None and places_taken(tournament) >= config.cap:
            break
        before = signup_snapshot(signup)
        signup.state = _place_state(config)
        if signup.state == SignUp.APPROVED:
            _accept(signup, by)
        signup.save()
        name = signup.data.get("name", "")
        _log(
            signup, "signup.promote", Message(MSG_AUDIT_SIGNUP_PROMOTED, {"name": name}), by, before
        )
        signup_mail.send_on_commit(signup, "promoted", by.site)
        moved.append(signup)
    return moved


@transaction.atomic
def promote_after_change(tournament: Tournament, by: Actor) -> list[SignUp]:
    """Fill places freed elsewhere (a pair withdrawn from the registration list)."""
    return promote(tournament, lock_signups(tournament), by)


@transaction.atomic
def signup_withdraw(*, signup: SignUp, by: Actor) -> SignUp:
    """The pair (or the organizer) withdraws; the first waiting pair moves up."""
    config = lock_signups(signup.tournament)
    signup = _reload(signup)
    if signup.state in (SignUp.REJECTED, SignUp.WITHDRAWN):
        raise Refused(MSG_ENDED)
    before = signup_snapshot(signup)
    if signup.pair_id:
        withdraw_registered(signup, by)
    signup.state = SignUp.WITHDRAWN
    signup.save()
    name = signup.data.get("name", "")
    _log(
        signup,
        "signup.withdraw",
        Message(MSG_AUDIT_SIGNUP_WITHDRAWN, {"name": name}),
        by,
        before,
    )
    promote(signup.tournament, config, by)
    return signup


@transaction.atomic
def signup_approve(*, signup: SignUp, by: Actor) -> SignUp:
    """The organizer accepts a pair waiting for approval: it becomes a registered pair. A
    held pair (待核实) takes a place if one is free, else the waiting list (in the order it
    came, like every pair on it)."""
    config = lock_signups(signup.tournament)
    signup = _reload(signup)
    if signup.state not in (SignUp.PENDING, SignUp.HELD):
        raise Refused(MSG_APPROVE_STATE)
    before = signup_snapshot(signup)
    check_entry(signup.tournament, from_stored(signup.tournament, signup.data), exclude=signup)
    full = config.cap is not None and places_taken(signup.tournament) >= config.cap
    if signup.state == SignUp.HELD and full:
        signup.state = SignUp.WAITING
    else:
        _accept(signup, by)
    signup.save()
    name = signup.data.get("name", "")
    _log(signup, "signup.approve", Message(MSG_AUDIT_SIGNUP_APPROVED, {"name": name}), by, before)
    kind = "approved" if signup.state == SignUp.APPROVED else "confirmation"
    signup_mail.send_on_commit(signup, kind, by.site)
    return signup


REJECTABLE = (SignUp.UNCONFIRMED, SignUp.HELD, SignUp.PENDING, SignUp.WAITING)


@transaction.atomic
def signup_reject(*, signup: SignUp, reason: str, by: Actor) -> SignUp:
    """The organizer refuses a pair (pending or waiting), with a reason the pair sees."""
    config = lock_signups(signup.tournament)
    signup = _reload(signup)
    reason = reason.strip()
    if not reason:
        raise Invalid(MSG_REASON_NEEDED)
    if signup.state not in REJECTABLE:
        raise Refused(MSG_REJECT_STATE)
    held = signup.state == SignUp.HELD
    before = signup_snapshot(signup)
    signup.state, signup.reason = SignUp.REJECTED, reason[:200]
    signup.save()
    name = signup.data.get("name", "")
    summary = Message(MSG_AUDIT_SIGNUP_REJECTED, {"name": name, "reason": signup.reason})
    _log(signup, "signup.reject", summary, by, before)
    if not held:  # a held one was never mailed: its addresses may be a script's
        signup_mail.send_on_commit(signup, "rejected", by.site)
    promote(signup.tournament, config, by)
    return signup
