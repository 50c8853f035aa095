"""The public sign-up pages (报名): the form, and each pair's private status page.

The private page is reached by the pair's link (a random token, like the table links): it
shows the state, the place on the waiting list, the fee and the organizer's payment QR, the
link's own QR, and lets the pair edit (until the deadline) or withdraw.
"""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.core.actors import Actor, request_actor, site_of
from tournament.core.errors import ServiceError
from tournament.core.view_helpers import form_error, load_tournament
from tournament.models import CheckIn, Pair, Round, SignUp, SignUpConfig, Table
from tournament.signup.checkin import checkin_url
from tournament.signup.forms import form_for_signup, signup_form
from tournament.signup.mail import confirm_code, status_link
from tournament.signup.services import (
    PAIR_PATH,
    config_of,
    is_open,
    pair_data,
    signup_confirm_email,
    signup_edit,
    signup_submit,
    signup_withdraw,
)


def qr_svg(text: str, scale: int = 6) -> str:
    """An SVG QR code of ``text`` (quiet zone of 4 modules), one path, crisp when scaled."""
    # Imported here: core.qr brings qrcode and reportlab, which a worker serving no QR
    # code need not hold.
    from tournament.core.qr import matrix

    rows = matrix(text)
    size = len(rows) + 8
    cells = "".join(
        f"M{x + 4} {y + 4}h1v1h-1z"
        for y, row in enumerate(rows)
        for x, dark in enumerate(row)
        if dark
    )
    px = size * scale
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{px}" '
        f'height="{px}" shape-rendering="crispEdges"><rect width="{size}" height="{size}" '
        f'fill="#fff"/><path d="{cells}" fill="#000"/></svg>'
    )


def my_table(pair: Pair | None) -> Table | None:
    """The pair's table in the latest published round (None before any)."""
    if pair is None:
        return None
    rows = Table.objects.filter(Q(ew=pair) | Q(ns=pair), round__tournament_id=pair.tournament_id)
    rows = rows.exclude(round__status=Round.DRAFT).select_related("round", "ew", "ns")
    return rows.order_by("-round__number").first()


def _checkin_context(signup: SignUp, request) -> dict:
    pair = signup.pair if signup.pair_id else None
    if pair is None or pair.status != Pair.ACTIVE or signup.tournament.is_team_event:
        return {}  # a team's pairs check in at the desk (issue 44: one code per pair to come)
    # A player of an individual event finds their table on find-my-table (partners rotate).
    table = None if signup.tournament.is_individual_event else my_table(pair)
    return {
        "checkin_qr": qr_svg(checkin_url(pair, request)),
        "checked_in": CheckIn.objects.filter(pair=pair).first(),
        "match": table,
        "side": ("EW" if table.ew_id == pair.pk else "NS") if table else "",
        "team": pair,
    }


@require_http_methods(["GET", "POST"])
def signup_page(request, slug):
    tournament = load_tournament(request, slug, None)
    config = config_of(tournament)
    if request.POST.get("another"):
        # 换一题: the same form again with what was typed, a new question, no errors shown.
        form = signup_form(tournament, public=True)(initial=request.POST.dict())
    else:
        form = signup_form(tournament, public=True)(request.POST or None)
    if form.is_bound and form.is_valid():
        try:
            signup = signup_submit(
                tournament=tournament,
                data=form.entry_data(),
                emails=form.emails(),
                by=pair_actor(request),
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            return redirect("signup_status", slug=slug, token=signup.token)
    context = {"t": tournament, "config": config, "open": is_open(config), "form": form}
    return render(request, "signup/signup_form.html", context)


@require_http_methods(["GET", "POST"])
def signup_confirm(request, slug, token, code):
    """The link mailed to player 1: a page with one button (a GET changes nothing, so a
    mail scanner opening the link confirms nothing); the button confirms the address."""
    tournament, signup = _load(request, slug, token)
    if not secrets.compare_digest(code, confirm_code(signup)):
        raise Http404
    if request.method == "POST":
        try:
            signup_confirm_email(signup=signup, code=code, by=pair_actor(request))
        except ServiceError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("邮箱已确认，报名已提交"))
        return redirect("signup_status", slug=slug, token=token)
    context = {"t": tournament, "s": signup, "waiting": signup.state == SignUp.UNCONFIRMED}
    return render(request, "signup/signup_confirm.html", context)


def pair_actor(request) -> Actor:
    """A pair acting on its own application through the public page (the links of its mails
    absolute, with the address it came through)."""
    return request_actor(request, PAIR_PATH, site=site_of(request))


def _load(request, slug, token) -> tuple:
    tournament = load_tournament(request, slug, None)
    signup = get_object_or_404(SignUp, tournament=tournament, token=token)
    return tournament, signup


def waiting_place(signup: SignUp) -> int | None:
    """The pair's place on the waiting list (1 = next to move up)."""
    if signup.state != SignUp.WAITING:
        return None
    ahead = SignUp.objects.filter(
        tournament=signup.tournament, state=SignUp.WAITING, seq__lt=signup.seq
    )
    return ahead.count() + 1


@require_http_methods(["GET", "POST"])
def signup_status(request, slug, token):
    tournament, signup = _load(request, slug, token)
    config = config_of(tournament)
    form = form_for_signup(signup, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            by = pair_actor(request)
            signup_edit(signup=signup, data=form.entry_data(), emails=form.emails(), by=by)
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已保存修改"))
            return redirect("signup_status", slug=slug, token=token)
    # A pair withdrawn or disqualified from the registration list is over here too.
    out = signup.pair if signup.pair_id and signup.pair.status != Pair.ACTIVE else None
    live = signup.state not in (SignUp.REJECTED, SignUp.WITHDRAWN) and out is None
    context = {
        "t": tournament,
        "config": config,
        "s": signup,
        "form": form,
        "data": pair_data(signup),
        "can_edit": live and is_open(config),
        "live": live,
        "waiting_place": waiting_place(signup),
        "link": status_link(signup, site_of(request)),
        "qr": qr_svg(status_link(signup, site_of(request))),
        "show_fee": config.fee > 0 and live,
        "out": out,
    } | _checkin_context(signup, request)
    return render(request, "signup/signup_status.html", context)


@require_POST
def signup_withdraw_view(request, slug, token):
    _tournament, signup = _load(request, slug, token)
    try:
        signup_withdraw(signup=signup, by=pair_actor(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("已退出报名"))
    return redirect("signup_status", slug=slug, token=token)


def payment_qr(request, slug):
    """The organizer's payment QR image (re-encoded PNG), shown to the pairs."""
    tournament = load_tournament(request, slug, None)
    config = SignUpConfig.objects.filter(tournament=tournament).first()
    if config is None or not config.payment_qr:
        raise Http404
    response = HttpResponse(bytes(config.payment_qr), content_type="image/png")
    response["X-Content-Type-Options"] = "nosniff"
    return response
