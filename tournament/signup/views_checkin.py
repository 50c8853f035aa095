"""Check-in pages (检录): the staff's desk (scan or type), the board, the QR's own URL, and
the organizer's list of missing pairs before pairing a round."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.core.actors import request_actor
from tournament.core.errors import Invalid, ServiceError
from tournament.core.rights import ORGANIZER, REFEREE
from tournament.core.view_helpers import load_tournament
from tournament.models import CheckIn, Pair
from tournament.signup.checkin import (
    MSG_NOT_FOUND,
    board,
    board_counts,
    check_in,
    entries,
    find_pairs,
    mark_missing,
    missing_pairs,
    pair_for_code,
    undo_check_in,
)
from tournament.standings.selectors import next_round_number

DESK_BOARD_MAX = 300  # active pairs: the most whose board the desk page shows below it


def _report(request, pair: Pair, created: bool) -> None:
    if created:
        messages.success(request, _("已检录：%(name)s") % {"name": pair.name})
    else:
        messages.info(request, _("%(name)s 之前已检录") % {"name": pair.name})


def _desk_post(request, tournament) -> list[Pair]:
    """Handle one desk action; returns the choices when a typed query matched several."""
    post = request.POST
    if "code" in post:
        pair = pair_for_code(tournament, post["code"])
        _report(
            request,
            pair,
            check_in(pair=pair, method=CheckIn.SCAN, by=request_actor(request))[1],
        )
        return []
    if "undo" in post:
        pair = get_object_or_404(Pair, tournament=tournament, pk=_int(post["undo"]))
        undo_check_in(pair=pair, by=request_actor(request))
        messages.info(request, _("已撤销检录：%(name)s") % {"name": pair.name})
        return []
    if "team" in post:
        found = [get_object_or_404(entries(tournament), pk=_int(post["team"]))]
    else:
        found = find_pairs(tournament, post.get("q", ""))
    if not found:
        raise Invalid(MSG_NOT_FOUND)
    if len(found) > 1:
        return found
    _report(
        request,
        found[0],
        check_in(pair=found[0], method=CheckIn.TYPED, by=request_actor(request))[1],
    )
    return []


def _int(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 10 else 0


@require_http_methods(["GET", "POST"])
def checkin_desk(request, slug):
    tournament = load_tournament(request, slug, REFEREE)
    choices: list[Pair] = []
    if request.method == "POST":
        try:
            choices = _desk_post(request, tournament)
        except ServiceError as exc:
            messages.error(request, str(exc))
        if not choices:
            return redirect("checkin_desk", slug=slug)
    counts = board_counts(tournament)
    context = {
        "t": tournament,
        # The board below the desk, for a field a phone shows at once; a bigger one's desk
        # keeps the totals line and links to the board (5,000 pairs: 335 KB a check-in).
        "board": board(tournament) if sum(counts) <= DESK_BOARD_MAX else None,
        "counts": counts,
        "choices": choices,
        "q": request.POST.get("q", ""),
    }
    return render(request, "signup/checkin_desk.html", context)


def checkin_board(request, slug):
    """The board alone, for a screen at the desk (reloads itself)."""
    tournament = load_tournament(request, slug, REFEREE)
    context = {"t": tournament, "board": board(tournament), "counts": board_counts(tournament)}
    return render(request, "signup/checkin_board.html", context)


@require_http_methods(["GET", "POST"])
def checkin_scan(request, slug, code):
    """The URL in a pair's check-in QR: a staff member's phone camera app opens it."""
    tournament = load_tournament(request, slug, REFEREE)
    try:
        pair = pair_for_code(tournament, code)
    except ServiceError:
        pair = None
    if request.method == "POST" and pair is not None:
        try:
            _report(
                request,
                pair,
                check_in(pair=pair, method=CheckIn.SCAN, by=request_actor(request))[1],
            )
        except ServiceError as exc:
            messages.error(request, str(exc))
        return redirect("checkin_desk", slug=slug)
    return render(request, "signup/checkin_scan.html", {"t": tournament, "team": pair})


@require_http_methods(["GET", "POST"])
def checkin_missing(request, slug):
    """Before pairing: the pairs not checked in, marked absent or withdrawn in one action."""
    tournament = load_tournament(request, slug, ORGANIZER)
    number = next_round_number(tournament)
    if request.method == "POST":
        ids = [_int(v) for v in request.POST.getlist("team")]
        try:
            pairs = mark_missing(
                tournament=tournament,
                action=request.POST.get("action", ""),
                round_number=number,
                pair_ids=ids,
                by=request_actor(request),
            )
        except ServiceError as exc:
            messages.error(request, str(exc))
        else:
            done = _("已处理 %(n)s 个未检录组合")
            if tournament.is_individual_event:
                done = _("已处理 %(n)s 名未检录选手")
            messages.success(request, done % {"n": len(pairs)})
        return redirect("checkin_missing", slug=slug)
    context = {"t": tournament, "missing": missing_pairs(tournament), "number": number}
    return render(request, "signup/checkin_missing.html", context)
