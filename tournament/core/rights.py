"""Who may do what in a tournament. Every view checks here, on the server.

Roles, from most to least powerful in one tournament:
organizer (the owner, or a superuser) > chief referee (裁判长) > referee (裁判) > public.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

from tournament.models import Staff, Tournament

ORGANIZER = "organizer"
CHIEF_REFEREE = Staff.CHIEF_REFEREE
REFEREE = Staff.REFEREE
ROLE_RANK = {None: 0, REFEREE: 1, CHIEF_REFEREE: 2, ORGANIZER: 3}


def role_of(user: User | AnonymousUser, tournament: Tournament) -> str | None:
    """The user's role in this tournament, or None for the public."""
    if user is None or not user.is_authenticated:
        return None
    if user.is_superuser or tournament.organizer_id == user.pk:
        return ORGANIZER
    return _staff_row(user, tournament)[0]


def _staff_row(user: User, tournament: Tournament) -> tuple[str | None, str]:
    """The user's staff role and assigned tables (text) in this tournament, read once per
    user object (a request, a command): a clerk's sheet checks them for every table."""
    cache = getattr(user, "_tournament_roles", None)
    if cache is None:
        cache = user._tournament_roles = {}
    if tournament.pk not in cache:
        row = Staff.objects.filter(tournament=tournament, user=user).values_list("role", "tables")
        cache[tournament.pk] = row.first() or (None, "")
    return cache[tournament.pk]


def has_role(user, tournament: Tournament, needed: str) -> bool:
    """True when the user's role is ``needed`` or above."""
    return ROLE_RANK[role_of(user, tournament)] >= ROLE_RANK[needed]


def parse_tables(text: str) -> set[int] | None:
    """``"1-10,15"`` → {1, …, 10, 15}; empty text → None (every table). Raises ValueError.

    >>> sorted(parse_tables("3-5，9"))
    [3, 4, 5, 9]
    """
    text = (text or "").replace("，", ",").replace("、", ",").replace(" ", "")
    if not text:
        return None
    tables: set[int] = set()
    for part in text.split(","):
        if not part:
            continue
        low, _, high = part.partition("-")
        first, last = int(low), int(high or low)
        if first < 1 or last < first or last - first > 5000:
            raise ValueError(part)
        tables.update(range(first, last + 1))
    return tables


def referee_tables(user, tournament: Tournament) -> set[int] | None:
    """The tables a referee is assigned to, or None when they may enter every table."""
    if role_of(user, tournament) != REFEREE:
        return None
    return parse_tables(_staff_row(user, tournament)[1] or "")


def can_create_tournament(user) -> bool:
    return user.is_authenticated and user.has_perm("tournament.add_tournament")


def visible_tournaments(user):
    """Tournaments the user works on (all of them for a superuser)."""
    qs = Tournament.objects.select_related("organizer")
    if user.is_superuser:
        return qs
    if not user.is_authenticated:
        return qs.none()
    return qs.filter(organizer=user) | qs.filter(staff__user=user)
