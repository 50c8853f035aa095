"""Staff accounts (裁判人员): the organizer creates and manages them without /admin.

Vocabulary
----------
staff member
    A user with a role in one tournament (:class:`~tournament.models.Staff`): chief referee
    (裁判长) or referee (裁判), optionally limited to some tables ("1-10,15").
display name (显示名)
    The person's name as printed on score sheets and in the audit log, per event: kept in
    ``Staff.name`` (a new account's ``first_name`` gets it too, as its default for the
    events that give none); see :func:`tournament.core.accounts.display_name`. Renaming someone
    in one event leaves their name in the other events.
generated password
    A random password made when an account is created or reset. It is returned once, to be
    shown once; only its hash is stored.
managed account
    An account the organizer may rename or reset: not a superuser, not an organizer, and a
    staff member only in tournaments of this same organizer. Anybody else's account can be
    attached by username but never taken over.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth import password_validation
from django.contrib.auth.models import Group, Permission, User
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import transaction

from rules.messages import Message
from tournament.core.accounts import ORGANIZER_GROUP, display_name
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import FieldErrors, Invalid, NotAllowed, Refused
from tournament.core.rights import parse_tables
from tournament.core.stamps import public_changed
from tournament.models import Staff, Tournament
from tournament.text.messages.audit import (
    MSG_AUDIT_PASSWORD_RESET,
    MSG_AUDIT_STAFF,
    MSG_AUDIT_STAFF_NEW,
    MSG_AUDIT_STAFF_REMOVED,
    term,
)

NAME_MAX = 150  # User.first_name
# Message codes: texts in tournament/text/messages/people.py
MSG_USERNAME_BLANK = "staff_username_blank"
MSG_USERNAME_CHARS = "staff_username_chars"
MSG_USERNAME_LONG = "staff_username_long"
MSG_ROLE = "staff_role"
MSG_TABLES = "staff_tables"
MSG_TABLES_LONG = "staff_tables_long"
MSG_ORGANIZER_SELF = "staff_organizer_self"
MSG_FOREIGN_RENAME = "staff_foreign_rename"
MSG_BAD_ID = "staff_bad_id"
MSG_GONE = "staff_gone"
MSG_FOREIGN_PASSWORD = "staff_foreign_password"


@dataclass(frozen=True)
class StaffChange:
    """What a staff action did; ``password`` is set only when one was generated or set."""

    staff: Staff
    created: bool
    password: str | None


def new_password() -> str:
    """A random password of 12 characters that reads well aloud and passes the validators."""
    return secrets.token_urlsafe(9)


def check_username(username: str) -> str:
    username = (username or "").strip()
    if not username:
        raise Invalid(MSG_USERNAME_BLANK)
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError:
        raise Invalid(MSG_USERNAME_CHARS) from None
    if len(username) > 150:
        raise Invalid(MSG_USERNAME_LONG)
    return username


def check_role(role: str) -> str:
    if role not in dict(Staff.ROLE_CHOICES):
        raise Invalid(MSG_ROLE, role=role)
    return role


def check_tables(tables: str) -> str:
    tables = (tables or "").strip()
    try:
        parse_tables(tables)
    except ValueError:
        raise Invalid(MSG_TABLES) from None
    if len(tables) > 200:
        raise Invalid(MSG_TABLES_LONG)
    return tables


def is_managed(user: User, tournament: Tournament) -> bool:
    """True when the organizer of ``tournament`` may rename this account or reset it."""
    if user.is_superuser or user.is_staff or user.groups.filter(name=ORGANIZER_GROUP).exists():
        return False
    if Tournament.objects.filter(organizer=user).exists():
        return False
    other = Staff.objects.filter(user=user).exclude(tournament__organizer=tournament.organizer)
    return not other.exists()


def set_password(user: User, password: str) -> None:
    """Set a chosen password after Django's validators (the message says which rule)."""
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:  # Django's own texts, already in the active language
        raise FieldErrors.of_model(exc) from None
    user.set_password(password)


@transaction.atomic
def staff_add(
    *,
    tournament: Tournament,
    username: str,
    role: str,
    name: str = "",
    tables: str = "",
    password: str | None = None,
    by: Actor,
    actor: str = "",
) -> StaffChange:
    """Create the account (or attach an existing one) and give it ``role`` in ``tournament``.

    A new account gets ``password`` or a generated one, returned once. An existing
    account keeps its password and its own name: ``name`` is its display name in this
    event only, and may be given only for a managed account.
    """
    username, role, tables = check_username(username), check_role(role), check_tables(tables)
    name = (name or "").strip()[:NAME_MAX]
    account = User.objects.select_for_update().filter(username=username).first()
    if account is not None and tournament.organizer_id == account.pk:
        raise Refused(MSG_ORGANIZER_SELF)
    created, shown = account is None, None
    if account is None:
        account = User(username=username, first_name=name)
        shown = password or new_password()
        set_password(account, shown)
        account.save()
    elif name and name != display_name(account, tournament) and not is_managed(account, tournament):
        raise NotAllowed(MSG_FOREIGN_RENAME, u=username)
    defaults = {"role": role, "tables": tables}
    if name:
        defaults["name"] = name
    staff, _new = Staff.objects.update_or_create(
        tournament=tournament, user=account, defaults=defaults
    )
    shown_name = display_name(account, tournament)
    log_action(
        tournament=tournament,
        by=by,
        label=actor,
        action="staff.set",
        obj=staff,
        summary=Message(
            MSG_AUDIT_STAFF_NEW if created else MSG_AUDIT_STAFF,
            {"name": shown_name, "role": term(staff.get_role_display()), "u": username},
        ),
        after={"username": username, "name": shown_name, "role": role, "tables": tables},
    )
    public_changed(tournament)
    return StaffChange(staff, created, shown)


def staff_of(tournament: Tournament, staff_id) -> Staff:
    """The staff row named by a form's id: a clear message for anything but a known number."""
    text = str(staff_id or "").strip()
    if not (text.isascii() and text.isdigit() and len(text) < 12):
        raise Invalid(MSG_BAD_ID, id=text[:20])
    staff = Staff.objects.select_related("user").filter(tournament=tournament, pk=int(text)).first()
    if staff is None:
        raise Refused(MSG_GONE)
    return staff


@transaction.atomic
def staff_remove(*, tournament: Tournament, staff_id, by: Actor) -> Staff:
    """Take a role away (the account itself stays: it may serve in other events)."""
    staff = staff_of(tournament, staff_id)
    before = {"username": staff.user.username, "role": staff.role, "tables": staff.tables}
    staff.delete()
    log_action(
        tournament=tournament,
        by=by,
        action="staff.remove",
        summary=Message(MSG_AUDIT_STAFF_REMOVED, {"name": staff.name or display_name(staff.user)}),
        before=before,
    )
    public_changed(tournament)
    return staff


@transaction.atomic
def staff_reset_password(*, tournament: Tournament, staff_id, by: Actor) -> StaffChange:
    """Give a staff member a new generated password (returned once)."""
    staff = staff_of(tournament, staff_id)
    account = User.objects.select_for_update().get(pk=staff.user_id)
    if not is_managed(account, tournament):
        raise NotAllowed(MSG_FOREIGN_PASSWORD, u=account.username)
    password = new_password()
    account.set_password(password)
    account.save(update_fields=["password"])
    log_action(
        tournament=tournament,
        by=by,
        action="staff.password",
        obj=staff,
        summary=Message(MSG_AUDIT_PASSWORD_RESET, {"name": display_name(account, tournament)}),
    )
    public_changed(tournament)
    return StaffChange(staff, False, password)


@transaction.atomic
def organizer_add(
    username: str, *, name: str = "", password: str | None = None, admin: bool = False
) -> tuple[User, str | None]:
    """Create (or promote) an organizer account; with ``admin``, also the site's
    administrator (a superuser: every event, the admin site, the whole-database backups).

    Returns the account and the password generated for it (None when one was given or the
    account existed and keeps its password).
    """
    username = check_username(username)
    account = User.objects.select_for_update().filter(username=username).first()
    generated = None
    if account is None:
        account = User(username=username)
        if not password:
            password = generated = new_password()
    if name:
        account.first_name = name.strip()[:NAME_MAX]
    if password:
        set_password(account, password)
    if admin:
        account.is_staff = account.is_superuser = True
    account.save()
    account.groups.add(organizer_group())
    return account, generated


def organizer_group() -> Group:
    """The organizers' group (may create tournaments), created with its right when missing."""
    group, created = Group.objects.get_or_create(name=ORGANIZER_GROUP)
    if created or not group.permissions.exists():
        group.permissions.add(Permission.objects.get(codename="add_tournament"))
    return group


def ensure_user(username: str, *, organizer: bool = False) -> tuple[User, str | None]:
    """The account ``username`` as it is, or created with a generated password (an
    organizer's with the organizers' group): the demo's accounts (``load_demo``).
    Returns the user and, when it was just created, its generated password."""
    user = User.objects.filter(username=username).first()
    if user is not None:
        return user, None
    password = new_password()
    user = User.objects.create_user(username=username, password=password)
    if organizer:
        user.groups.add(organizer_group())
    return user, password
