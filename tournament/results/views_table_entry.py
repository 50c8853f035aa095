"""Result entry by the players of a table, through the table's secret link (no account).

Each table has two codes, one per side, each printed with that side's PIN on the side's own
slip (export ``side_slips``; the score sheet carries no code). One side enters, the other
confirms with its own code and its PIN (see :mod:`tournament.results.sides`). A code
reaches only its own table in its own round; a wrong code is a 404, like a table that does
not exist.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.core.actors import Actor, request_actor
from tournament.core.errors import ServiceError
from tournament.models import Round, Table
from tournament.results.services import confirm_result
from tournament.results.sides import SLIP_PARAM, printer_of, slip_cookie, slip_mark
from tournament.results.table_write import confirm_problem
from tournament.results.views import handle_result_post, posted_version, result_form
from tournament.results.views_offline import form_errors, from_outbox, refused
from tournament.results.views_scoresheet import scoresheet_api_response
from tournament.text.messages import render as render_message


def _cookie(table: Table) -> str:
    return f"gd_entry_{table.pk}"


def entered_as_other_side(request, table: Table, side: str) -> bool:
    """True when this phone entered the table's result through the other side's link: one
    phone may not both enter and confirm (the page shows no confirm button, the confirm
    POST is refused)."""
    entered_here = request.get_signed_cookie(_cookie(table), default="")
    return bool(entered_here) and entered_here != f"table_{side.lower()}"


# Shown on the page instead of the confirm button, and when the confirm POST is refused.
MSG_ONE_PHONE = "one_phone"  # message code: text in tournament/text/messages/people.py


def _side_for(table: Table, code: str) -> str:
    if secrets.compare_digest(table.ew_code, code):
        return "EW"
    if secrets.compare_digest(table.ns_code, code):
        return "NS"
    raise Http404


def load_table(slug: str, table_id: int, code: str) -> tuple[Table, str]:
    table = get_object_or_404(
        Table.objects.select_related("round__tournament", "ew__unit", "ns__unit"),
        pk=table_id,
        round__tournament__slug=slug,
    )
    side = _side_for(table, code)
    if not table.round.tournament.table_entry or table.round.status == Round.DRAFT or table.is_bye:
        raise Http404
    return table, side


def side_entry(request, slug, table_id, code):
    table, side = load_table(slug, table_id, code)
    source = f"table_{side.lower()}"
    if request.method == "POST":
        here = reverse("side_entry", args=[slug, table_id, code])
        by = side_actor(request, table, side)
        response, form, extra = handle_result_post(request, table, by=by, next_url=here)
        if response is not None:
            # Remember on this phone that it entered for this side: it may not confirm as the other.
            response.set_signed_cookie(_cookie(table), source, **phone_cookie())
            return response
        if from_outbox(request):
            return refused(request, form_errors(form), 409 if "current" in extra else 400)
    else:
        form, extra = result_form(request, table, player=True), {}
    response = render(
        request, "results/side_entry.html", _context(request, table, side, form, extra)
    )
    remember_printer(request, response, table, side)
    return response


def side_actor(request, table: Table, side: str) -> Actor:
    """The actor of a side's request: through its link, with its printed slip's mark."""
    return request_actor(request, f"table_{side.lower()}", slip=slip_mark(request, table))


def phone_cookie() -> dict:
    """How the cookies this page leaves on a player's phone are set: for the day (12 hours),
    out of the scripts' reach, and Secure under HTTPS."""
    return {
        "max_age": 12 * 3600,
        "httponly": True,
        "samesite": "Lax",
        "secure": settings.SESSION_COOKIE_SECURE,
    }


def remember_printer(request, response, table: Table, side: str) -> None:
    """Keep the slip's printer mark (its link's ``?p=``) for this phone's next requests:
    the audit of what it enters names who printed the slip. A GET writes no row for it."""
    mark = request.GET.get(SLIP_PARAM, "")
    if mark and printer_of(mark, table, side) is not None:
        response.set_cookie(slip_cookie(table), mark, **phone_cookie())


def _context(request, table: Table, side: str, form, extra: dict) -> dict:
    slug, source = table.round.tournament.slug, f"table_{side.lower()}"
    code = table.ew_code if side == "EW" else table.ns_code
    may_confirm = confirm_problem(table, request_actor(request, source)) is None
    other_phone = entered_as_other_side(request, table, side)
    return {
        "t": table.round.tournament,
        "m": table,
        "side": side,
        "form": form,
        "own_entry": table.entered_via == source,
        "can_confirm": may_confirm and not other_phone,
        # Where this phone could confirm but entered as the other side: why it may not.
        "one_phone_note": render_message(MSG_ONE_PHONE) if may_confirm and other_phone else "",
        "sheet_url": reverse("side_sheet", args=[slug, table.pk, code]),
        **extra,
    }


@require_POST
def side_confirm(request, slug, table_id, code):
    table, side = load_table(slug, table_id, code)
    if entered_as_other_side(request, table, side):
        messages.error(request, render_message(MSG_ONE_PHONE))
        return redirect("side_entry", slug=slug, table_id=table_id, code=code)
    try:
        confirm_result(
            table,
            version=posted_version(request),
            by=side_actor(request, table, side),
            pin=request.POST.get("pin", ""),
        )
        messages.success(request, _("成绩已确认，谢谢"))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("side_entry", slug=slug, table_id=table_id, code=code)


def side_sheet(request, slug, table_id, code):
    table, side = load_table(slug, table_id, code)
    api = reverse("side_sheet_api", args=[slug, table_id, code])
    back = reverse("side_entry", args=[slug, table_id, code])
    return render(
        request,
        "results/sheet.html",
        {"t": table.round.tournament, "m": table, "api": api, "back": back, "round": table.round},
    )


def side_sheet_api(request, slug, table_id, code):
    """A side's sheet: what it may change is checked by the service (deals won only)."""
    table, side = load_table(slug, table_id, code)
    return scoresheet_api_response(request, table, by=side_actor(request, table, side))
