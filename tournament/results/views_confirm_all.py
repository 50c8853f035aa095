"""Round control's 确认全部 button: every entered table of the round confirmed at once.

Its address is round control's ``action/confirm_all/`` (the ``round_action`` URL with that
action, the one the button's template names), routed here by :mod:`tournament.results.urls`,
which comes before the rounds' routes: the rounds package does not import results
(.importlinter, the layers)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.core.errors import ServiceError
from tournament.core.rights import REFEREE
from tournament.core.view_helpers import load_tournament
from tournament.models import Round
from tournament.results.confirm_all import confirm_all_entered
from tournament.rounds.actions import unconfirmed_text


@require_POST
def confirm_all(request, slug, number):
    tournament = load_tournament(request, slug, REFEREE)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament  # already loaded: spare the query of the relation
    try:
        n = confirm_all_entered(round_, user=request.user, request=request)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("已确认%(n)s台成绩") % {"n": n})
        left = unconfirmed_text(round_)  # the tables still open, and why
        if left:
            messages.warning(request, left)
    return redirect("round_control", slug=slug, number=number)
