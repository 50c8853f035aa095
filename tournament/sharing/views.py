"""Public answers of the sharing pictures: the share cards (PNG), the event poster (PNG and
PDF) and find-my-table's stable address (the QR code of the poster).

Each picture is drawn once per public stamp (:mod:`tournament.core.page_cache`), language and
host (the QR code holds the absolute address), and only from what the public pages show:
standings cards answer 404 unless the standings are published.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import get_language

from tournament.core.hidden_people import shown_entry_name
from tournament.core.page_cache import cached_per_stamp
from tournament.core.view_helpers import load_tournament
from tournament.models import Pair, Round
from tournament.sharing.data import pair_result, top_places

MAX_AGE = 60  # seconds a phone or a proxy may keep a picture; a new stamp makes a new one


def _picture(body: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Cache-Control"] = f"public, max-age={MAX_AGE}"
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _standings_tournament(request, slug):
    tournament = load_tournament(request, slug, None)
    if not tournament.publish_standings:
        raise Http404  # a card is public whoever asks: never more than the public page
    return tournament


def standings_card_png(request, slug):
    """The standings' top places as a share card."""
    from tournament.sharing.cards import (
        standings_card,  # loads the drawing modules only when asked (see _poster)
    )

    tournament = _standings_tournament(request, slug)
    url = request.build_absolute_uri(reverse("standings", args=[slug]))
    body = cached_per_stamp(
        tournament,
        "share-standings",
        lambda: standings_card(tournament, top_places(tournament), url),
        get_language(),
        url,
        public=True,
    )
    return _picture(body, "image/png", f"{slug}-standings.png")


def pair_card_png(request, slug, pair_id):
    """A pair's (team's, player's) result of the day as a share card."""
    from tournament.sharing.cards import (
        pair_card,  # loads the drawing modules only when asked (see _poster)
    )

    tournament = _standings_tournament(request, slug)
    pair = get_object_or_404(Pair.objects.only("pk", "name"), tournament=tournament, pk=pair_id)
    url = request.build_absolute_uri(reverse("pair_history", args=[slug, pair.pk]))
    name = shown_entry_name(slug, pair.name, staff=False)  # a card is public
    body = cached_per_stamp(
        tournament,
        "share-pair",
        lambda: pair_card(tournament, name, pair_result(tournament, pair), url),
        pair.pk,
        get_language(),
        url,
        public=True,
    )
    return _picture(body, "image/png", f"{slug}-{pair.pk}.png")


def find_my_table(request, slug):
    """The poster's address: the pairings of the latest published round (its search box),
    or the event's page before any round is published."""
    tournament = load_tournament(request, slug, None)
    latest = None
    if tournament.publish_pairings:
        rounds = tournament.round_set.exclude(status=Round.DRAFT)
        latest = rounds.order_by("-number").values_list("number", flat=True).first()
    if latest is None:
        return redirect("tournament_detail", slug)
    return redirect("pairings", slug, latest)


def _poster(request, slug, kind: str) -> HttpResponse:
    # Imported here, as the cards are: the drawing modules load the QR encoder and
    # reportlab, which a web worker otherwise never loads (tests/app/test_command_startup.py).
    from tournament.sharing.poster import poster_pdf, poster_png

    tournament = load_tournament(request, slug, None)
    url = request.build_absolute_uri(reverse("find_my_table", args=[slug]))
    draw = poster_png if kind == "png" else poster_pdf
    body = cached_per_stamp(
        tournament, "poster", lambda: draw(tournament, url), kind, url, public=True
    )
    content_type = "image/png" if kind == "png" else "application/pdf"
    return _picture(body, content_type, f"{slug}-poster.{kind}")


def poster_png_view(request, slug):
    """The event poster as a PNG (A4 at 150 dpi)."""
    return _poster(request, slug, "png")


def poster_pdf_view(request, slug):
    """The event poster as an A4 PDF."""
    return _poster(request, slug, "pdf")
