"""A team event through the services: registration, line-ups, team Swiss, standings."""

from __future__ import annotations

import pytest

from tests.app.teams.team_event import build_team_event, play_round
from tournament.core.actors import user_actor
from tournament.core.errors import FieldErrors, Refused
from tournament.models import Pair, Round, Table, Team
from tournament.rounds.pairing import pair_next_round
from tournament.teams.line_ups import change_line_up, line_up_of
from tournament.teams.registration import TeamData, team_register
from tournament.teams.standings import best_pairs_for, team_standings_for

pytestmark = pytest.mark.django_db


def test_registration_makes_the_registered_pairs(organizer):
    t = build_team_event(organizer, teams=2)
    team = Team.objects.get(tournament=t, name="苏州一队")
    pairs = list(team.pairs.order_by("team_slot"))
    assert [p.name for p in pairs] == ["苏州一队·组合1", "苏州一队·组合2"]
    assert [p.player_names() for p in pairs] == ["苏州0号1、苏州0号2", "苏州0号3、苏州0号4"]
    assert team.members.count() == 5  # four players and a substitute
    assert all(p.unit.name == "苏州市" for p in pairs)


def test_a_team_with_too_few_players_is_refused(organizer):
    t = build_team_event(organizer, teams=2)
    data = TeamData(name="缺人队", players=("甲", "乙", "丙"))
    with pytest.raises(FieldErrors) as caught:
        team_register(tournament=t, data=data, by=user_actor(organizer))
    assert "players" in caught.value.fields
    assert not Team.objects.filter(name="缺人队").exists()


def _first_wins(table):
    return ("A+", "10")  # the EW pair wins every table by 5 levels


def test_rounds_have_crossed_tables_and_standings_add_up(organizer):
    t = build_team_event(organizer)
    rnd = play_round(t, organizer, _first_wins)
    tables = list(Table.objects.filter(round=rnd).order_by("number"))
    assert len(tables) == 8 and {t.team_match for t in tables} == {1, 2, 3, 4}
    for match in range(1, 5):
        one, two = [x for x in tables if x.team_match == match]
        assert two.number == one.number + 1
        # crossed: the team NS at the first table sits EW at the second
        assert one.ns.team_id == two.ew.team_id and one.ew.team_id == two.ns.team_id
    rows = team_standings_for(t)
    # every match is 1 table won by each side: equal totals, a draw (1 point each)
    assert all(r.match_points == 1 for r in rows)
    assert sum(r.total for r in rows) == sum(
        r.points for r in best_pairs_for(t)
    )  # team totals are the sums of their tables


def test_line_up_change_before_publishing_and_refused_after(organizer):
    t = build_team_event(organizer)
    by = user_actor(organizer)
    rnd = pair_next_round(t, by=by)
    team = Team.objects.get(tournament=t, name="无锡队")
    old = line_up_of(team, 1)
    # the substitute (member 5) replaces player 2 of pair 1
    new = change_line_up(team=team, round_number=1, members=[(1, 5), (3, 4)], by=by)
    assert new[0] != old[0] and new[1] == old[1]
    assert Pair.objects.get(pk=new[0]).team_id == team.pk
    assert (
        Table.objects.filter(round=rnd, ew_id=old[0]).count()
        + Table.objects.filter(round=rnd, ns_id=old[0]).count()
        == 0
    )
    assert (
        Table.objects.filter(round=rnd, ew_id=new[0]).exists()
        or Table.objects.filter(round=rnd, ns_id=new[0]).exists()
    )
    from tournament.rounds.lifecycle import publish_round

    publish_round(rnd, by=by)
    with pytest.raises(Refused):
        change_line_up(team=team, round_number=1, members=[(1, 2), (3, 4)], by=by)
    # the change is for that round: the next one is the registered line-up again
    assert line_up_of(team, 2) == old


def test_swiss_avoids_rematches_over_four_rounds(organizer):
    t = build_team_event(organizer)
    met = set()
    for n in range(4):
        rnd = play_round(
            t, organizer, lambda table: ("A+", "10") if table.number % 3 else ("9", "K")
        )
        for table in Table.objects.filter(round=rnd).exclude(ns=None):
            pair = frozenset((table.ew.team_id, table.ns.team_id))
            if table.number % 2:  # one line per team match
                assert pair not in met, f"rematch in round {n + 1}"
                met.add(pair)
    assert Round.objects.filter(tournament=t, status=Round.LOCKED).count() == 4
    rows = team_standings_for(t)
    assert sum(r.match_points for r in rows) == 4 * 4 * 2  # 4 matches a round, 2 points each


@pytest.mark.parametrize(
    ("members", "why"),
    [
        ([(1, 2)], "出场名单应有 2 个组合"),  # one pair short
        ([(1, 2), (3, 9)], "不在本队名单上"),  # a number from nobody's roster
        ([(1, 2), (2, 4)], "出现了两次"),  # one player in two pairs
    ],
)
def test_a_line_up_that_does_not_fit_the_roster_is_refused(organizer, members, why):
    t = build_team_event(organizer, teams=2)
    team = Team.objects.get(tournament=t, name="苏州二队")
    before = Pair.objects.count()
    with pytest.raises(Exception) as refused:
        change_line_up(team=team, round_number=1, members=members, by=user_actor(organizer))
    assert why in str(refused.value)
    assert Pair.objects.count() == before and not team.line_ups.exists()
