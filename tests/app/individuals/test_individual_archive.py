"""An individual event goes through the archive whole: players, their own entries, the
partnerships the rounds made, sit-outs, absences and the players' standings."""

from __future__ import annotations

import json

import pytest

from tests.app.archive.test_archive import comparable
from tests.app.individuals.individual_event import build_individual_event, play_round
from tournament.archive.importer import import_archive
from tournament.archive.write import export_archive
from tournament.individuals.partnerships import individuals_of_pairs
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]


def _standings(t):
    names = dict(Individual.objects.filter(tournament=t).values_list("pk", "name"))
    return [
        (r.rank, names[r.player], r.points, r.level_diff, r.wins, r.sit_outs)
        for r in individual_standings_for(t)
    ]


def _partnerships(t):
    """Each round's tables as the names at them: {(round, table): (EW names, NS names)}, and
    the players sitting out per round."""
    names = dict(Individual.objects.filter(tournament=t).values_list("pk", "name"))
    people = individuals_of_pairs(t)
    seats, out = {}, set()
    for number, table, ew, ns in Table.objects.filter(round__tournament=t).values_list(
        "round__number", "number", "ew_id", "ns_id"
    ):
        ew_names = tuple(names[p] for p in people[ew])
        if ns is None:
            out.add((number, ew_names[0]))
        else:
            seats[(number, table)] = (ew_names, tuple(names[p] for p in people[ns]))
    return seats, out


def test_an_individual_event_round_trips(organizer):
    t = build_individual_event(organizer, players=18, rounds=3)
    play_round(t, organizer, lambda table: ("A+", "10") if table.number % 2 else ("9", "K"))
    play_round(t, organizer, lambda table: ("Q", "J"))
    first = export_archive(t)
    copy = import_archive(json.loads(json.dumps(first)), slug="solo-copy", map_users=True)
    t2 = copy.tournament
    assert t2.is_individual_event and t2.slug == "solo-copy"
    assert Individual.objects.filter(tournament=t2).count() == 18
    assert _standings(t2) == _standings(t)
    assert _partnerships(t2) == _partnerships(t)
    for person in Individual.objects.filter(tournament=t2):
        assert person.own.name == person.name and person.own.players.get().individual == person
    assert comparable(export_archive(t2)) == comparable(first)


def test_an_individual_event_pairs_on_after_the_round_trip(organizer):
    """The copy's next round keeps partners new (the partnerships came back as they were)."""
    t = build_individual_event(organizer, players=8, rounds=3)
    play_round(t, organizer, lambda table: ("A+", "10"))
    copy = import_archive(json.loads(json.dumps(export_archive(t))), slug="solo-2", map_users=True)
    t2 = copy.tournament
    play_round(t2, organizer, lambda table: ("2", "A+"))
    seats, _out = _partnerships(t2)
    pairs = [frozenset(side) for sides in seats.values() for side in sides]
    assert len(pairs) == 8 and len(set(pairs)) == 8
