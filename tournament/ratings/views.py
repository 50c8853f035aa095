"""The organizers' pages of ratings: every rated person (选手实力) and an event's divisions."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournament.core.params import positive_int
from tournament.core.rights import can_create_tournament
from tournament.models import Person
from tournament.ratings.services import current_ratings

RATINGS_PAGE = 50  # persons a page


@login_required
@require_GET
def rating_list(request):
    """Every rated person by ordinal, strongest first, with mu ± sigma and tables played;
    searched by name, pinyin, 会员号 or unit. Organizers only: ratings are not public
    (docs/rules.md §19)."""
    if not can_create_tournament(request.user):
        raise Http404
    ratings = current_ratings()
    order = sorted(ratings, key=lambda pk: (-ratings[pk].ordinal, pk))
    rank = {pk: k for k, pk in enumerate(order, start=1)}
    q = request.GET.get("q", "").strip()[:50]
    if q:
        found = Person.objects.filter(
            Q(name__icontains=q)
            | Q(name_pinyin__icontains=q.lower())
            | Q(number__icontains=q)
            | Q(unit__icontains=q)
        ).filter(merged_into=None)
        wanted = set(found.values_list("pk", flat=True))
        order = [pk for pk in order if pk in wanted]
    page = Paginator(order, RATINGS_PAGE).get_page(positive_int(request.GET.get("page")) or 1)
    people = Person.objects.in_bulk(list(page.object_list))
    rows = [
        {"rank": rank[pk], "person": people[pk], "rating": ratings[pk]}
        for pk in page.object_list
        if pk in people
    ]
    return render(
        request,
        "ratings/rating_list.html",
        {"page": page, "rows": rows, "q": q, "rated": len(ratings)},
    )
