"""Creating an event from a profile, the settings page and the overview."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from rules.profiles import PROFILES, profile_options
from tests.conftest import login
from tests.forms import posted_back
from tournament.archive.importer import import_archive
from tournament.archive.write import export_archive
from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.models import Stage, Tournament
from tournament.standings.selectors import ruleset

pytestmark = pytest.mark.django_db


@pytest.fixture
def dated(tournament):
    tournament.start_date, tournament.end_date = dt.date(2026, 12, 5), dt.date(2026, 12, 6)
    tournament.save()
    return tournament


@pytest.mark.parametrize("language", ["zh-hans", "en"])
@pytest.mark.both_databases
def test_dates_survive_a_save_of_the_settings_form(dated, organizer, language):
    client = login(organizer)
    client.post(reverse("set_language"), {"language": language, "next": "/"})
    url = reverse("tournament_edit", args=[dated.slug])
    html = client.get(url).content.decode()
    assert 'value="2026-12-05"' in html and 'value="2026-12-06"' in html
    response = client.post(url, posted_back(html))
    assert response.status_code == 302, response.content.decode()[:3000]
    dated.refresh_from_db()
    assert (dated.start_date, dated.end_date) == (dt.date(2026, 12, 5), dt.date(2026, 12, 6))


def test_the_tiebreak_chain_is_chosen_from_labelled_choices(tournament, organizer):
    client = login(organizer)
    url = reverse("tournament_edit", args=[tournament.slug])
    html = client.get(url).content.decode()
    assert 'name="tiebreak_text"' not in html
    assert '<option value="level_diff" selected>级差分</option>' in html
    data = posted_back(html)
    data.update(tiebreak_1=["points"], tiebreak_2=["opp_points"], tiebreak_3=["lot"])
    for name in ("tiebreak_4", "tiebreak_5", "tiebreak_6"):
        data[name] = [""]
    assert client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["points", "opp_points", "lot"]
    overview = client.get(reverse("tournament_detail", args=[tournament.slug])).content.decode()
    assert "积分 → 对手分 → 抽签" in overview
    assert "points" not in overview.split("排名依据", 1)[1][:200]


@pytest.mark.parametrize(
    ("entry", "shown", "not_shown"),
    [
        ("pairs", ["报名组合"], ["团体排名依据", "个人排名依据", "排名分 → 各台得分之和"]),
        (
            "teams",
            ["报名队伍", "团体排名依据", "排名分 → 各台得分之和"],
            ["个人排名依据", "报名组合"],
        ),
        (
            "individuals",
            ["报名选手", "个人排名依据", "积分 → 级差分 → 胜局数 → 抽签"],
            ["团体排名依据", "报名组合"],
        ),
    ],
)
def test_the_overview_lists_the_options_of_its_kind_of_event_in_words(
    tournament, organizer, entry, shown, not_shown
):
    """The team and individual chains showed as Python lists (['points', …]), a pairs
    event listed both though it reads neither, and the first figures counted pairs in a
    team or an individual event."""
    Tournament.objects.filter(pk=tournament.pk).update(entry=entry)
    overview = login(organizer).get(reverse("tournament_detail", args=[tournament.slug]))
    html = overview.content.decode()
    assert "['" not in html and "&#x27;points&#x27;" not in html
    assert "积分 → 级差分" in html  # the pairs' chain, every event's
    for text in shown:
        assert text in html, text
    for text in not_shown:
        assert text not in html, text


def test_a_bad_tiebreak_chain_is_a_form_error(tournament, organizer):
    client = login(organizer)
    url = reverse("tournament_edit", args=[tournament.slug])
    data = posted_back(client.get(url).content.decode())
    data.update(tiebreak_1=["level_diff"], tiebreak_2=["points"])
    response = client.post(url, data)
    assert response.status_code == 200 and "排名依据第一项必须是积分" in response.content.decode()


def test_every_option_is_on_the_settings_page(tournament, organizer):
    html = login(organizer).get(reverse("tournament_edit", args=[tournament.slug])).content
    html = html.decode()
    for name in Tournament.OPTION_FIELDS:
        if name in ("profile", "tiebreaks"):
            continue
        field = "award_text" if name == "award_tiers" else name
        assert f'name="{field}"' in html, name


def test_the_stage_line_says_each_thing_once(tournament, organizer):
    html = login(organizer).get(reverse("tournament_detail", args=[tournament.slug])).content
    html = html.decode()
    assert "积分编排（瑞士制） · 5轮" in html
    assert "积分编排（瑞士制）（积分编排（瑞士制）" not in html
    Stage.objects.create(
        tournament=tournament, order=2, name="决赛", kind="knockout", qualify={"top": 8}
    )
    html = login(organizer).get(reverse("tournament_detail", args=[tournament.slug])).content
    assert "决赛 · 淘汰制 · 直至决出冠军 · 前8名晋级" in html.decode()


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_create_through_the_web_from_a_profile(organizer, name):
    client = login(organizer)
    assert "赛制模板" in client.get(reverse("tournament_create")).content.decode()
    data = {"name": "测试赛", "slug": f"t-{name}".replace("_", "-"), "profile": name}
    data |= {"start_date": "2026-12-05", "end_date": "2026-12-05"}
    response = client.post(reverse("tournament_create"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    t = Tournament.objects.get(slug=data["slug"])
    assert t.profile == name
    for key, value in profile_options(name).items():
        assert getattr(t, key) == value, key
    overview = client.get(reverse("tournament_detail", args=[t.slug])).content.decode()
    assert "未改动任何设置" in overview


def test_the_overview_names_the_profile_and_what_differs(organizer):
    t = tournament_create(
        organizer=organizer,
        slug="sb",
        name="S-B",
        **profile_options("swiss_match_points"),
        profile="swiss_match_points",
    )
    t.late_minutes, t.three_fouls_defeat = 10, False
    t.save()
    html = login(organizer).get(reverse("tournament_detail", args=["sb"])).content.decode()
    assert "按模板“积分编排胜2平1负0（S-B，竞赛细则）”创建" in html
    assert "迟到判负（分钟）</b>：10分钟" in html and "模板：5分钟" in html
    assert "一轮累计三次犯规判负</b>：否" in html and "模板：是" in html
    assert "超时直接记犯规1次" in html  # an unchanged option, in the wording of docs/rules.md


def test_create_tournament_command_with_a_profile(organizer):
    out = io.StringIO()
    call_command(
        "create_tournament",
        "rot",
        "--name",
        "移位赛",
        "--profile",
        "rotation_hundred",
        "--organizer",
        organizer.username,
        "--late-minutes",
        "15",
        stdout=out,
    )
    t = Tournament.objects.get(slug="rot")
    assert (t.profile, t.format, t.scoring, t.seating) == (
        "rotation_hundred",
        "rotation",
        "hundred_plus",
        "first_ns",
    )
    assert (t.late_disqualify, t.late_minutes, t.rounds) == (True, 15, 3)
    assert "rotation_hundred" in out.getvalue()


def test_every_option_travels_in_the_archive(organizer):
    t = tournament_create(
        organizer=organizer, slug="ko", name="KO", **profile_options("knockout"), profile="knockout"
    )
    t.hundred_forfeit, t.two_warnings, t.delay, t.out_of_turn = 110, "any", "foul", "stop_trick"
    t.save()
    copy = import_archive(export_archive(t), slug="ko-copy", map_users=True).tournament
    assert copy.option_values() == t.option_values()


@pytest.mark.parametrize(
    ("rounds", "count", "message"),
    [("1", str(10**25), "晋级人数应为1到10000之间的整数"), (str(10**25), "8", "阶段轮数应为1到30")],
)
@pytest.mark.both_databases
def test_a_huge_stage_number_is_a_message_not_a_500(tournament, organizer, rounds, count, message):
    client = login(organizer)
    client.raise_request_exception = False
    data = {"kind": "knockout", "name": "决赛", "rounds": rounds, "qualify": "top", "count": count}
    response = client.post(reverse("stage_list", args=[tournament.slug]), data, follow=True)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert tournament.stages.count() == 1


def test_final_levels_in_a_100_plus_event_ask_how_the_pass_was_won(
    tournament, pairs8, make_round, referee
):
    from tournament.models import Table
    from tournament.standings.selectors import standings_for

    tournament.scoring, tournament.format, tournament.rounds = "hundred_plus", "rotation", 3
    tournament.save()
    make_round(tournament, pairs8)
    client = login(referee)
    url = reverse("table_entry", args=[tournament.slug, 1, 1])
    assert "过A方式" in client.get(url).content.decode()
    table = Table.objects.get(round__tournament=tournament, round__number=1, number=1)
    data = {"ew_level": "A+", "ns_level": "2", "forfeit": "", "ew_fouls": "0", "ns_fouls": "0"}
    data |= {"decider": "", "pass_how": "2", "version": table.version, "action": "enter"}
    assert client.post(url, data).status_code == 302
    table.refresh_from_db()
    assert table.pass_upgrade == 3  # 1–2 under jiangsu: A + 3, capped level difference 15
    rows = {row.pair: row for row in standings_for(tournament, public=False)}
    assert rows[table.ew_id].points == 115


def test_final_levels_elsewhere_do_not_ask_how_the_pass_was_won(
    tournament, pairs8, make_round, referee
):
    make_round(tournament, pairs8)
    html = login(referee).get(reverse("table_entry", args=[tournament.slug, 1, 1])).content
    assert "过A方式" not in html.decode()


def test_the_100_plus_scoring_options_are_frozen_once_played(tournament, pairs8, make_round):
    from tournament.core.errors import Refused
    from tournament.events.services import tournament_update

    make_round(tournament, pairs8)
    tournament.hundred_forfeit = 110
    with pytest.raises(Refused, match="100\\+弃权得分"):
        tournament_update(tournament=tournament, version=tournament.version, by=user_actor(None))


def test_the_two_warnings_option_shows_its_label_and_switches_off(tournament, organizer):
    """003/004 have no "two warnings make a foul": the settings offer it off, labelled."""
    client = login(organizer)
    url = reverse("tournament_edit", args=[tournament.slug])
    html = client.get(url).content.decode()
    assert "两次警告判犯规" in html and "两次警告不判犯规（竞赛细则、分组移位规则）" in html
    data = posted_back(html) | {"two_warnings": "none"}
    assert client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.two_warnings == "none" and ruleset(tournament).two_warnings == "none"


def test_a_chinese_slug_gets_a_clear_message_and_a_pinyin_suggestion(organizer):
    client = login(organizer)
    page = client.get(reverse("tournament_create")).content.decode()
    assert "只用英文字母、数字和连字符" in page  # said before, not only after
    data = {"name": "春季赛", "slug": "春季赛", "profile": sorted(PROFILES)[0]}
    data |= {"start_date": "2026-12-05", "end_date": "2026-12-05"}
    response = client.post(reverse("tournament_create"), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "网址代号只能用英文字母、数字、连字符" in page and "chun-ji-sai" in page
    assert not Tournament.objects.filter(name="春季赛").exists()
