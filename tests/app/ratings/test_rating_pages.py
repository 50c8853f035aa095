"""The organizers' ratings page (/ratings/, 选手实力): order, search, paging, who may see it,
and that reading it writes nothing to the database."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.app.ratings.rated_events import build_pairs_event, player
from tests.app.test_reads_never_write import assert_no_writes
from tests.conftest import login, new_user
from tournament.models import Person
from tournament.ratings import views

COUPLES = [(0, 1), (2, 3), (4, 5), (6, 7)]


@pytest.fixture
def rated(organizer):
    return build_pairs_event(organizer, "a", COUPLES, day=1, rounds=2)


@pytest.mark.django_db
def test_strongest_first_with_uncertainty_and_tables(rated, organizer):
    page = login(organizer).get(reverse("rating_list"))
    assert page.status_code == 200
    rows = page.context["rows"]
    assert [r["rank"] for r in rows] == list(range(1, 9))
    assert {rows[0]["person"].name, rows[1]["person"].name} == {player(6)[0], player(7)[0]}
    assert rows[0]["rating"].tables == 2
    html = page.content.decode()
    assert "选手实力" in html and "±" in html


@pytest.mark.django_db
def test_search_and_pages(rated, organizer, monkeypatch):
    client = login(organizer)
    found = client.get(reverse("rating_list"), {"q": player(3)[0]}).context["rows"]
    assert [r["person"].name for r in found] == [player(3)[0]]
    assert found[0]["rank"] > 1  # the rank among everyone, not among the matches
    Person.objects.filter(name=player(5)[0]).update(number="JS0005")
    assert [r["person"].name for r in client.get("/ratings/?q=js0005").context["rows"]] == [
        player(5)[0]
    ]
    monkeypatch.setattr(views, "RATINGS_PAGE", 3)
    second = client.get(reverse("rating_list"), {"page": 2}).context["rows"]
    assert [r["rank"] for r in second] == [4, 5, 6]


@pytest.mark.django_db
def test_only_organizers(rated, client):
    assert client.get(reverse("rating_list")).status_code == 302  # to the login
    referee = new_user("someone")
    assert login(referee).get(reverse("rating_list")).status_code == 404


@pytest.mark.django_db
def test_reading_the_page_writes_nothing(rated, organizer):
    url = reverse("rating_list")
    divisions = reverse("divisions", args=[rated.slug])
    assert_no_writes(
        login(organizer),
        {"rating_list": [url, url + "?q=赵&page=2"], "divisions": [divisions + "?n=2"]},
    )
