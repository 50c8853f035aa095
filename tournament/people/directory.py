"""The organizers' list of persons (选手档案): found by name, pinyin or 会员号, a page at a
time, each with the number of events they played. Statements do not grow with the number of
persons or with the page's size: the page is one query, its events' counts three.
"""

from __future__ import annotations

from django.db.models import Q

from tournament.models import Individual, Person, Player, TeamMember, Tournament
from tournament.public.find_table import QUERY_MAX

PAGE = 50  # persons a page


def clean(query: str | None) -> str:
    return (query or "").strip()[:QUERY_MAX]


def matching(query: str | None, *, merged: bool = False):
    """Active persons (with ``merged``, the absorbed too) matching ``query``: part of the
    name, of its pinyin (no case), or of the 会员号; all of them for an empty query."""
    persons = Person.objects.all() if merged else Person.objects.filter(merged_into=None)
    query = clean(query)
    if not query:
        return persons
    return persons.filter(
        Q(name__icontains=query)
        | Q(name_pinyin__icontains=query.lower().replace(" ", ""))
        | Q(number__icontains=query)
    )


def tournament_ids(person_ids) -> dict[int, set[int]]:
    """Person → the ids of the events where any of their rows is (three queries)."""
    found: dict[int, set[int]] = {pk: set() for pk in person_ids}
    sources = (
        Player.objects.filter(person__in=person_ids).values_list("person", "pair__tournament"),
        TeamMember.objects.filter(person__in=person_ids).values_list("person", "team__tournament"),
        Individual.objects.filter(person__in=person_ids).values_list("person", "tournament"),
    )
    for rows in sources:
        for person, tournament in rows.distinct():
            found.setdefault(person, set()).add(tournament)
    return found


def with_event_counts(persons: list[Person]) -> list[Person]:
    """The persons with ``events``: how many events they played (three queries for all)."""
    events = tournament_ids([p.pk for p in persons])
    for person in persons:
        person.events = len(events.get(person.pk, ()))
    return persons


def events_of(person: Person):
    """The events of ``person``, newest first."""
    ids = tournament_ids([person.pk])[person.pk]
    return Tournament.objects.filter(pk__in=ids).order_by("-start_date", "-pk")
