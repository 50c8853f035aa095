"""The people pages at an association's size (20,000 persons): statements counted, not
timed. A page of the list, its search and the suggested matches read the same number of
statements for 100 persons as for 20,000."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.app.people.people_world import team_events
from tests.conftest import login
from tournament.models import Person

pytestmark = pytest.mark.django_db

URLS = (
    reverse("people_list"),
    reverse("people_list") + "?page=2",
    reverse("people_list") + "?q=xuan",
    reverse("people_suggestions"),
)


def add_persons(n: int, start: int) -> None:
    """``n`` persons; every hundredth a namesake of the one before, of the same unit."""
    rows = []
    for i in range(start, start + n):
        base = i - 1 if i % 100 == 1 else i
        rows.append(
            Person(name=f"选手{base}", name_pinyin=f"xuanshou{base:06d}", unit=f"单位{base % 50}")
        )
    Person.objects.bulk_create(rows, batch_size=2000)


def statements(client) -> dict[str, int]:
    counts = {}
    for url in URLS:
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        counts[url] = len(ctx.captured_queries)
    return counts


def test_statements_do_not_grow_with_the_persons(organizer):
    team_events(organizer)  # persons with events: the counts of the page are read
    client = login(organizer)
    add_persons(100, 0)
    small = statements(client)
    add_persons(19_900, 100)
    assert Person.objects.count() > 20_000
    assert statements(client) == small
    assert max(small.values()) <= 12, small
