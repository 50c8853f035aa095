"""Which rounds a viewer may see: staff see drafts and unpublished pairings, the public only
what the organizer published. Asked by the public pages and the projector (rounds)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournament.core.rights import REFEREE, has_role
from tournament.models import Round


def is_staff_viewer(request, tournament) -> bool:
    """True for the event's staff (referee and up): they see drafts and unpublished pages."""
    return has_role(request.user, tournament, REFEREE)


def visible_round(request, tournament, number) -> Round:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if not is_staff_viewer(request, tournament) and (
        round_.status == Round.DRAFT or not tournament.publish_pairings
    ):
        raise Http404(_("本轮对阵尚未公布"))
    return round_


def visible_round_numbers(request, tournament) -> list[int]:
    """The rounds whose pairings this viewer may see (none before pairings are published)."""
    rounds = tournament.round_set.exclude(status=Round.DRAFT)
    if not is_staff_viewer(request, tournament) and not tournament.publish_pairings:
        return []
    return list(rounds.values_list("number", flat=True))
