"""The forfeits of pairs absent at check-in, set as a round is drawn, go through the write
rule: its ``checkin_absence`` path, asked for the one who draws."""

from __future__ import annotations

import pytest
from django.db.models import Q

from tests.conftest import ONE_EVENT
from tournament.core.actors import user_actor
from tournament.core.errors import NotAllowed
from tournament.models import Absence, Pair, Round, Table
from tournament.rounds.pairing import pair_next_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]


@pytest.fixture
def absent(tournament, pairs8) -> Pair:
    for number, pair in enumerate(pairs8, start=1):
        Pair.objects.filter(pk=pair.pk).update(draw_number=number)
    Absence.objects.create(pair=pairs8[0], round_number=1)
    return pairs8[0]


def _forfeited(pair: Pair) -> Table:
    return Table.objects.get(Q(ew=pair) | Q(ns=pair), round__number=1)


@pytest.mark.parametrize("who", ["organizer", "chief", "shell"])
def test_the_one_who_draws_sets_the_forfeits(request, tournament, absent, who):
    user = None if who == "shell" else request.getfixturevalue(who)
    pair_next_round(tournament, by=user_actor(user))
    table = _forfeited(absent)
    assert (table.state, table.confirmed_via) == (Table.CONFIRMED, "absent")
    assert table.forfeit == ("EW" if table.ew_id == absent.pk else "NS")


def test_a_referee_drawing_gets_no_forfeit_written(tournament, absent, referee):
    """Pairing is the organizer's page; a service called for a referee asks the rule,
    which refuses, and the whole draw is undone with it."""
    with pytest.raises(NotAllowed):
        pair_next_round(tournament, by=user_actor(referee))
    assert not Round.objects.filter(tournament=tournament).exists()
