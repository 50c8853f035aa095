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
from tournament.models import Match, Round
from tournament.results.services import confirm_result
from tournament.results.sides import SLIP_PARAM, printer_of, slip_cookie, slip_mark
from tournament.results.table_write import confirm_problem
from tournament.results.views import handle_result_post, posted_version, result_form
from tournament.results.views_offline import form_errors, from_outbox, refused
from tournament.results.views_scoresheet import scoresheet_api_response
from tournament.text.messages import render as render_message


def _cookie(match: Match) -> str:
    return f"gd_entry_{match.pk}"


def entered_as_other_side(request, match: Match, side: str) -> bool:
    """True when this phone entered the table's result through the other side's link: one
    phone may not both enter and confirm (the page shows no confirm button, the confirm
    POST is refused)."""
    entered_here = request.get_signed_cookie(_cookie(match), default="")
    return bool(entered_here) and entered_here != f"table_{side.lower()}"


# Shown on the page instead of the confirm button, and when the confirm POST is refused.
MSG_ONE_PHONE = "one_phone"  # message code: text in tournament/text/messages/people.py


def _side_for(match: Match, code: str) -> str:
    if secrets.compare_digest(match.ew_code, code):
        return "EW"
    if secrets.compare_digest(match.ns_code, code):
        return "NS"
    raise Http404


def load_table(slug: str, match_id: int, code: str) -> tuple[Match, str]:
    match = get_object_or_404(
        Match.objects.select_related("round__tournament", "ew__unit", "ns__unit"),
        pk=match_id,
        round__tournament__slug=slug,
    )
    side = _side_for(match, code)
    if not match.round.tournament.table_entry or match.round.status == Round.DRAFT or match.is_bye:
        raise Http404
    return match, side


def side_entry(request, slug, match_id, code):
    match, side = load_table(slug, match_id, code)
    source = f"table_{side.lower()}"
    if request.method == "POST":
        here = reverse("table_entry", args=[slug, match_id, code])
        by = side_actor(request, match, side)
        response, form, extra = handle_result_post(request, match, by=by, next_url=here)
        if response is not None:
            # Remember on this phone that it entered for this side: it may not confirm as the other.
            response.set_signed_cookie(_cookie(match), source, **phone_cookie())
            return response
        if from_outbox(request):
            return refused(request, form_errors(form), 409 if "current" in extra else 400)
    else:
        form, extra = result_form(request, match, player=True), {}
    response = render(
        request, "results/table_entry.html", _context(request, match, side, form, extra)
    )
    remember_printer(request, response, match, side)
    return response


def side_actor(request, match: Match, side: str) -> Actor:
    """The actor of a side's request: through its link, with its printed slip's mark."""
    return request_actor(request, f"table_{side.lower()}", slip=slip_mark(request, match))


def phone_cookie() -> dict:
    """How the cookies this page leaves on a player's phone are set: for the day (12 hours),
    out of the scripts' reach, and Secure under HTTPS."""
    return {
        "max_age": 12 * 3600,
        "httponly": True,
        "samesite": "Lax",
        "secure": settings.SESSION_COOKIE_SECURE,
    }


def remember_printer(request, response, match: Match, side: str) -> None:
    """Keep the slip's printer mark (its link's ``?p=``) for this phone's next requests:
    the audit of what it enters names who printed the slip. A GET writes no row for it."""
    mark = request.GET.get(SLIP_PARAM, "")
    if mark and printer_of(mark, match, side) is not None:
        response.set_cookie(slip_cookie(match), mark, **phone_cookie())


def _context(request, match: Match, side: str, form, extra: dict) -> dict:
    slug, source = match.round.tournament.slug, f"table_{side.lower()}"
    code = match.ew_code if side == "EW" else match.ns_code
    may_confirm = confirm_problem(match, request_actor(request, source)) is None
    other_phone = entered_as_other_side(request, match, side)
    return {
        "t": match.round.tournament,
        "m": match,
        "side": side,
        "form": form,
        "own_entry": match.entered_via == source,
        "can_confirm": may_confirm and not other_phone,
        # Where this phone could confirm but entered as the other side: why it may not.
        "one_phone_note": render_message(MSG_ONE_PHONE) if may_confirm and other_phone else "",
        "sheet_url": reverse("table_sheet", args=[slug, match.pk, code]),
        **extra,
    }


@require_POST
def side_confirm(request, slug, match_id, code):
    match, side = load_table(slug, match_id, code)
    if entered_as_other_side(request, match, side):
        messages.error(request, render_message(MSG_ONE_PHONE))
        return redirect("table_entry", slug=slug, match_id=match_id, code=code)
    try:
        confirm_result(
            match,
            version=posted_version(request),
            by=side_actor(request, match, side),
            pin=request.POST.get("pin", ""),
        )
        messages.success(request, _("成绩已确认，谢谢"))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("table_entry", slug=slug, match_id=match_id, code=code)


def side_sheet(request, slug, match_id, code):
    match, side = load_table(slug, match_id, code)
    api = reverse("table_sheet_api", args=[slug, match_id, code])
    back = reverse("table_entry", args=[slug, match_id, code])
    return render(
        request,
        "results/sheet.html",
        {"t": match.round.tournament, "m": match, "api": api, "back": back, "round": match.round},
    )


def side_sheet_api(request, slug, match_id, code):
    """A side's sheet: what it may change is checked by the service (deals won only)."""
    match, side = load_table(slug, match_id, code)
    return scoresheet_api_response(request, match, by=side_actor(request, match, side))
