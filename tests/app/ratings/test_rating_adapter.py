"""The rating adapter (tournament.ratings.services): locked rounds of every event, in date
order, persons through Player.person, forfeits left out, the cache keyed by a fingerprint."""

from __future__ import annotations

import pytest
from django.db.models import Q

from tests.app.individuals.individual_event import build_individual_event
from tests.app.individuals.individual_event import play_round as play_solo_round
from tests.app.ratings.rated_events import build_pairs_event, player
from tests.app.teams.team_event import build_team_event
from tests.app.teams.team_event import play_round as play_team_round
from tournament.core.identity import link_event
from tournament.models import Person, Round, Table
from tournament.models.table_guard import exempt
from tournament.ratings import services
from tournament.ratings.services import current_ratings, fingerprint, rated_tables

COUPLES_A = [(0, 1), (2, 3), (4, 5), (6, 7)]
COUPLES_B = [(0, 2), (1, 3), (4, 6), (5, 7), (8, 9)]


def person(i: int) -> Person:
    return Person.objects.get(name=player(i)[0])


@pytest.mark.django_db
def test_two_events_with_shared_persons_rate_both(organizer):
    build_pairs_event(organizer, "a", COUPLES_A, day=1, rounds=2)
    build_pairs_event(organizer, "b", COUPLES_B, day=5, rounds=2)
    ratings = current_ratings()
    assert person(0).seats.count() == 2
    assert len(rated_tables()) == 2 * 2 + 2 * 2  # event b: 5 pairs, a bye each round
    for p in Person.objects.all():
        played = Table.objects.filter(round__status=Round.LOCKED, ns__isnull=False).filter(
            Q(ew__players__person=p) | Q(ns__players__person=p)
        )
        assert ratings[p.pk].tables == played.distinct().count()
    # Players 0…7 played both events: more tables than one event's two rounds.
    assert all(ratings[person(i).pk].tables > 2 for i in range(8) if i not in (5, 7))
    # 6 and 7 are the strongest players and won every table in both events.
    top = max(ratings, key=lambda pk: ratings[pk].ordinal)
    assert top in {person(6).pk, person(7).pk}
    assert ratings[person(7).pk].ordinal > ratings[person(0).pk].ordinal


@pytest.mark.django_db
def test_only_locked_rounds_and_no_forfeits_count(organizer):
    t = build_pairs_event(organizer, "a", COUPLES_A, day=1, rounds=1)
    assert len(rated_tables()) == 2
    table = Table.objects.filter(round__tournament=t).exclude(ns=None).first()
    with exempt("fixture"):
        Table.objects.filter(pk=table.pk).update(forfeit="NS", winner="EW")
    assert len(rated_tables()) == 1
    Round.objects.filter(tournament=t).update(status=Round.PUBLISHED)
    assert rated_tables() == []


@pytest.mark.django_db
def test_recomputed_only_when_the_locked_rounds_change(organizer, monkeypatch):
    t = build_pairs_event(organizer, "a", COUPLES_A, day=1, rounds=1)
    calls = []
    real = services.rated_tables
    monkeypatch.setattr(services, "rated_tables", lambda: calls.append(1) or real())
    first = current_ratings()
    assert current_ratings() == first and len(calls) == 1
    before = fingerprint()
    Round.objects.filter(tournament=t).update(change_seq=99)
    assert fingerprint() != before
    current_ratings()
    assert len(calls) == 2


@pytest.mark.django_db
def test_a_merged_person_counts_as_the_kept_one(organizer):
    build_pairs_event(organizer, "a", COUPLES_A, day=1, rounds=1)
    kept, absorbed = person(0), person(6)
    Person.objects.filter(pk=absorbed.pk).update(merged_into=kept)
    tables = rated_tables()
    assert all(absorbed.pk not in side for t in tables for side in t.sides)
    assert absorbed.pk not in current_ratings() and kept.pk in current_ratings()


@pytest.mark.django_db
def test_team_and_individual_tables_are_rated_by_their_persons(organizer):
    """A team event's pair tables and an individual event's partnerships: 2 v 2 of persons."""
    teams = build_team_event(organizer, slug="tm", teams=4, rounds=1)
    link_event(teams)
    play_team_round(teams, organizer, lambda t: ("A+", "8"))
    solo = build_individual_event(organizer, slug="solo", players=8, rounds=1)
    link_event(solo)
    play_solo_round(solo, organizer, lambda t: ("9", "9"))  # every table a draw
    tables = rated_tables()
    assert len(tables) == 4 + 2  # 2 team matches of 2 tables; 8 players at 2 tables
    assert all(len(side) == 2 for t in tables for side in t.sides)
    ratings = current_ratings()
    solo_people = set(
        Person.objects.filter(individuals__tournament=solo).values_list("pk", flat=True)
    )
    assert len(solo_people) == 8 and solo_people <= set(ratings)
    team_people = Person.objects.filter(seats__pair__tournament=teams).distinct()
    assert team_people.count() == 16 and all(ratings[p.pk].tables == 1 for p in team_people)


def test_outcomes_of_stored_results():
    outcome = services._outcome
    assert outcome("", "A+", "9") == (0, 6) and outcome("", "5", "7") == (1, 2)
    assert outcome("", "9", "9") == (None, 0)  # a draw
    assert outcome("NS", "9", "9") == (1, 1)  # a time tie decided for NS
    assert outcome("EW", "", "") == (0, 1)  # a knockout match of several games
    assert outcome("", "", "") is None and outcome("", "9", "") is None  # no result
