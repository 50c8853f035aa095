"""Two organizers confirming the same merge at the same moment, on a real PostgreSQL
server: one merge is made, the other refused, never two (rows locked, tournament.people).

Run by scripts/test.sh with TEST_DATABASE_URL (``-m postgres``); skipped on SQLite."""

from __future__ import annotations

import pytest

from tests.app.people.people_world import team_events, twins
from tests.app.test_concurrency_postgres import race
from tests.conftest import new_user
from tournament.core.actors import user_actor
from tournament.core.errors import Stale
from tournament.models import AuditEntry, Person, PersonMerge
from tournament.people.services import merge, unmerge

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_the_same_merge_twice_at_once_is_made_once(organizer):
    team_events(organizer)
    other = new_user("bob", organizer=True)
    a, b = twins()
    results = race(
        lambda: merge(
            Person.objects.get(pk=a.pk), Person.objects.get(pk=b.pk), user_actor(organizer)
        ),
        lambda: merge(Person.objects.get(pk=b.pk), Person.objects.get(pk=a.pk), user_actor(other)),
    )
    assert sorted(type(r).__name__ for r in results) == ["PersonMerge", "Stale"], results
    assert PersonMerge.objects.count() == 1
    assert AuditEntry.objects.filter(action="person.merge").count() == 1
    record = PersonMerge.objects.get()
    undone = race(
        lambda: unmerge(record, user_actor(organizer)), lambda: unmerge(record, user_actor(other))
    )
    assert sum(isinstance(r, Stale) for r in undone) == 1, undone
    assert AuditEntry.objects.filter(action="person.unmerge").count() == 1
