"""Entry validation: refused with a reason, nothing saved."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.models import AuditEntry, Foul, Round, Table
from tournament.printing.deallines import deal_lines
from tournament.results.checks import ResultInvalid, check_result
from tournament.results.fouls import foul_count, record_foul
from tournament.results.services import save_scoresheet
from tournament.standings.selectors import ruleset

pytestmark = pytest.mark.django_db

LEVELS = {"forfeit": "", "ew_fouls": 0, "ns_fouls": 0}


@pytest.fixture
def round1(tournament, pairs8, make_round):
    return make_round(tournament, pairs8)


@pytest.fixture
def table1(round1):
    return round1.tables.get(number=1)


def entry_url(table=1):
    return reverse("table_entry", args=["spring", 1, table])


def post_levels(client, table, number=1, **data):
    return client.post(entry_url(number), {**LEVELS, "version": table.version, **data})


# --- foul log -----------------------------------------------------------------------------


def test_a_foul_by_a_player_of_the_other_side_is_refused(table1, referee):
    ns_player = table1.ns.players.first()
    with pytest.raises(Refused, match="不是.*的选手"):
        record_foul(
            table1,
            side="EW",
            kind="out_of_turn",
            severity="foul",
            player=ns_player,
            by=user_actor(referee),
        )
    assert not Foul.objects.exists()


def test_the_web_form_says_why_a_wrong_player_is_refused(table1, referee):
    client = login(referee)
    data = {"side": "EW", "player": table1.ns.players.first().pk, "kind": "out_of_turn"}
    r = client.post(
        reverse("table_foul", args=["spring", 1, 1]), {**data, "severity": "foul"}, follow=True
    )
    assert "队2甲不是队1的选手" in r.content.decode() and not Foul.objects.exists()


def test_a_deal_not_yet_played_is_refused_on_a_sheet(table1, referee):
    m = save_scoresheet(
        table1, [{"win": "EW", "partner": 4}], version=table1.version, by=user_actor(referee)
    )
    with pytest.raises(Refused, match="只打了1副"):
        record_foul(
            m, side="EW", kind="out_of_turn", severity="foul", deal_number=3, by=user_actor(referee)
        )
    record_foul(
        m, side="EW", kind="out_of_turn", severity="foul", deal_number=2, by=user_actor(referee)
    )
    assert list(Foul.objects.values_list("deal_number", flat=True)) == [2]


def test_a_huge_deal_number_is_a_form_error_not_a_crash(table1, referee):
    client = login(referee)
    data = {"side": "EW", "kind": "out_of_turn", "severity": "foul", "deal_number": 10**25}
    r = client.post(reverse("table_foul", args=["spring", 1, 1]), data, follow=True)
    assert r.status_code == 200 and "第几副" in r.content.decode()
    assert not Foul.objects.exists()


def test_two_warnings_in_a_deal_agree_on_sheet_log_and_print(tournament, table1, referee):
    m = save_scoresheet(
        table1, [{"win": "EW", "partner": 4}], version=table1.version, by=user_actor(referee)
    )
    for _ in range(2):  # from the entry page's foul form: no deal number typed
        record_foul(
            Table.objects.get(pk=m.pk),
            side="NS",
            kind="out_of_turn",
            severity="warning",
            by=user_actor(referee),
        )
    m = Table.objects.get(pk=m.pk)

    assert m.ns_fouls == 1 and foul_count(m, m.ns) == 1
    assert set(Foul.objects.values_list("deal_number", flat=True)) == {2}
    printed = deal_lines(ruleset(tournament), m.deals)
    assert "计犯规1次" in printed[-1].note and "计犯规" not in printed[-2].note
    page = login(referee).get(entry_url()).content.decode()
    assert page.count("同一副第二次警告，计犯规1次") == 1
    log = login(referee).get(reverse("round_fouls", args=["spring", 1])).content.decode()
    assert log.count("计犯规1次") == 1


def test_a_second_wrong_count_in_another_deal_is_not_called_the_deals_second_warning(
    tournament, table1, referee
):
    """报牌错误: a warning the first time in the match, a foul the second time in any deal
    (docs/rules.md §7.1); the entry page says so, not 同一副第二次警告."""
    deals = [{"win": "EW", "partner": 4}, {"win": "NS", "partner": 3}]
    m = save_scoresheet(table1, deals, version=table1.version, by=user_actor(referee))
    for deal in (1, 2):
        record_foul(
            Table.objects.get(pk=m.pk),
            side="NS",
            kind="wrong_count",
            severity="warning",
            deal_number=deal,
            by=user_actor(referee),
        )
    m = Table.objects.get(pk=m.pk)
    assert m.ns_fouls == 1
    page = login(referee).get(entry_url()).content.decode()
    assert "同一副第二次警告" not in page
    assert page.count("再次报牌错误，计犯规1次") == 1


# --- final levels -------------------------------------------------------------------------


def test_a_forfeit_with_final_levels_is_refused(tournament):
    with pytest.raises(ResultInvalid, match="弃权的比赛没有终局级数"):
        check_result(ruleset(tournament), ew_level="A+", ns_level="5", forfeit="NS")


def test_equal_levels_need_time(table1, referee):
    client = login(referee)
    r = post_levels(client, table1, ew_level="10", ns_level="10")
    assert "只能是到时结束" in r.content.decode()
    assert Table.objects.get(pk=table1.pk).state == Table.EMPTY
    post_levels(client, table1, ew_level="10", ns_level="10", at_time="on")
    assert Table.objects.get(pk=table1.pk).state == Table.ENTERED


def test_time_before_the_limit_is_refused(round1, table1, referee):
    Round.objects.filter(pk=round1.pk).update(started_at=timezone.now() - timedelta(minutes=30))
    r = post_levels(login(referee), table1, ew_level="10", ns_level="8", at_time="on")
    assert "还没有到时" in r.content.decode()
    assert Table.objects.get(pk=table1.pk).state == Table.EMPTY


def test_the_chief_may_end_early_with_a_reason_that_is_logged(round1, table1, chief):
    Round.objects.filter(pk=round1.pk).update(started_at=timezone.now() - timedelta(minutes=30))
    client = login(chief)
    r = post_levels(client, table1, ew_level="10", ns_level="8", at_time="on")
    assert "还没有到时" in r.content.decode()
    post_levels(client, table1, ew_level="10", ns_level="8", at_time="on", time_reason="停电")
    assert Table.objects.get(pk=table1.pk).ns_level == "8"
    assert AuditEntry.objects.get(action="result.early_time").after["reason"] == "停电"


def test_time_after_the_limit_is_fine(tournament, round1, table1, referee):
    started = timezone.now() - timedelta(minutes=tournament.time_limit + 1)
    Round.objects.filter(pk=round1.pk).update(started_at=started)
    post_levels(login(referee), table1, ew_level="10", ns_level="8", at_time="on")
    assert Table.objects.get(pk=table1.pk).state == Table.ENTERED


# --- lateness, round state ------------------------------------------------------------------


def test_a_lateness_forfeit_asks_for_confirmation_first(table1, referee):
    client = login(referee)
    url = reverse("table_absent", args=["spring", 1, 1])
    r = client.post(url, {"side": "NS"})
    assert "确认弃权" in r.content.decode() and "队2" in r.content.decode()
    assert Table.objects.get(pk=table1.pk).state == Table.EMPTY
    client.post(url, {"side": "NS", "confirm": "1"})
    m = Table.objects.get(pk=table1.pk)
    assert (m.forfeit, m.defeat_reason) == ("NS", "late")


def test_a_draft_round_shows_its_state_and_no_entry_form(round1, referee):
    Round.objects.filter(pk=round1.pk).update(status=Round.DRAFT)
    page = login(referee).get(entry_url()).content.decode()
    assert "本轮尚未公布，不能录入成绩" in page and "草稿" in page
    assert "提交成绩" not in page


def test_the_entry_page_says_which_state_the_round_is_in(round1, referee):
    page = login(referee).get(entry_url()).content.decode()
    assert "本轮状态" in page and "已公布" in page


# --- player pages -------------------------------------------------------------------------


@pytest.fixture
def player_url(tournament, table1):
    tournament.table_entry = True
    tournament.save()
    return reverse("side_entry", args=["spring", table1.pk, table1.ew_code])


def test_player_page_offers_only_levels(player_url):
    page = Client().get(player_url).content.decode()
    assert 'name="ew_level"' in page and "逐副记录" in page
    for name in ("forfeit", "ew_fouls", "ns_fouls", "decider", "time_reason"):
        assert f'name="{name}"' not in page


def test_a_player_cannot_post_a_forfeit_or_fouls(player_url, table1):
    data = {"ew_level": "A+", "ns_level": "5", "forfeit": "NS", "ns_fouls": 3}
    Client().post(player_url, {**data, "version": table1.version})
    m = Table.objects.get(pk=table1.pk)
    assert (m.forfeit, m.ns_fouls, m.ns_level, m.state) == ("", 0, "5", Table.ENTERED)


def test_a_knockout_table_offers_the_decider_to_players(player_url, table1):
    Table.objects.filter(pk=table1.pk).update(bracket_id="F1")
    assert 'name="decider"' in Client().get(player_url).content.decode()


def test_a_wrong_code_gives_the_apps_own_page_in_chinese(settings, tournament, table1):
    settings.DEBUG = False
    tournament.table_entry = True
    tournament.save()
    r = Client().get(reverse("side_entry", args=["spring", table1.pk, "guess"]))
    page = r.content.decode()
    assert r.status_code == 404 and "页面不存在" in page and "app.css" in page
    assert "Not Found" not in page


def test_a_players_sheet_takes_no_penalty_or_forfeit(player_url, table1):
    api = player_url + "sheet/api/"
    for step in ({"penalty": "NS", "levels": 2}, {"forfeit_by": "NS", "reason": "forfeit"}):
        body = {"version": table1.version, "steps": [step]}
        r = Client().post(api, json.dumps(body), content_type="application/json")
        # Refused by the sheet service's one check (400, with the sheet as it stands).
        assert r.status_code == 400 and "请找裁判" in r.json()["error"]
    assert Table.objects.get(pk=table1.pk).deals == []
    body = {"version": table1.version, "steps": [{"win": "EW", "partner": 2}]}
    assert Client().post(api, json.dumps(body), content_type="application/json").status_code == 200


def test_a_time_line_on_the_sheet_before_the_limit_is_refused(round1, table1, referee):
    Round.objects.filter(pk=round1.pk).update(started_at=timezone.now() - timedelta(minutes=30))
    api = reverse("table_sheet_api", args=["spring", 1, 1])
    steps = [{"win": "EW", "partner": 2}, {"time": True}]
    body = json.dumps({"version": table1.version, "steps": steps})
    r = login(referee).post(api, body, content_type="application/json")
    assert r.status_code == 400 and "还没有到时" in r.json()["error"]
    assert Table.objects.get(pk=table1.pk).deals == []
