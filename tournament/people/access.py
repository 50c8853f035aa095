"""The one door of the people pages (选手档案): every organizer's page of this package asks
:func:`people_organizer`; the rule itself is :func:`tournament.core.rights.may_manage_people`."""

from __future__ import annotations

from django.http import Http404

from tournament.core.middleware import LoginRequired
from tournament.core.rights import may_manage_people


def people_organizer(request) -> None:
    """Let an organizer through; send the anonymous to log in, turn anyone else away (404)."""
    if not request.user.is_authenticated:
        raise LoginRequired
    if not may_manage_people(request.user):
        raise Http404
