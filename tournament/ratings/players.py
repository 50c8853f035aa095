"""Every active person with their events and rating, for ``manage.py players``.

Decisions (docs/rules.md §19): one row per person not merged away; ``events`` counts the
distinct events any of their rows (a pair's player, a team's member, an individual) is in;
``rating`` is the ordinal rounded to 1 decimal, None for a person never rated and for a
hidden person (the command is staff-side, but its output is the kind that travels: an
export, a mail; a hidden person's strength goes nowhere without an organizer opening
/ratings/).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tournament.models import Individual, Person, Player, TeamMember
from tournament.ratings.services import current_ratings


@dataclass(frozen=True)
class PlayerRow:
    id: int
    number: str | None
    name: str
    events: int
    rating: float | None

    def as_dict(self) -> dict:
        return {
            "id": self.id,
            "number": self.number,
            "name": self.name,
            "events": self.events,
            "rating": self.rating,
        }


def person_events() -> dict[int, set[int]]:
    """Person pk → the events they have a row in (three queries)."""
    events: dict[int, set[int]] = defaultdict(set)
    queries = [
        Player.objects.values_list("person_id", "pair__tournament_id"),
        TeamMember.objects.values_list("person_id", "team__tournament_id"),
        Individual.objects.values_list("person_id", "tournament_id"),
    ]
    for query in queries:
        for person, event in query.filter(person__isnull=False).distinct().iterator():
            events[person].add(event)
    return events


def player_rows() -> list[PlayerRow]:
    """Every active person (merged_into empty), in name order (pinyin)."""
    ratings = current_ratings()
    events = person_events()
    people = Person.objects.filter(merged_into=None).order_by("name_pinyin", "pk")
    rows = []
    for pk, number, name, hidden in people.values_list("pk", "number", "name", "hidden"):
        rating = ratings.get(pk)
        shown = None if hidden or rating is None else round(rating.ordinal, 1)
        rows.append(PlayerRow(pk, number, name, len(events.get(pk, ())), shown))
    return rows
