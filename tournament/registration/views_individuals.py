"""An individual event's registration pages (个人赛报名): the searchable player list, the add
and edit forms, withdraw and reinstate (asked first, as the team list's). The checks are
the services' (:mod:`tournament.individuals.registration`); another event has none of
these pages (404). The sheet import: :mod:`tournament.registration.views_individual_import`;
withdraw and reinstate: :mod:`tournament.signup.views_pair_status` (a withdrawal moves the
sign-up waiting list up)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_tables2 import RequestConfig

from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import (
    form_error,
    load_individual_event,
)
from tournament.individuals.registration import (
    individual_register,
    individual_update,
)
from tournament.models import Individual
from tournament.registration.individual_tables import (
    PAGE_SIZE,
    IndividualForm,
    IndividualListing,
    individual_initial,
    matching_individuals,
    sorted_individuals,
)


def individual_list(request, slug):
    """The player list: every player read (one query) and sorted in Python (pinyin order)."""
    tournament = load_individual_event(request, slug, ORGANIZER)
    query = request.GET.get("q", "")
    people = Individual.objects.filter(tournament=tournament).select_related("unit")
    rows = sorted_individuals(matching_individuals(people, query))
    table = IndividualListing(rows)
    RequestConfig(request, paginate={"per_page": PAGE_SIZE}).configure(table)
    for row in table.page.object_list:
        row.record.tournament = tournament  # the row's links name the event: no query
    context = {"t": tournament, "table": table, "q": query, "count": len(rows)}
    return render(request, "registration/individual_list.html", context)


@require_http_methods(["GET", "POST"])
def individual_add(request, slug):
    tournament = load_individual_event(request, slug, ORGANIZER)
    form = IndividualForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            person = individual_register(
                tournament=tournament, data=form.individual_data(), by=request_actor(request)
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已报名：%(name)s") % {"name": person.name})
            if "add_another" in request.POST:
                return redirect("individual_add", slug=slug)
            return redirect("individual_list", slug=slug)
    return render(request, "registration/individual_form.html", {"t": tournament, "form": form})


@require_http_methods(["GET", "POST"])
def individual_edit(request, slug, individual_id):
    tournament = load_individual_event(request, slug, ORGANIZER)
    person = get_object_or_404(
        Individual.objects.select_related("unit"), tournament=tournament, pk=individual_id
    )
    form = IndividualForm(request.POST or None, initial=individual_initial(person))
    if request.method == "POST" and form.is_valid():
        try:
            individual_update(
                individual=person,
                data=form.individual_data(),
                version=form.cleaned_data.get("version") or 0,
                by=request_actor(request),
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已保存：%(name)s") % {"name": form.cleaned_data["name"]})
            return redirect("individual_list", slug=slug)
    context = {"t": tournament, "form": form, "person": person}
    return render(request, "registration/individual_form.html", context)
