"""The pairs offered as the organizer types a pair's draw number or name, in the forms that
name one pair (回避, 指定抽签号): ``static/js/pair-suggest.js`` asks ``?q=`` and fills the
form's list of names. Those forms take the typed text on their own as well
(:func:`tournament.registration.search.named_pair`); this only saves typing a whole name.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import load_tournament
from tournament.models import Pair
from tournament.registration.search import offered


@require_GET
def pair_names(request, slug):
    """``{"pairs": [{"name", "label"}]}``: the pair with the typed draw number first, then
    the pairs matching the text by name (:func:`tournament.registration.search.offered`)."""
    tournament = load_tournament(request, slug, ORGANIZER)
    found = offered(tournament, request.GET.get("q"))
    return JsonResponse({"pairs": [{"name": pair.name, "label": label(pair)} for pair in found]})


def label(pair: Pair) -> str:
    """How a suggestion shows a pair: its draw number (once drawn) and name with its unit."""
    if pair.draw_number is None:
        return pair.with_unit()
    return f"{_('%(n)s号') % {'n': pair.draw_number}} {pair.with_unit()}"
