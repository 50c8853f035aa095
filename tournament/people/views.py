"""The organizers' pages of players across events (选手档案): the list, a person, suggested
matches, the merges and the audit of these acts. Each asks :func:`people_organizer` first."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.core.actors import request_actor
from tournament.core.audit_text import readable
from tournament.core.errors import ServiceError
from tournament.core.params import positive_int
from tournament.core.view_helpers import MSG_UNKNOWN_ACTION
from tournament.models import AuditEntry, Person, PersonMerge
from tournament.people import directory, services
from tournament.people.access import people_organizer
from tournament.people.suggestions import suggestions
from tournament.text.messages import render as render_message

AUDIT_PAGE = 100
CANDIDATES = 20  # persons a manual merge's search shows


def _page(request, rows, size: int):
    return Paginator(rows, size).get_page(positive_int(request.GET.get("page")) or 1)


def people_list(request):
    """Every active person, found by name, pinyin or 会员号, a page at a time."""
    people_organizer(request)
    query = directory.clean(request.GET.get("q"))
    page = _page(request, directory.matching(query), directory.PAGE)
    persons = directory.with_event_counts(list(page.object_list))
    context = {"page": page, "persons": persons, "q": query, "count": page.paginator.count}
    return render(request, "people/list.html", context)


def person_detail(request, person_id):
    """One person: their events, merges, the hidden flag and a manual merge by search."""
    people_organizer(request)
    person = get_object_or_404(Person.objects.select_related("merged_into"), pk=person_id)
    query = directory.clean(request.GET.get("q"))
    candidates = []
    if query and person.merged_into_id is None:
        found = directory.matching(query).exclude(pk=person.pk)[:CANDIDATES]
        candidates = directory.with_event_counts(list(found))
    merges = (
        PersonMerge.objects.filter(kept=person) | PersonMerge.objects.filter(absorbed=person)
    ).select_related("kept", "absorbed", "by")
    context = {
        "person": person,
        "events": directory.events_of(person),
        "merges": merges,
        "q": query,
        "candidates": candidates,
    }
    return render(request, "people/person.html", context)


def people_suggestions(request):
    """The suggested matches (疑似同一人), each with a merge keeping either person."""
    people_organizer(request)
    found = suggestions()
    persons = directory.with_event_counts(
        list({p.pk: p for s in found for p in (s.a, s.b)}.values())
    )
    counts = {p.pk: p.events for p in persons}
    for s in found:
        s.a.events, s.b.events = counts[s.a.pk], counts[s.b.pk]
    return render(request, "people/suggestions.html", {"suggestions": found})


def people_merges(request):
    """The merge history, newest first, each with 撤销合并 while it stands."""
    people_organizer(request)
    rows = PersonMerge.objects.select_related("kept", "absorbed", "by").order_by("-at", "-pk")
    return render(request, "people/merges.html", {"page": _page(request, rows, AUDIT_PAGE)})


def people_audit(request):
    """The audit of the acts on persons (no event's: ``tournament`` None), newest first."""
    people_organizer(request)
    rows = AuditEntry.objects.filter(tournament=None, action__startswith="person.").order_by(
        "-created_at", "-id"
    )
    page = _page(request, rows, AUDIT_PAGE)
    context = {"page": page, "rows": [readable(e) for e in page.object_list]}
    return render(request, "people/audit.html", context)


def _back(request, fallback: str):
    """The page the form was on (a path of this site), else ``fallback``."""
    back = request.POST.get("next", "")
    return redirect(back if back.startswith("/people/") else fallback)


@require_POST
def person_merge(request):
    """Merge: ``absorbed`` into ``kept`` (both by id)."""
    people_organizer(request)
    kept = Person.objects.filter(pk=positive_int(request.POST.get("kept"))).first()
    absorbed = Person.objects.filter(pk=positive_int(request.POST.get("absorbed"))).first()
    if kept is None or absorbed is None:  # a form without its two persons
        messages.error(request, render_message(MSG_UNKNOWN_ACTION))
        return _back(request, "/people/suggestions/")
    try:
        services.merge(kept, absorbed, request_actor(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
        return _back(request, "/people/suggestions/")
    messages.success(
        request,
        _("已将 %(absorbed)s（#%(a)s）并入 %(kept)s（#%(k)s）")
        % {"absorbed": absorbed.name, "a": absorbed.pk, "kept": kept.name, "k": kept.pk},
    )
    return redirect("person_detail", person_id=kept.pk)


@require_POST
def person_unmerge(request, merge_id):
    people_organizer(request)
    record = get_object_or_404(PersonMerge, pk=merge_id)
    try:
        services.unmerge(record, request_actor(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("已撤销合并"))
    return _back(request, "/people/merges/")


@require_POST
def person_hidden(request, person_id):
    """Hide the person from the public pages (``hidden=1``) or show them again (``0``)."""
    people_organizer(request)
    person = get_object_or_404(Person, pk=person_id)
    hidden = request.POST.get("hidden")
    if hidden not in ("0", "1"):
        messages.error(request, render_message(MSG_UNKNOWN_ACTION))
        return redirect("person_detail", person_id=person.pk)
    try:
        services.set_hidden(person, hidden == "1", request_actor(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
    return redirect("person_detail", person_id=person.pk)
