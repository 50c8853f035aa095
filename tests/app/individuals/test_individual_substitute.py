"""A substitute seated for an absent player before the round starts (docs/rules.md §17.4)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.app.individuals.individual_event import build_individual_event
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.individuals.partnerships import individuals_of_pairs
from tournament.individuals.substitutes import seat_substitute
from tournament.models import Individual, Table
from tournament.rounds.lifecycle import publish_round, start_round
from tournament.rounds.pairing import pair_next_round

pytestmark = pytest.mark.django_db


def seats(t, rnd) -> dict[int, int | None]:
    """Individual id → its table number this round (None: sitting out)."""
    people = individuals_of_pairs(t)
    out = {}
    for table in Table.objects.filter(round=rnd):
        for pair in (table.ew_id, table.ns_id):
            if pair is not None:
                for person in people[pair]:
                    out[person] = table.number
    return out


def test_a_player_sitting_out_takes_the_absent_players_seat_through_the_page(organizer):
    t = build_individual_event(organizer, players=10, rounds=3)  # two sit out
    by = user_actor(organizer)
    rnd = pair_next_round(t, by=by)
    publish_round(rnd, by=by)
    before = seats(t, rnd)
    absent = Individual.objects.get(pk=next(p for p, n in before.items() if n == 1))
    resting = Individual.objects.get(pk=next(p for p, n in before.items() if n is None))
    page = reverse("round_substitute", args=[t.slug, 1])
    client = login(organizer)
    assert "替补入座" in client.get(reverse("round_control", args=[t.slug, 1])).content.decode()
    response = client.post(page, {"absent": absent.name, "substitute": resting.name})
    assert response.status_code == 302
    after = seats(t, rnd)
    assert after[resting.pk] == 1 and absent.pk not in after
    assert Table.objects.filter(round=rnd, ns=None).count() == 1  # one sit-out left
    # once the round has started, no more
    start_round(rnd, by=by)
    other = next(p for p, n in after.items() if n is None)
    with pytest.raises(Refused) as refused:
        seat_substitute(
            round_=rnd,
            absent=Individual.objects.get(pk=next(p for p, n in after.items() if n == 2)),
            substitute=Individual.objects.get(pk=other),
            by=by,
        )
    assert "已经开赛" in str(refused.value)


def test_a_seated_player_cannot_be_the_substitute_and_a_referee_cannot_do_it(organizer, referee):
    t = build_individual_event(organizer, players=8, rounds=3)
    by = user_actor(organizer)
    rnd = pair_next_round(t, by=by)
    where = seats(t, rnd)
    first, second = (Individual.objects.get(pk=p) for p in sorted(where)[:2])
    with pytest.raises(Refused):
        seat_substitute(round_=rnd, absent=first, substitute=second, by=by)
    page = reverse("round_substitute", args=[t.slug, 1])
    assert login(referee).get(page).status_code == 404
