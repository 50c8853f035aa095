"""Events for the people tests: two team events with the same rosters (each roster member
two persons, one name and unit: suggested matches), played and published, and two
individual events whose players share name and phone (one person each, played in both)."""

from __future__ import annotations

from tests.app.individuals import individual_event
from tests.app.teams import team_event
from tournament.core.identity import link_event
from tournament.models import Person, Tournament


def levels(table):
    return ("A+", "10") if table.number % 2 else ("9", "K")


def team_events(organizer) -> tuple[Tournament, Tournament]:
    a = team_event.build_team_event(organizer, slug="ta", teams=4, rounds=2)
    b = team_event.build_team_event(organizer, slug="tb", teams=4, rounds=2)
    for t, rounds in ((a, 2), (b, 1)):
        for _ in range(rounds):
            team_event.play_round(t, organizer, levels)
        Tournament.objects.filter(pk=t.pk).update(publish_standings=True, publish_pairings=True)
        link_event(t)
    return a, b


def solo_events(organizer) -> tuple[Tournament, Tournament]:
    a = individual_event.build_individual_event(organizer, slug="sa", players=8, rounds=2)
    b = individual_event.build_individual_event(organizer, slug="sb", players=8, rounds=2)
    for t in (a, b):
        for _ in range(2):
            individual_event.play_round(t, organizer, levels)
        Tournament.objects.filter(pk=t.pk).update(publish_standings=True, publish_pairings=True)
        link_event(t)
    return a, b


def twins(name: str = "苏州0号1") -> tuple[Person, Person]:
    """The two persons a name of both team events' rosters made, oldest first."""
    a, b = Person.objects.filter(name=name).order_by("pk")
    return a, b
