"""At the table: the referee records the time a table passed A (places by finishing time).

In a stage placed by finishing time (docs/rules.md §5.5) the time each table passes A decides
the places; the referee at the table records it from the entry page, "now" by default.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import REFEREE
from tournament.core.view_helpers import load_tournament
from tournament.results.places import parse_time, record_passed_at
from tournament.results.views import get_table


@require_POST
def table_passed_at(request, slug, number, table_no):
    tournament = load_tournament(request, slug, REFEREE)
    table = get_table(tournament, number, table_no)
    try:
        value = parse_time(request.POST.get("passed_at", ""))
        if value is None:
            value = timezone.localtime().time().replace(second=0, microsecond=0)
        record_passed_at(table, value, by=request_actor(request))
        text = value.strftime("%H:%M")
        messages.success(
            request, _("第%(n)s台过A时间已记录：%(time)s") % {"n": table_no, "time": text}
        )
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("table_entry", slug=slug, number=number, table_no=table_no)
