"""Result entry rules: checks, confirmation by another, disputes, versions, locking, fouls."""

from __future__ import annotations

import pytest

from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.models import AuditEntry, Round, Table, Tournament
from tournament.results.checks import ResultInvalid, ResultValues, check_result, result_from_deals
from tournament.results.fouls import record_foul
from tournament.results.services import (
    confirm_result,
    resolve_dispute,
    save_scoresheet,
    submit_result,
)
from tournament.results.table_write import MSG_SELF_CONFIRM, StaleResult
from tournament.rounds.lifecycle import lock_round, start_round, unlock_round
from tournament.standings.selectors import ruleset

pytestmark = pytest.mark.django_db


def rs(tournament):
    return ruleset(tournament)


def test_check_result_accepts_a_passed_a_final(tournament):
    v = check_result(rs(tournament), ew_level="a+", ns_level="k")
    assert (v.ew_level, v.ns_level, v.winner) == ("A+", "K", "EW")


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"ew_level": "A+", "ns_level": "A+"}, "过A"),
        ({"ew_level": "14", "ns_level": "5"}, "不是有效级数"),
        ({"ew_level": "", "ns_level": "5"}, "请填写双方级数"),
        ({"ew_level": "5", "ns_level": "5", "forfeit": "XX"}, "弃权方"),
        ({"ew_level": "5", "ns_level": "5", "ew_fouls": 3, "ns_fouls": 3}, "双方都犯规三次"),
    ],
)
def test_impossible_results_are_refused_with_the_rule(tournament, kwargs, fragment):
    tournament.three_fouls_defeat = True  # the both-sides case exists only under docs/rules.md §7.3
    with pytest.raises(ResultInvalid, match=fragment):
        check_result(rs(tournament), **kwargs)


def test_three_fouls_make_a_defeat_whatever_the_levels(tournament):
    tournament.three_fouls_defeat = True  # docs/rules.md §7.3
    v = check_result(rs(tournament), ew_level="K", ns_level="5", ew_fouls=3)
    assert (v.defeat_side, v.defeat_reason, v.winner) == ("EW", "three_fouls", "NS")


def test_three_fouls_are_no_defeat_without_the_option(tournament):
    # Only 《掼蛋比赛竞赛细则》 has the three-fouls defeat; 《淮安掼蛋比赛规则》 (the default) keep the levels.
    v = check_result(rs(tournament), ew_level="K", ns_level="5", ew_fouls=3)
    assert (v.defeat_side, v.winner, v.ew_fouls) == ("", "EW", 3)


def test_final_levels_of_a_100_plus_event_record_how_the_pass_was_won(tournament):
    v = check_result(rs(tournament), ew_level="A+", ns_level="2", pass_partner="2")
    assert v.pass_upgrade == 3
    assert check_result(rs(tournament), ew_level="A+", ns_level="2").pass_upgrade is None
    with pytest.raises(ResultInvalid, match="过A方式"):
        check_result(rs(tournament), ew_level="K", ns_level="2", pass_partner="2")
    tournament.pass_a = "double_down"  # 1–3 does not pass A (docs/rules.md §4.1)
    with pytest.raises(ResultInvalid, match="过A方式"):
        check_result(rs(tournament), ew_level="A+", ns_level="2", pass_partner="3")


def test_forfeit_needs_no_levels(tournament):
    v = check_result(rs(tournament), forfeit="NS")
    assert (v.forfeit, v.winner, v.ew_level) == ("NS", "EW", "")


def test_finished_sheet_gives_the_result(tournament):
    # jiangsu: EW 1-2 (+3) 2→5, then 5→8, 8→J, J→A (capped), then EW wins at own A with 1-3: passed.
    steps = [{"win": "EW", "partner": 2}] * 4 + [{"win": "EW", "partner": 3}]
    v = result_from_deals(rs(tournament), steps)
    assert (v.ew_level, v.ns_level, v.winner) == ("A+", "2", "EW")
    assert result_from_deals(rs(tournament), steps[:2]) is None


@pytest.fixture
def table1(tournament, pairs8, make_round):
    round_ = make_round(tournament, pairs8)
    return round_.tables.get(number=1)


def values(ew="A+", ns="K", **kw):
    return ResultValues(ew_level=ew, ns_level=ns, winner="EW" if ew == "A+" else "", **kw)


def test_entry_then_confirmation_by_another_referee(table1, referee, chief):
    m = submit_result(table1, values(), version=table1.version, by=user_actor(referee))
    assert m.state == Table.ENTERED and m.entered_by == referee
    m = confirm_result(m, version=m.version, by=user_actor(chief))
    assert m.state == Table.CONFIRMED and m.confirmed_by == chief


def test_self_confirmation_is_refused_by_the_server(table1, referee):
    m = submit_result(table1, values(), version=table1.version, by=user_actor(referee))
    with pytest.raises(Refused) as refused:
        confirm_result(m, version=m.version, by=user_actor(referee))
    assert refused.value.msg.code == MSG_SELF_CONFIRM
    m.refresh_from_db()
    assert m.state == Table.ENTERED


def test_table_side_cannot_confirm_its_own_entry_but_the_other_side_can(table1, tournament):
    m = submit_result(table1, values(), version=table1.version, by=user_actor(None, "table_ew"))
    with pytest.raises(Refused) as refused:
        confirm_result(m, version=m.version, by=user_actor(None, "table_ew"))
    assert refused.value.msg.code == MSG_SELF_CONFIRM
    m = confirm_result(m, version=m.version, by=user_actor(None, "table_ns"), pin=m.ns_pin)
    assert m.state == Table.CONFIRMED and m.confirmed_via == "table_ns"


def test_same_result_from_a_second_person_confirms_it(table1, referee, chief):
    m = submit_result(table1, values(), version=table1.version, by=user_actor(referee))
    m = submit_result(m, values(), version=m.version, by=user_actor(chief))
    assert m.state == Table.CONFIRMED


def test_different_second_entry_is_a_dispute_and_keeps_the_first(table1, referee, chief, make_user):
    other = make_user("ref2")
    from tournament.models import Staff

    Staff.objects.create(tournament=table1.round.tournament, user=other, role=Staff.REFEREE)
    m = submit_result(table1, values(), version=table1.version, by=user_actor(referee))
    m = submit_result(m, values("A+", "Q"), version=m.version, by=user_actor(other))
    assert m.state == Table.DISPUTED and m.ns_level == "K"
    assert m.submissions.count() == 2
    ruled = resolve_dispute(m, values("A+", "Q"), version=m.version, by=user_actor(chief))
    assert ruled.state == Table.CONFIRMED and ruled.ns_level == "Q"


def test_referee_cannot_rule_a_dispute(table1, referee):
    with pytest.raises(Refused):
        resolve_dispute(table1, values(), version=table1.version, by=user_actor(referee))


def test_stale_save_is_refused_and_current_values_are_returned(table1, referee, chief):
    old_version = table1.version
    submit_result(table1, values(), version=old_version, by=user_actor(referee))
    with pytest.raises(StaleResult) as exc:
        submit_result(table1, values("A+", "2"), version=old_version, by=user_actor(chief))
    assert exc.value.current.ns_level == "K"
    table1.refresh_from_db()
    assert table1.ns_level == "K" and table1.state == Table.ENTERED


def test_every_change_is_audited_with_before_and_after(table1, referee, chief):
    m = submit_result(table1, values(), version=table1.version, by=user_actor(referee))
    confirm_result(m, version=m.version, by=user_actor(chief))
    entries = AuditEntry.objects.filter(object_type="match", object_id=str(table1.pk)).order_by(
        "id"
    )
    assert [e.action for e in entries] == ["result.enter", "result.confirm"]
    assert entries[0].before["state"] == "empty" and entries[0].after["ns_level"] == "K"
    assert entries[0].actor == "ref"


def test_confirmation_off_confirms_at_once(table1, tournament, referee):
    tournament.confirmation_required = False
    tournament.save()
    m = submit_result(table1, values(), version=table1.version, by=user_actor(referee))
    assert m.state == Table.CONFIRMED


def test_draft_round_takes_no_results(tournament, pairs8, make_round, referee):
    round_ = make_round(tournament, pairs8, status=Round.DRAFT)
    with pytest.raises(Refused, match="尚未公布"):
        submit_result(round_.tables.get(number=1), values(), version=None, by=user_actor(referee))


def confirm_all(round_, referee, chief):
    for m in round_.tables.exclude(ns=None):
        m = submit_result(m, values(), version=m.version, by=user_actor(referee))
        confirm_result(m, version=m.version, by=user_actor(chief))


def test_round_status_follows_the_tables_and_locks(tournament, pairs8, make_round, referee, chief):
    round_ = make_round(tournament, pairs8)
    start_round(round_, by=user_actor(chief))
    round_.refresh_from_db()
    assert round_.status == Round.IN_PLAY and round_.started_at
    with pytest.raises(Refused, match="还有4台成绩未确认"):
        lock_round(round_, by=user_actor(chief))
    confirm_all(round_, referee, chief)
    round_.refresh_from_db()
    assert round_.status == Round.CONFIRMED
    with pytest.raises(Refused):
        lock_round(round_, by=user_actor(referee))
    lock_round(round_, by=user_actor(chief))
    round_.refresh_from_db()
    assert round_.status == Round.LOCKED
    m = round_.tables.get(number=1)
    with pytest.raises(Refused, match="已锁定"):
        submit_result(m, values("A+", "2"), version=m.version, by=user_actor(chief))


def test_unlock_marks_later_rounds_stale(tournament, pairs8, make_round, referee, chief):
    r1 = make_round(tournament, pairs8, number=1)
    confirm_all(r1, referee, chief)
    lock_round(r1, by=user_actor(chief))
    r2 = make_round(tournament, pairs8[::-1], number=2, status=Round.PUBLISHED)
    unlock_round(r1, by=user_actor(chief))
    r1.refresh_from_db()
    r2.refresh_from_db()
    assert r1.status == Round.CONFIRMED and r2.stale


def test_sheet_saves_after_every_deal_and_enters_the_result_at_the_end(table1, referee):
    steps = []
    m = table1
    for _ in range(4):
        steps.append({"win": "EW", "partner": 2})
        m = save_scoresheet(m, list(steps), version=m.version, by=user_actor(referee))
        assert m.state == Table.IN_PLAY
    assert m.ew_level == "A"
    steps.append({"win": "EW", "partner": 3})
    m = save_scoresheet(m, steps, version=m.version, by=user_actor(referee))
    assert (m.state, m.ew_level, m.ns_level, m.mode) == (Table.ENTERED, "A+", "2", "deals")


def test_sheet_with_an_impossible_step_changes_nothing(table1, referee):
    m = save_scoresheet(
        table1, [{"win": "EW", "partner": 2}], version=table1.version, by=user_actor(referee)
    )
    with pytest.raises(ResultInvalid, match="第2条记录"):
        save_scoresheet(
            m,
            [{"win": "EW", "partner": 2}, {"win": "EW", "partner": 5}],
            version=m.version,
            by=user_actor(referee),
        )
    m.refresh_from_db()
    assert m.deals == [{"win": "EW", "partner": 2}]


def test_three_fouls_in_the_log_end_the_match(table1, referee):
    Tournament.objects.filter(pk=table1.round.tournament_id).update(three_fouls_defeat=True)
    for _ in range(3):
        record_foul(table1, side="NS", kind="time_delay", severity="foul", by=user_actor(referee))
    m = Table.objects.get(pk=table1.pk)
    assert (m.ns_fouls, m.defeat_side, m.defeat_reason, m.winner, m.state) == (
        3,
        "NS",
        "three_fouls",
        "EW",
        Table.ENTERED,
    )


def test_three_fouls_in_the_log_are_counted_but_lose_nothing_without_the_option(table1, referee):
    for _ in range(3):
        record_foul(table1, side="NS", kind="signalling", severity="foul", by=user_actor(referee))
    m = Table.objects.get(pk=table1.pk)
    assert (m.ns_fouls, m.defeat_side, m.winner) == (3, "", "")


def test_a_delay_warning_is_a_foul_when_the_event_says_so(table1, referee):
    # 《掼蛋比赛竞赛细则》 (docs/rules.md §7.1): "若拖延時間則直接記犯規1次。"
    record_foul(
        table1,
        side="NS",
        kind="time_delay",
        severity="warning",
        deal_number=1,
        by=user_actor(referee),
    )
    assert Table.objects.get(pk=table1.pk).ns_fouls == 0
    Tournament.objects.filter(pk=table1.round.tournament_id).update(delay="foul")
    record_foul(
        table1,
        side="NS",
        kind="time_delay",
        severity="warning",
        deal_number=2,
        by=user_actor(referee),
    )
    assert Table.objects.get(pk=table1.pk).ns_fouls == 2  # both delays count now


def test_two_warnings_in_one_deal_count_as_a_foul(table1, referee):
    record_foul(
        table1,
        side="EW",
        kind="out_of_turn",
        severity="warning",
        deal_number=4,
        by=user_actor(referee),
    )
    assert Table.objects.get(pk=table1.pk).ew_fouls == 0
    record_foul(
        table1,
        side="EW",
        kind="out_of_turn",
        severity="warning",
        deal_number=4,
        by=user_actor(referee),
    )
    assert Table.objects.get(pk=table1.pk).ew_fouls == 1
    record_foul(
        table1,
        side="EW",
        kind="out_of_turn",
        severity="warning",
        deal_number=5,
        by=user_actor(referee),
    )
    assert Table.objects.get(pk=table1.pk).ew_fouls == 1


def test_foul_on_a_deal_sheet_goes_through_the_engine(table1, referee):
    m = save_scoresheet(
        table1, [{"win": "EW", "partner": 4}], version=table1.version, by=user_actor(referee)
    )
    record_foul(m, side="NS", kind="out_of_turn", severity="foul", by=user_actor(referee))
    m = Table.objects.get(pk=table1.pk)
    # EW won 1-4 (+1) → 3; NS's out-of-turn play gives EW +1 → 4.
    assert (
        m.deals[-1] == {"foul": "NS", "kind": "out_of_turn"}
        and m.ew_level == "4"
        and m.ns_fouls == 1
    )
