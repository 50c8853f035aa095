"""Ratings on public pages only where the event publishes them, and never a hidden person's
(publish_rating, docs/rules.md §19)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.ratings.rated_events import build_pairs_event, player
from tournament.models import Pair, Person, Tournament
from tournament.ratings.services import current_ratings


@pytest.mark.django_db
def test_pair_page_shows_ratings_only_when_published_and_never_hidden(organizer):
    t = build_pairs_event(organizer, "a", [(0, 1), (2, 3), (4, 5), (6, 7)], day=1, rounds=2)
    Tournament.objects.filter(pk=t.pk).update(publish_standings=True)
    pair = Pair.objects.get(tournament=t, name="P6-7")
    url = reverse("pair_history", args=[t.slug, pair.pk])
    six, seven = (Person.objects.get(name=player(i)[0]) for i in (6, 7))
    value = f"{current_ratings()[six.pk].ordinal:.1f}"
    assert 'id="pair-ratings"' not in Client().get(url).content.decode()  # not by default
    Tournament.objects.filter(pk=t.pk).update(publish_rating=True, stamp=99)
    page = Client().get(url).content.decode()
    assert 'id="pair-ratings"' in page and f"{player(6)[0]} {value}" in page
    Person.objects.filter(pk=seven.pk).update(hidden=True)
    Tournament.objects.filter(pk=t.pk).update(stamp=100)
    page = Client().get(url).content.decode()
    shown = page.split('id="pair-ratings"')[1].split("</p>")[0]
    assert player(6)[0] in shown and player(7)[0] not in shown
