"""The organizer's sign-up page: settings, fee totals, and each application's actions."""

from __future__ import annotations

from dataclasses import fields

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.core.actors import Actor, request_actor, site_of
from tournament.core.errors import Invalid, ServiceError
from tournament.core.params import positive_int
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import (
    MSG_UNKNOWN_ACTION,
    back_to_list,
    form_error,
    load_tournament,
)
from tournament.models import SignUp
from tournament.registration.services import PairData
from tournament.signup.bulk import busiest_addresses, busiest_hours, parse_hour, signup_reject_many
from tournament.signup.fees import fee_mark, fee_totals, save_config
from tournament.signup.forms import RejectForm, SignUpConfigForm, form_for_signup
from tournament.signup.services import (
    config_of,
    event_started,
    places_taken,
    signup_approve,
    signup_edit,
    signup_reject,
    signup_withdraw,
)
from tournament.spreadsheets.uploads import read_upload


def organizer_actor(request) -> Actor:
    """The organizer acting on the applications (the links of the mails absolute)."""
    return request_actor(request, site=site_of(request))


def _config_fields(form: SignUpConfigForm) -> dict:
    return {key: form.cleaned_data[key] for key in SignUpConfigForm.Meta.fields}


@require_http_methods(["GET", "POST"])
def signup_admin(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    config = config_of(tournament)
    form = SignUpConfigForm(request.POST or None, request.FILES or None, instance=config)
    if request.method != "POST":
        form = SignUpConfigForm(instance=config)
    elif form.is_valid():
        upload = form.cleaned_data.get("payment_qr_file")
        qr = (
            b"" if form.cleaned_data.get("remove_qr") else (read_upload(upload) if upload else None)
        )
        try:
            config = save_config(
                tournament=tournament,
                fields=_config_fields(form),
                qr=qr,
                by=organizer_actor(request),
            )
        except ServiceError as exc:
            form.add_error("payment_qr_file", str(exc))
        else:
            messages.success(request, _("已保存报名设置"))
            return redirect("signup_admin", slug=slug)
    context = {
        "t": tournament,
        "config": config,
        "form": form,
        **_listed(request, tournament),
        "totals": fee_totals(tournament, config.fee),
        "taken": places_taken(tournament),
        "held": SignUp.objects.filter(tournament=tournament, state=SignUp.HELD).count(),
        "fee_choices": SignUp.FEE_CHOICES,
        "reject_form": RejectForm(),
        "running": event_started(tournament),
        "busy_addresses": busiest_addresses(tournament),
        "busy_hours": busiest_hours(tournament),
    }
    return render(request, "signup/signup_admin.html", context)


SIGNUP_PAGE = 50  # applications a page: a 万人 event's 5,000 were one page of 5.6 MB
# An application's data is a TeamData: its texts (names, unit, phones) are searched.
SEARCHED = (*(f.name for f in fields(PairData) if f.type == "str"), "phone")  # and a player's


def _listed(request, tournament) -> dict:
    """The applications shown: a state (every state by default), a search of the pair's
    name, unit, players or phones, a page; and how many there are in each state."""
    signups = SignUp.objects.filter(tournament=tournament)
    counts = dict(signups.order_by().values_list("state").annotate(n=Count("id")))
    state = request.GET.get("state", "")
    if state in dict(SignUp.STATE_CHOICES):
        signups = signups.filter(state=state)
    else:
        state = ""
    q = request.GET.get("q", "").strip()[:50]
    if q:
        found = Q()
        for key in SEARCHED:
            found |= Q(**{f"data__{key}__icontains": q})
        signups = signups.filter(found)
    page = Paginator(signups.select_related("fee_marked_by").order_by("seq"), SIGNUP_PAGE)
    return {
        "page": page.get_page(positive_int(request.GET.get("page")) or 1),
        "state": state,
        "q": q,
        "state_counts": [(key, label, counts.get(key, 0)) for key, label in SignUp.STATE_CHOICES],
        "signup_total": sum(counts.values()),
    }


@require_POST
def signup_action(request, slug, signup_id, action):
    """Approve, reject (with a reason), withdraw, or mark the fee of one application."""
    tournament = load_tournament(request, slug, ORGANIZER)
    signup = get_object_or_404(SignUp, tournament=tournament, pk=signup_id)
    by = organizer_actor(request)
    try:
        if action == "approve":
            signup_approve(signup=signup, by=by)
        elif action == "reject":
            signup_reject(signup=signup, reason=request.POST.get("reason", ""), by=by)
        elif action == "withdraw":
            signup_withdraw(signup=signup, by=by)
        elif action == "fee":
            fee_mark(signup=signup, status=request.POST.get("fee", ""), by=by)
        else:
            raise Invalid(MSG_UNKNOWN_ACTION)
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("已保存：%(name)s") % {"name": signup.data.get("name", "")})
    return back_to_list(request, reverse("signup_admin", args=[slug]))


@require_POST
def signup_reject_many_view(request, slug):
    """Reject every open application from one address (``ip``) or of one hour (``hour``)."""
    tournament = load_tournament(request, slug, ORGANIZER)
    ip = request.POST.get("ip") or None
    hour = request.POST.get("hour")
    try:
        n = signup_reject_many(
            tournament=tournament,
            reason=request.POST.get("reason", ""),
            by=organizer_actor(request),
            ip=ip,
            hour=parse_hour(hour) if hour else None,
        )
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("已拒绝%(n)s个报名") % {"n": n})
    return redirect("signup_admin", slug=slug)


@require_http_methods(["GET", "POST"])
def signup_admin_edit(request, slug, signup_id):
    """The organizer edits an application (any time, deadline or not)."""
    tournament = load_tournament(request, slug, ORGANIZER)
    signup = get_object_or_404(SignUp, tournament=tournament, pk=signup_id)
    form = form_for_signup(signup, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            signup_edit(
                signup=signup,
                data=form.entry_data(),
                emails=form.emails(),
                by=organizer_actor(request),
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已保存修改"))
            return redirect("signup_admin", slug=slug)
    return render(request, "signup/signup_edit.html", {"t": tournament, "s": signup, "form": form})
