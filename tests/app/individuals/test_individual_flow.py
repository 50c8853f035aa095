"""An individual event through the services: registration, the individual Swiss seating
four to a table with new partners, sit-outs, the standings of players."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.app.individuals.individual_event import build_individual_event, play_round
from tournament.individuals.partnerships import individuals_of_pairs
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Table

pytestmark = pytest.mark.django_db


def test_each_player_has_an_own_entry(organizer):
    t = build_individual_event(organizer, players=8)
    person = Individual.objects.filter(tournament=t).first()
    assert person.own.name == person.name and person.own.players.get().individual == person
    assert sorted(
        Individual.objects.filter(tournament=t).values_list("draw_number", flat=True)
    ) == list(range(1, 9))


def test_five_rounds_of_eighteen_players(organizer):
    t = build_individual_event(organizer, players=18, rounds=5)
    partners, sat_out = Counter(), Counter()
    for _ in range(5):
        rnd = play_round(
            t, organizer, lambda table: ("A+", "10") if table.number % 2 else ("J", "A+")
        )
        people = individuals_of_pairs(t)
        tables = list(Table.objects.filter(round=rnd))
        seated = [p for x in tables if x.ns_id for pair in (x.ew_id, x.ns_id) for p in people[pair]]
        out = [people[x.ew_id][0] for x in tables if x.ns_id is None]
        assert len(seated) == 16 and len(set(seated)) == 16 and len(out) == 2
        assert not set(out) & set(seated)
        sat_out.update(out)
        for x in tables:
            if x.ns_id:
                for pair in (x.ew_id, x.ns_id):
                    partners[frozenset(people[pair])] += 1
    assert max(partners.values()) == 1  # never the same partner twice
    assert max(sat_out.values()) == 1  # nobody sat out twice (10 of 18 sat out once)
    rows = individual_standings_for(t)
    assert len(rows) == 18 and rows[0].rank == 1
    # every table hands out 26 points under points26 (13 + d : 13 − d for each side, twice)
    assert sum(r.points for r in rows) == 5 * (4 * 2 * 26 + 2 * 18)


def test_a_fixed_movement_of_eight_players_never_repeats_a_partner(organizer):
    t = build_individual_event(organizer, slug="move", players=8, rounds=7, format="movement")
    partners = Counter()
    for _ in range(7):
        rnd = play_round(t, organizer, lambda table: ("A+", "Q"))
        people = individuals_of_pairs(t)
        for x in Table.objects.filter(round=rnd):
            assert x.ns_id is not None  # eight players: nobody sits out
            for pair in (x.ew_id, x.ns_id):
                partners[frozenset(people[pair])] += 1
    assert len(partners) == 28 and set(partners.values()) == {1}  # every two, once


def test_a_movement_needs_eight_twelve_or_sixteen_players(organizer):
    from tournament.core.actors import user_actor
    from tournament.core.errors import Refused
    from tournament.rounds.pairing import pair_next_round

    t = build_individual_event(organizer, slug="move9", players=9, rounds=3, format="movement")
    with pytest.raises(Refused) as refused:
        pair_next_round(t, by=user_actor(organizer))
    assert "8、12或16" in str(refused.value) and "9" in str(refused.value)
