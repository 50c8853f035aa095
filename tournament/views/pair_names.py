"""The pairs offered as the organizer types a pair's draw number or name, in the forms that
name one pair (回避, 指定抽签号): ``static/js/pair-suggest.js`` asks ``?q=`` and fills the
form's list of names. Those forms take the typed text on their own as well
(:func:`tournament.team_search.named_pair`); this only saves typing a whole name.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.models import Team
from tournament.permissions import ORGANIZER
from tournament.team_search import SUGGESTIONS, clean, matching
from tournament.views.common import load_tournament


@require_GET
def pair_names(request, slug):
    """``{"pairs": [{"name", "label"}]}``: the pair with the typed draw number first, then
    the pairs matching the text by name, at most :data:`SUGGESTIONS`."""
    tournament = load_tournament(request, slug, ORGANIZER)
    query = clean(request.GET.get("q"))
    teams = Team.objects.filter(tournament=tournament).select_related("unit")
    found = list(matching(teams, query).order_by("name_pinyin")[:SUGGESTIONS]) if query else []
    if query.isdigit():
        by_number = teams.filter(draw_number=int(query)).first()
        if by_number is not None:
            found = [by_number] + [team for team in found if team.pk != by_number.pk]
    return JsonResponse(
        {"pairs": [{"name": team.name, "label": label(team)} for team in found[:SUGGESTIONS]]}
    )


def label(team: Team) -> str:
    """How a suggestion shows a pair: its draw number (once drawn) and name with its unit."""
    if team.draw_number is None:
        return team.with_unit()
    return f"{_('%(n)s号') % {'n': team.draw_number}} {team.with_unit()}"
