"""Who may do what in a tournament. Every view checks here, on the server.

Roles, from most to least powerful in one tournament:
organizer (the owner, or a superuser) > chief referee (裁判长) > referee (裁判) > public.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404
from django.shortcuts import get_object_or_404

from tournament.core.prepared import Prepared
from tournament.models import Round, Staff, Tournament

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


STAFF_ROW = Prepared(
    lambda t, u: Staff.objects.filter(tournament=t, user=u).values_list("role", "tables"),
    int,
    int,
)


def _staff_row(user: User, tournament: Tournament) -> tuple[str | None, str]:
    """The user's staff role and assigned tables (text) in this tournament, read once per
    user object (a request, a command): a clerk's sheet checks them for every table."""
    cache = getattr(user, "_tournament_roles", None)
    if cache is None:
        cache = user._tournament_roles = {}
    if tournament.pk not in cache:
        cache[tournament.pk] = STAFF_ROW.one(tournament.pk, user.pk) or (None, "")
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
    numbers: set[int] = set()
    for part in text.split(","):
        if not part:
            continue
        low, _, high = part.partition("-")
        first, last = int(low), int(high or low)
        if first < 1 or last < first or last - first > 5000:
            raise ValueError(part)
        numbers.update(range(first, last + 1))
    return numbers


def referee_tables(user, tournament: Tournament) -> set[int] | None:
    """The tables a referee is assigned to, or None when they may enter every table."""
    if role_of(user, tournament) != REFEREE:
        return None
    return parse_tables(_staff_row(user, tournament)[1] or "")


def can_create_tournament(user) -> bool:
    return user.is_authenticated and user.has_perm("tournament.add_tournament")


def may_manage_people(user) -> bool:
    """Who may see and change the players across events (选手档案, tournament.people): their
    phones, merges and hidden flags. The association's organizers, the accounts that may
    create events (and superusers); never an event's referees as such."""
    return can_create_tournament(user)


def sees_hidden_people(user) -> bool:
    """Who sees a hidden player's public page (不在公开页面显示): those of
    :func:`may_manage_people`; the public get a 404."""
    return may_manage_people(user)


def visible_tournaments(user):
    """Tournaments the user works on (all of them for a superuser)."""
    qs = Tournament.objects.select_related("organizer")
    if user.is_superuser:
        return qs
    if not user.is_authenticated:
        return qs.none()
    return qs.filter(organizer=user) | qs.filter(staff__user=user)


def may_see_results(tournament: Tournament, status: str, *, staff: bool) -> bool:
    """The one rule of who sees a round's results (scores, the standings after it), given
    the round's ``status``: the event's staff (referee and up) every round that is paired,
    not a draft; the public a locked round only, once the event publishes its standings.
    The public pages, the pairings, the standings and the API all ask it."""
    return (staff or tournament.publish_standings) and results_counted(status, staff=staff)


def results_counted(status: str, *, staff: bool) -> bool:
    """The round half of :func:`may_see_results`: the rounds whose results count on a page
    for staff (every paired round) or for the public (locked rounds). The standings count
    these; a page for the public is shown at all only once the standings are published."""
    return status != Round.DRAFT if staff else status == Round.LOCKED


def is_staff_viewer(request, tournament: Tournament) -> bool:
    """True for the event's staff (referee and up): they see drafts and unpublished pages
    (the ``staff`` of :func:`may_see_results`)."""
    return has_role(request.user, tournament, REFEREE)


def visible_round(request, tournament: Tournament, number) -> Round:
    """The round's pairings as this viewer may see them: staff every round, the public a
    published round once the event publishes its pairings (else 404). Asked by the public
    pages and the projector (rounds)."""
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if not is_staff_viewer(request, tournament) and (
        round_.status == Round.DRAFT or not tournament.publish_pairings
    ):
        raise Http404
    return round_


def visible_round_numbers(request, tournament: Tournament) -> list[int]:
    """The rounds whose pairings this viewer may see (none before pairings are published)."""
    rounds = tournament.round_set.exclude(status=Round.DRAFT)
    if not is_staff_viewer(request, tournament) and not tournament.publish_pairings:
        return []
    return list(rounds.values_list("number", flat=True))
