"""Guards found in review: disputes, corrections, locking order, stages, public results."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.spreadsheet_files import xlsx
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.events.services import tournament_create, tournament_update
from tournament.events.stages import stage_add
from tournament.models import Round, Staff, Table
from tournament.registration.services import pairs_import
from tournament.results.checks import ResultValues
from tournament.results.fouls import record_foul
from tournament.results.services import confirm_result, submit_result
from tournament.results.spreadsheet_import import import_results
from tournament.rounds.lifecycle import lock_round, publish_round, unlock_round
from tournament.rounds.pairing import draw, next_round_problem, pair_next_round
from tournament.text.messages import render

pytestmark = pytest.mark.django_db

WIN = ResultValues("A+", "K", winner="EW")
LOSS = ResultValues("K", "A+", winner="NS")


@pytest.fixture
def ref2(tournament, make_user):
    user = make_user("ref2")
    Staff.objects.create(tournament=tournament, user=user, role=Staff.REFEREE)
    return user


@pytest.fixture
def table1(tournament, pairs8, make_round):
    return make_round(tournament, pairs8).tables.get(number=1)


def test_a_dispute_stays_until_the_chief_rules(table1, referee, ref2, chief):
    m = submit_result(table1, WIN, version=table1.version, by=user_actor(referee))
    m = submit_result(
        m, ResultValues("A+", "5", winner="EW"), version=m.version, by=user_actor(ref2)
    )
    assert m.state == Table.DISPUTED
    # The first referee re-entering, or anyone agreeing with either side, changes nothing.
    m = submit_result(m, WIN, version=m.version, by=user_actor(referee))
    assert m.state == Table.DISPUTED
    m = submit_result(m, WIN, version=None, by=user_actor(None, "table_ns"))
    assert Table.objects.get(pk=m.pk).state == Table.DISPUTED
    ruled = submit_result(
        m, ResultValues("A+", "5", winner="EW"), version=None, by=user_actor(chief)
    )
    assert ruled.state == Table.CONFIRMED and ruled.ns_level == "5"


def test_nobody_confirms_their_own_entry_from_another_page(table1, referee):
    m = submit_result(table1, WIN, version=table1.version, by=user_actor(referee, "table_ew"))
    with pytest.raises(Refused):
        confirm_result(m, version=m.version, by=user_actor(referee))
    with pytest.raises(Refused):
        confirm_result(m, version=m.version, by=user_actor(referee, "table_ns"))


def test_a_round_can_be_locked_only_after_the_rounds_before(
    tournament, pairs8, make_round, referee, chief
):
    r1 = make_round(tournament, pairs8, number=1)
    r2 = make_round(tournament, pairs8[::-1], number=2)
    for m in r2.tables.exclude(ns=None):
        m = submit_result(m, WIN, version=m.version, by=user_actor(referee))
        confirm_result(m, version=m.version, by=user_actor(chief))
    with pytest.raises(Refused, match="第1轮尚未锁定"):
        lock_round(Round.objects.get(pk=r2.pk), by=user_actor(chief))
    assert r1.status == Round.PUBLISHED


def test_pairing_waits_for_every_earlier_round_to_be_locked(
    tournament, pairs8, make_round, referee, chief
):
    r1 = make_round(tournament, pairs8, number=1)
    for m in r1.tables.exclude(ns=None):
        m = submit_result(m, WIN, version=m.version, by=user_actor(referee))
        confirm_result(m, version=m.version, by=user_actor(chief))
    lock_round(Round.objects.get(pk=r1.pk), by=user_actor(chief))
    r2 = make_round(tournament, pairs8[::-1], number=2)
    unlock_round(Round.objects.get(pk=r1.pk), by=user_actor(chief))
    assert render(next_round_problem(tournament)) == "第1轮尚未锁定，锁定后才能编排下一轮"
    assert Round.objects.get(pk=r2.pk).stale


def test_a_foul_on_a_confirmed_table_needs_the_chief_and_a_new_confirmation(
    table1, referee, ref2, chief
):
    table1.round.tournament.__class__.objects.filter(pk=table1.round.tournament_id).update(
        three_fouls_defeat=True  # docs/rules.md §7.3: the third foul loses the round
    )
    m = submit_result(table1, WIN, version=table1.version, by=user_actor(referee))
    confirm_result(m, version=m.version, by=user_actor(ref2))
    with pytest.raises(Refused, match="裁判长"):
        record_foul(m, side="EW", kind="time_delay", severity="foul", by=user_actor(referee))
    for _ in range(3):
        record_foul(m, side="EW", kind="time_delay", severity="foul", by=user_actor(chief))
    m = Table.objects.get(pk=m.pk)
    assert (m.defeat_side, m.winner, m.state) == ("EW", "NS", Table.ENTERED)


def test_first_wrong_card_count_is_only_a_warning(table1, referee):
    record_foul(table1, side="NS", kind="wrong_count", severity="foul", by=user_actor(referee))
    assert Table.objects.get(pk=table1.pk).ns_fouls == 0
    record_foul(table1, side="NS", kind="wrong_count", severity="foul", by=user_actor(referee))
    assert Table.objects.get(pk=table1.pk).ns_fouls == 1


def test_fouls_cannot_be_undone_or_added_by_the_sheet_alone(table1, referee):
    from tournament.results.services import save_scoresheet

    m = save_scoresheet(
        table1, [{"win": "EW", "partner": 2}], version=table1.version, by=user_actor(referee)
    )
    with pytest.raises(Refused, match="犯规"):
        save_scoresheet(
            m,
            [*m.deals, {"foul": "NS", "kind": "time_delay"}],
            version=m.version,
            by=user_actor(referee),
        )
    record_foul(m, side="NS", kind="time_delay", severity="foul", by=user_actor(referee))
    m = Table.objects.get(pk=m.pk)
    with pytest.raises(Refused, match="不能撤销"):
        save_scoresheet(m, m.deals[:1], version=m.version, by=user_actor(referee))
    assert m.ns_fouls == 1 and m.fouls.count() == 1


def test_saving_settings_keeps_stages_added_by_hand(tournament):
    stage_add(
        tournament, kind="knockout", name="决赛", rounds=3, qualify={"top": 4}, by=user_actor(None)
    )
    tournament.publish_pairings = True
    tournament_update(tournament=tournament, version=tournament.version, by=user_actor(None))
    assert tournament.stages.count() == 2


def test_rule_options_are_frozen_once_a_round_is_published(tournament, pairs8, make_round):
    from tournament.core.errors import Refused

    make_round(tournament, pairs8)
    tournament.scoring = "match_points"
    with pytest.raises(Refused, match="计分方法"):
        tournament_update(tournament=tournament, version=tournament.version, by=user_actor(None))


def test_public_pairings_show_results_only_of_locked_rounds(tournament, table1, referee, chief):
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    m = submit_result(table1, WIN, version=table1.version, by=user_actor(referee))
    confirm_result(m, version=m.version, by=user_actor(chief))
    page = Client().get(reverse("pairings", args=["spring", 1])).content.decode()
    assert "过A : K" not in page


def test_results_import_that_would_make_a_dispute_imports_nothing(table1, referee):
    submit_result(table1, WIN, version=table1.version, by=user_actor(referee))
    data = xlsx(
        [(1, "A+", "2", 0, 0, ""), (2, "A+", "3", 0, 0, "")],
        header=["台号", "东西", "南北", "东西犯规", "南北犯规", "弃权"],
    )
    check = import_results(
        table1.round, data=data, filename="r.xlsx", by=user_actor(None, "import")
    )
    assert [str(p) for p in check.problems] == ["第1台：与已录入的成绩不一致（或该台有争议）"]
    assert table1.round.tables.get(number=2).state == Table.EMPTY
    assert Table.objects.get(pk=table1.pk).state == Table.ENTERED


def test_overlong_phone_is_reported_by_row(tournament):
    data = xlsx([("甲队", "", "张三", "李四", "1" * 31, "")])
    check = pairs_import(tournament=tournament, data=data, filename="a.xlsx", by=user_actor(None))
    assert [str(p) for p in check.problems] == ["第2行“电话”列：电话号码超过30位"]


@pytest.mark.both_databases
def test_manual_adjustment_is_refused_on_a_knockout_draft(organizer, chief, referee, register):
    from tournament.rounds.adjust import swap_pairs

    t = tournament_create(organizer=organizer, slug="ko4", name="KO", format="knockout", rounds=1)
    pairs = [register(t, f"队{i}") for i in range(4)]
    draw(t, seed=1, by=user_actor(None))
    r = pair_next_round(t, by=user_actor(None))
    with pytest.raises(Refused, match="不能手工调整"):
        swap_pairs(r, pairs[0].pk, pairs[1].pk, by=user_actor(organizer))


def test_knockout_of_three_finishes_and_a_correction_moves_the_right_pair(
    organizer, chief, referee, register
):
    t = tournament_create(organizer=organizer, slug="ko3", name="KO3", format="knockout", rounds=1)
    Staff.objects.create(tournament=t, user=chief, role=Staff.CHIEF_REFEREE)
    Staff.objects.create(tournament=t, user=referee, role=Staff.REFEREE)
    for i in range(3):
        register(t, f"队{i}")
    draw(t, seed=5, by=user_actor(None))
    semi = pair_next_round(t, by=user_actor(None))
    publish_round(semi, by=user_actor(organizer))
    (m,) = semi.tables.all()  # seed 1 has a bye; seeds 2 and 3 play the only semi-final
    m = submit_result(m, WIN, version=m.version, by=user_actor(referee))
    confirm_result(m, version=m.version, by=user_actor(chief))
    lock_round(Round.objects.get(pk=semi.pk), by=user_actor(chief))
    # The chief corrects the semi-final after unlocking: NS won, not EW.
    unlock_round(Round.objects.get(pk=semi.pk), by=user_actor(chief))
    m = Table.objects.get(pk=m.pk)
    submit_result(m, LOSS, version=m.version, by=user_actor(chief))
    lock_round(Round.objects.get(pk=semi.pk), by=user_actor(chief))
    final = pair_next_round(t, by=user_actor(None))
    (f,) = final.tables.filter(bracket_id="R2-1")
    (seed1,) = t.pairs.exclude(pk__in=[m.ew_id, m.ns_id])  # the pair with the bye
    assert {f.ew_id, f.ns_id} == {seed1.pk, m.ns_id}  # the corrected winner plays the final
    bracket = t.stages.get().state["bracket"]
    assert bracket["third_place"]["winner"] == m.ew_id  # the only semi-final loser is third
    publish_round(final, by=user_actor(organizer))
    f = submit_result(f, WIN, version=f.version, by=user_actor(referee))
    confirm_result(f, version=f.version, by=user_actor(chief))
    lock_round(Round.objects.get(pk=final.pk), by=user_actor(chief))
    assert render(next_round_problem(t)) == "所有阶段的轮次都已编排完毕"


def test_a_referee_with_assigned_tables_enters_only_those(
    tournament, pairs8, make_round, referee, chief
):
    from tournament.core.rights import parse_tables

    assert parse_tables("1-2，4") == {1, 2, 4} and parse_tables("") is None
    Staff.objects.filter(tournament=tournament, user=referee).update(tables="1-2")
    r = make_round(tournament, pairs8)
    t1, t3 = r.tables.get(number=1), r.tables.get(number=3)
    submit_result(t1, WIN, version=t1.version, by=user_actor(referee))
    with pytest.raises(Refused, match="没有被分配到第3台"):
        submit_result(t3, WIN, version=t3.version, by=user_actor(referee))
    with pytest.raises(Refused, match="没有被分配到第3台"):
        record_foul(t3, side="EW", kind="time_delay", severity="foul", by=user_actor(referee))
    submit_result(
        t3, WIN, version=t3.version, by=user_actor(chief)
    )  # the chief referee has every table


def test_staff_page_sets_assigned_tables(tournament, as_organizer, make_user):
    make_user("ref3")
    as_organizer.post(
        reverse("staff_list", args=["spring"]),
        {"username": "ref3", "role": "referee", "tables": "5-8"},
    )
    assert Staff.objects.get(user__username="ref3").tables == "5-8"
    as_organizer.post(
        reverse("staff_list", args=["spring"]),
        {"username": "ref3", "role": "referee", "tables": "x"},
    )
    assert Staff.objects.get(user__username="ref3").tables == "5-8"


@pytest.mark.both_databases
def test_re_pairing_a_draft_from_the_adjust_page_and_never_a_published_round(
    tournament, pairs8, as_organizer, organizer
):
    from tournament.models import AuditEntry

    draw(tournament, seed=1, by=user_actor(None))
    round_ = pair_next_round(tournament, by=user_actor(None))
    assert round_.status == Round.DRAFT
    url = reverse("round_adjust", args=["spring", round_.number])
    as_organizer.post(url, {"op": "repair", "seed": "5"})
    again = Round.objects.get(pk=round_.pk)
    assert again.seed == 5 and again.version == round_.version + 1
    pairs = [t for m in again.tables.all() for t in (m.ew_id, m.ns_id)]
    assert sorted(pairs) == sorted(t.pk for t in pairs8)
    assert AuditEntry.objects.filter(action="round.repair", object_id=str(round_.pk)).count() == 1
    publish_round(again, by=user_actor(organizer))
    published = Round.objects.get(pk=round_.pk)
    page = as_organizer.post(url, {"op": "repair", "seed": "6"}, follow=True).content.decode()
    after = Round.objects.get(pk=round_.pk)
    assert after.seed == 5 and after.version == published.version
    assert AuditEntry.objects.filter(action="round.repair").count() == 1
    assert "msg error" in page
