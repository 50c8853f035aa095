"""Check-in (检录) in an individual event: the players' own entries are checked in, listed
and marked absent or withdrawn, never the partnerships; an absent player's partnership
forfeits its table when the round is paired, and the standings score §17.4."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.urls import reverse

from tests.app.individuals.individual_event import build_individual_event, play_round
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.individuals.partnerships import individuals_of_pairs
from tournament.individuals.standings import individual_standings_for
from tournament.models import Absence, CheckIn, Individual, Pair, Round, Staff, Table
from tournament.models.result_values import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.signup.checkin import board_counts, checkin_code, missing_pairs

pytestmark = pytest.mark.django_db


def desk(t):
    return reverse("checkin_desk", args=[t.slug])


def test_players_check_in_by_draw_number_name_or_code_not_partnerships(organizer, referee):
    t = build_individual_event(organizer, players=8, rounds=3)
    Staff.objects.create(tournament=t, user=referee, role=Staff.REFEREE)
    play_round(t, organizer, lambda table: ("A+", "10"))  # partnerships exist now
    assert Pair.objects.filter(tournament=t, individual__isnull=True).count() == 4
    people = list(Individual.objects.filter(tournament=t).order_by("draw_number"))
    client = login(referee)
    client.post(desk(t), {"q": str(people[0].draw_number)})
    client.post(desk(t), {"q": people[1].name})
    client.post(desk(t), {"code": checkin_code(people[2].own_id)})
    checked = set(CheckIn.objects.values_list("pair_id", flat=True))
    assert checked == {people[0].own_id, people[1].own_id, people[2].own_id}
    assert board_counts(t) == (3, 5)  # eight players, not sixteen entries
    assert {p.pk for p in missing_pairs(t)} == {p.own_id for p in people[3:]}
    page = client.get(desk(t)).content.decode()
    assert "共已检录 3 人 · 未到 5 人" in page
    assert "/" not in "".join(p.name for p in missing_pairs(t))
    partnership = Pair.objects.filter(tournament=t, individual__isnull=True).first()
    client.post(desk(t), {"team": str(partnership.pk)})  # not an entry that checks in
    assert CheckIn.objects.count() == 3


def test_an_absent_player_forfeits_their_partnerships_table(organizer):
    t = build_individual_event(organizer, players=8, rounds=3)
    people = list(Individual.objects.filter(tournament=t).order_by("draw_number"))
    for person in people[1:]:
        CheckIn.objects.create(pair_id=person.own_id, method=CheckIn.TYPED)
    client = login(organizer)
    missing = reverse("checkin_missing", args=[t.slug])
    page = client.get(missing).content.decode()
    assert "以下 1 名选手未检录" in page and people[0].name in page
    client.post(missing, {"action": "absent", "team": [str(people[0].own_id)]})
    assert list(Absence.objects.values_list("pair_id", "round_number")) == [(people[0].own_id, 1)]
    client.post(reverse("pair_next", args=[t.slug]))
    seat = Pair.objects.filter(players__individual=people[0]).exclude(pk=people[0].own_id).get()
    table = Table.objects.get(Q(ew=seat) | Q(ns=seat), round__number=1)
    side = "EW" if table.ew_id == seat.pk else "NS"
    assert (table.forfeit, table.state) == (side, Table.CONFIRMED)
    others = Table.objects.filter(round__number=1).exclude(pk=table.pk)
    assert set(others.values_list("forfeit", flat=True)) == {""}
    finish_round(t, organizer)
    rows = {row.player: row for row in individual_standings_for(t)}
    partner = next(i for i in individuals_of_pairs(t)[seat.pk] if i != people[0].pk)
    assert (rows[people[0].pk].losses, rows[people[0].pk].forfeits) == (1, 1)
    assert rows[partner].wins == 1  # docs/rules.md §17.4: the three present win
    opponents = individuals_of_pairs(t)[table.ns_id if side == "EW" else table.ew_id]
    assert [rows[p].wins for p in opponents] == [1, 1]


def finish_round(t, organizer) -> None:
    """Publish round 1, enter and confirm its other tables, lock it."""
    by = user_actor(organizer)
    rnd = Round.objects.get(tournament=t, number=1)
    publish_round(rnd, by=by)
    for other in Table.objects.filter(round=rnd, forfeit="").exclude(ns=None):
        other = submit_result(
            other, ResultValues(ew_level="A+", ns_level="10"), version=None, by=by
        )
        confirm_result(other, version=None, by=by)
    rnd.refresh_from_db()
    lock_round(rnd, by=by)


def test_missing_players_withdrawn_with_their_own_entries(organizer):
    t = build_individual_event(organizer, players=8, rounds=3)
    people = list(Individual.objects.filter(tournament=t).order_by("draw_number"))
    client = login(organizer)
    missing = reverse("checkin_missing", args=[t.slug])
    client.post(missing, {"action": "withdraw", "team": [str(people[0].own_id)]})
    assert Individual.objects.get(pk=people[0].pk).status == "withdrawn"
    assert Pair.objects.get(pk=people[0].own_id).status == "withdrawn"
