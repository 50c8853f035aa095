"""Every registration path links its players to persons (tournament.core.identity), and the
sheets take each player's 会员号 in the columns the issue names: 选手1会员号/选手2会员号 (pairs),
组合1选手1会员号… (teams), 会员号 (individuals)."""

from __future__ import annotations

import pytest

from tests.app.core.test_prepared import _same
from tests.app.spreadsheet_files import xlsx
from tests.app.teams.team_sheets import team_event
from tournament.core.actors import user_actor
from tournament.core.identity import (
    _UNLINKED_INDIVIDUALS,
    _UNLINKED_MEMBERS,
    _UNLINKED_PLAYERS,
    link_event,
)
from tournament.events.services import tournament_create
from tournament.individuals.import_sheet import individuals_import
from tournament.models import Individual, Person, Player, TeamMember
from tournament.registration.services import PairData, pair_register, pair_update, pairs_import
from tournament.teams.import_sheet import teams_import
from tournament.teams.line_ups import change_line_up

pytestmark = pytest.mark.django_db

PAIR_HEADER = ["队名", "单位", "选手1", "选手1会员号", "选手2", "选手2会员号", "电话"]


def _event(organizer, slug, **options):
    by = user_actor(organizer)
    return tournament_create(organizer=organizer, by=by, name=slug, slug=slug, **options)


def _unlinked() -> int:
    return (
        Player.objects.filter(person=None).count()
        + TeamMember.objects.filter(person=None).count()
        + Individual.objects.filter(person=None).count()
    )


def test_a_pairs_sheet_the_teams_sheet_and_the_individuals_sheet_share_persons(organizer):
    by = user_actor(organizer)
    pairs = _event(organizer, "pairs")
    rows = [("一队", "扬州", "张三", "js001", "李四", "", "13800000001")]
    assert pairs_import(tournament=pairs, data=xlsx(rows, PAIR_HEADER), filename="a.xlsx", by=by).ok
    teams = team_event(organizer, slug="teams", substitutes=0)
    header = ["队名", "单位", "组合1选手1", "组合1选手1会员号", "组合1选手2", "组合2选手1"]
    header += ["组合2选手2", "组合2选手2会员号"]
    row = ("甲队", "扬州", "张三", "JS001", "王五", "赵六", "钱七", "JS007")
    assert teams_import(tournament=teams, data=xlsx([row], header), filename="t.xlsx", by=by).ok
    solo = _event(organizer, "solo", entry="individuals")
    sheet = xlsx(
        [("钱七", "js007", "南京", ""), ("张三", "", "扬州", "")],
        ["姓名", "会员号", "单位", "手机"],
    )
    assert individuals_import(tournament=solo, data=sheet, filename="s.xlsx", by=by).ok
    assert _unlinked() == 0
    zhang = Person.objects.get(number="JS001")
    # By number in the pairs and teams events; the individual 张三 has neither number nor
    # phone: another person until an organizer confirms the match.
    assert {s.pair.tournament.slug for s in zhang.seats.all()} == {"pairs", "teams"}
    assert Person.objects.filter(name="张三").count() == 2
    qian = Person.objects.get(number="JS007")
    assert set(qian.individuals.values_list("tournament__slug", flat=True)) == {"solo"}
    assert qian.team_members.count() == 1 and qian.seats.count() == 2  # team pair + own entry


def test_a_number_twice_in_a_sheet_or_the_event_is_refused(organizer):
    by = user_actor(organizer)
    t = _event(organizer, "pairs")
    rows = [
        ("一队", "", "张三", "JS1", "李四", "", ""),
        ("二队", "", "王五", "js1", "赵六", "", ""),
    ]
    check = pairs_import(tournament=t, data=xlsx(rows, PAIR_HEADER), filename="a.xlsx", by=by)
    assert [str(p) for p in check.problems] == ["第3行“选手1会员号”列：会员号“JS1”与第2行重复"]
    assert not Player.objects.exists()
    pair_register(tournament=t, data=PairData("一队", "", "张三", "李四", member1="JS1"), by=by)
    again = pairs_import(tournament=t, data=xlsx(rows[1:], PAIR_HEADER), filename="b.xlsx", by=by)
    assert [str(p) for p in again.problems] == [
        "第2行“选手1会员号”列：会员号“JS1”已有选手报名本赛事"
    ]


def test_an_edit_that_changes_who_a_player_is_links_again(organizer):
    by = user_actor(organizer)
    t = _event(organizer, "pairs")
    pair = pair_register(tournament=t, data=PairData("一队", "", "张三", "李四"), by=by)
    before = {p.position: p.person_id for p in pair.players.all()}
    data = PairData("一队", "", "张三", "李四", member2="JS9")
    pair_update(pair=pair, data=data, version=pair.version, by=by)
    after = {p.position: p.person_id for p in pair.players.all()}
    assert after[1] == before[1] and after[2] != before[2]
    assert Person.objects.get(pk=after[2]).number == "JS9"


def test_a_line_up_pair_carries_its_members_persons(organizer):
    from tests.app.teams.team_event import build_team_event

    t = build_team_event(organizer, teams=4, rounds=2)
    team = t.teams.first()
    members = list(team.members.order_by("number"))
    by = user_actor(organizer)
    change_line_up(team=team, round_number=1, members=[(1, 3), (2, 4)], by=by)
    assert _unlinked() == 0
    made = Player.objects.filter(pair__team=team, member=members[2]).exclude(pair__team_slot=2)
    assert {p.person_id for p in made} == {members[2].person_id}


@pytest.mark.both_databases
def test_the_unlinked_rows_are_read_as_the_orm_reads_them(organizer):
    """link_event's reads are compiled once (tournament.core.prepared): each gives the rows
    and related rows the queryset gives, for each kind of event."""
    by = user_actor(organizer)
    pairs = _event(organizer, "pairs")
    pair_register(tournament=pairs, data=PairData("一队", "扬州", "张三", "李四"), by=by)
    pair_register(tournament=pairs, data=PairData("二队", "", "王五", "赵六"), by=by)
    teams = team_event(organizer, slug="teams", substitutes=0)
    row = ("甲队", "扬州", "张三", "王五", "赵六", "钱七")
    header = ["队名", "单位", "组合1选手1", "组合1选手2", "组合2选手1", "组合2选手2"]
    assert teams_import(tournament=teams, data=xlsx([row], header), filename="t.xlsx", by=by).ok
    solo = _event(organizer, "solo", entry="individuals")
    sheet = xlsx([("钱七", "南京"), ("张三", "")], ["姓名", "单位"])
    assert individuals_import(tournament=solo, data=sheet, filename="s.xlsx", by=by).ok
    for model in (Player, TeamMember, Individual):
        model.objects.update(person=None)
    reads = (
        (_UNLINKED_PLAYERS, Player.objects.filter(pair__tournament=pairs, person=None)),
        (_UNLINKED_PLAYERS, Player.objects.filter(pair__tournament=teams, person=None)),
        (_UNLINKED_MEMBERS, TeamMember.objects.filter(team__tournament=teams, person=None)),
        (_UNLINKED_INDIVIDUALS, Individual.objects.filter(tournament=solo, person=None)),
    )
    related = {
        Player: ("pair__unit", "member", "individual"),
        TeamMember: ("team__unit",),
        Individual: ("unit",),
    }
    for prepared, queryset in reads:
        orm = list(queryset.select_related(*related[queryset.model]).order_by("pk"))
        mine = sorted(prepared.all(_event_of(orm[0])), key=lambda row: row.pk)
        assert len(mine) == len(orm) >= 2
        for a, b in zip(mine, orm, strict=True):
            _same(a, b)
    assert link_event(pairs) == 4 and _UNLINKED_PLAYERS.all(pairs.pk) == []


def _event_of(row) -> int:
    """The id of the event a pair's player, a team member or an individual is registered in
    (from the rows already read: no related object loaded)."""
    if isinstance(row, Player):
        return row.pair.tournament_id
    return row.team.tournament_id if isinstance(row, TeamMember) else row.tournament_id
