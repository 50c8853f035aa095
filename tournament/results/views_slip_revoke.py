"""Revoking a side's player slip from the table's page (the slips themselves are printed
through the export page, cut to the referee's tables: tournament/printing/slips.py)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import REFEREE
from tournament.core.view_helpers import load_tournament
from tournament.results.slips import revoke_slip
from tournament.results.views import get_table


@require_POST
def table_revoke_slip(request, slug, number, table_no):
    """A side's slip lost or seen: that side gets a new link and PIN; reprint its slips."""
    tournament = load_tournament(request, slug, REFEREE)
    table = get_table(tournament, number, table_no)
    side = request.POST.get("side", "")
    try:
        revoke_slip(table, side, by=request_actor(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        name = _("东西方") if side == "EW" else _("南北方")
        messages.success(
            request,
            _("第%(table)s台%(side)s的旧纸条已作废，请重新打印本台纸条")
            % {"table": table_no, "side": name},
        )
    return redirect("table_entry", slug=slug, number=number, table_no=table_no)
