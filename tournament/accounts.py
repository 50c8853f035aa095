"""Creating the accounts an event needs: organizers may create tournaments."""

from __future__ import annotations

import secrets

from django.contrib.auth.models import Group, Permission, User

ORGANIZER_GROUP = "organizers"


def organizer_group() -> Group:
    group, created = Group.objects.get_or_create(name=ORGANIZER_GROUP)
    if created or not group.permissions.exists():
        group.permissions.add(Permission.objects.get(codename="add_tournament"))
    return group


def ensure_user(username: str, *, organizer: bool = False) -> tuple[User, str | None]:
    """Return the user and, when it was just created, its generated password."""
    user = User.objects.filter(username=username).first()
    if user is not None:
        return user, None
    password = secrets.token_urlsafe(9)
    user = User.objects.create_user(username=username, password=password)
    if organizer:
        user.groups.add(organizer_group())
    return user, password
