"""How an account is named (score sheets, the audit log) and the organizers' group's name.

Accounts are created and changed by the services of :mod:`tournament.events.staff` only.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

ORGANIZER_GROUP = "organizers"


def display_name(user, tournament=None) -> str:
    """The name shown on score sheets and in the audit log: the display name (姓名, kept in
    ``first_name``) when one is set, else the username. Empty for no user. With a
    ``tournament``, the name given in that event's staff list (``Staff.name``) comes first.

    >>> from django.contrib.auth.models import User
    >>> display_name(User(username="ref1", first_name="王明"))
    '王明'
    >>> display_name(User(username="ref1"))
    'ref1'
    """
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    if tournament is not None and user.pk is not None:
        from tournament.models import Staff

        own = Staff.objects.filter(tournament=tournament, user=user).values_list("name", flat=True)
        name = (own.first() or "").strip()
        if name:
            return name
    return (user.first_name or "").strip() or user.get_username()


def actor_label(user, tournament=None) -> str:
    """How the audit log names a user: "王明（ref1）", or the username alone (the name of
    ``tournament``'s staff list when given: :func:`display_name`)."""
    name = display_name(user, tournament)
    username = user.get_username() if name else ""
    return (
        name
        if name == username
        else _("%(name)s（%(username)s）") % {"name": name, "username": username}
    )
