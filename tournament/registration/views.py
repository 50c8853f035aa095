"""Registration pages: the searchable pair list, add/edit forms, withdraw/reinstate."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import prefetch_related_objects
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_tables2 import RequestConfig

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import form_error, load_tournament
from tournament.models import Pair
from tournament.registration.forms import PairForm
from tournament.registration.search import matching
from tournament.registration.services import PairData, pair_register, pair_update
from tournament.registration.tables import PairListing
from tournament.text.pinyin import name_sort_key

PAGE_SIZE = 50


def sorted_for_list(pairs) -> list[Pair]:
    """The pairs in name order (:func:`~tournament.text.pinyin.name_sort_key`, numbers by value);
    the table sorts this list in Python by the keys set here."""
    rows = list(pairs)
    for pair in rows:
        pair.sort_key = name_sort_key(pair.name)
        pair.unit_sort_key = name_sort_key(pair.unit.name) if pair.unit_id else ""
    rows.sort(key=lambda pair: pair.sort_key)
    return rows


def pair_list(request, slug):
    """The pair list: sorted and paged in Python (the names' pinyin order), so every pair is
    read, but only the page shown reads its players (50 pairs, not 5,000)."""
    tournament = load_tournament(request, slug, ORGANIZER)
    if tournament.is_team_event:  # a team event registers teams, not loose pairs
        return redirect("team_list", slug=slug)
    if tournament.is_individual_event:  # and an individual event players alone
        return redirect("individual_list", slug=slug)
    query = request.GET.get("q", "")
    pairs = matching(Pair.objects.filter(tournament=tournament).select_related("unit"), query)
    rows = sorted_for_list(pairs)
    table = PairListing(rows)
    RequestConfig(request, paginate={"per_page": PAGE_SIZE}).configure(table)
    shown = [row.record for row in table.page.object_list]
    for pair in shown:
        pair.tournament = tournament  # the row's links name the event: no query a row
    prefetch_related_objects(shown, "players")
    return render(
        request,
        "registration/pair_list.html",
        {"t": tournament, "table": table, "q": query, "count": len(rows)},
    )


def _form_data(form: PairForm) -> PairData:
    d = form.cleaned_data
    return PairData(
        name=d["name"],
        unit=d.get("unit") or "",
        player1=d["player1"],
        player2=d["player2"],
        phone1=d.get("phone1") or "",
        phone2=d.get("phone2") or "",
        seed=d.get("seed"),
        member1=d.get("member1") or "",
        member2=d.get("member2") or "",
    )


@require_http_methods(["GET", "POST"])
def pair_add(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    if tournament.is_team_event:
        return redirect("team_add", slug=slug)
    if tournament.is_individual_event:
        return redirect("individual_add", slug=slug)
    form = PairForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            pair = pair_register(
                tournament=tournament, data=_form_data(form), by=request_actor(request)
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已报名：%(name)s") % {"name": pair.name})
            if "add_another" in request.POST:
                return redirect("pair_add", slug=slug)
            return redirect("pair_list", slug=slug)
    return render(request, "registration/pair_form.html", {"t": tournament, "form": form})


@require_http_methods(["GET", "POST"])
def pair_edit(request, slug, pair_id):
    tournament = load_tournament(request, slug, ORGANIZER)
    if tournament.is_individual_event:  # its pairs are made by the rounds: the players' form
        return redirect("individual_list", slug=slug)
    pair = get_object_or_404(Pair, tournament=tournament, pk=pair_id)
    players = {p.position: p for p in pair.players.all()}
    initial = {
        "name": pair.name,
        "unit": pair.unit.name if pair.unit_id else "",
        "seed": pair.seed,
        "player1": players[1].name,
        "phone1": players[1].phone,
        "player2": players[2].name,
        "phone2": players[2].phone,
        "member1": players[1].member_no,
        "member2": players[2].member_no,
        "version": pair.version,
    }
    form = PairForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            pair_update(
                pair=pair,
                data=_form_data(form),
                version=form.cleaned_data.get("version") or 0,
                by=request_actor(request),
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已保存：%(name)s") % {"name": form.cleaned_data["name"]})
            return redirect("pair_list", slug=slug)
    return render(
        request, "registration/pair_form.html", {"t": tournament, "form": form, "team": pair}
    )
