"""``{% sheet_photos m %}``: a table's score-sheet photos and the camera upload form.

The URLs depend on who looks: a table link (the page's URL holds the side's ``code``)
gets that link's photo URLs, staff pages the staff ones.
"""

from __future__ import annotations

from django import template
from django.urls import reverse

from tournament.core.prepared import Prepared
from tournament.models import ScoreSheetPhoto

register = template.Library()

# A table's photos, on every form a referee loads: compiled once (core/prepared.py).
PHOTOS = Prepared(lambda pk: ScoreSheetPhoto.objects.filter(table_id=pk), int, ordered=True)


@register.inclusion_tag("results/_photos.html", takes_context=True)
def sheet_photos(context, table, upload: bool = True, title: bool = True) -> dict:
    request = context["request"]
    args = request.resolver_match.kwargs
    slug = table.round.tournament.slug
    photos = PHOTOS.all(table.pk)
    for photo in photos:  # as ``table.photos`` would: each knows its table
        photo.table = table
    if "code" in args:
        base = [slug, table.pk, args["code"]]
        urls = [(p, reverse("side_photo", args=[*base, p.pk])) for p in photos]
        add = reverse("side_photo_add", args=base)
    else:
        urls = [(p, reverse("sheet_photo", args=[slug, p.pk])) for p in photos]
        add = reverse("table_photo_add", args=[slug, table.round.number, table.number])
    return {
        "photos": urls,
        "add_url": add if upload else "",
        "title": title,
        "csrf_token": context.get("csrf_token"),
    }
