"""What players, spectators and staff see of a team event: the standings (teams and best
pairs), the pairings grouped by team match, find my table, the projector, the read API."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.teams.team_event import build_team_event, play_round
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.models import Round, Table, Team, Tournament
from tournament.models.result_values import ResultValues
from tournament.results.services import submit_result
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import pair_next_round
from tournament.teams.line_ups import change_line_up
from tournament.teams.standings import best_pairs_for, team_standings_for

pytestmark = pytest.mark.django_db


def levels(table):
    return ("A+", "10") if table.number % 3 else ("9", "K")


def public_event(organizer, teams=8) -> Tournament:
    t = build_team_event(organizer, teams=teams)
    Tournament.objects.filter(pk=t.pk).update(publish_pairings=True, publish_standings=True)
    t.refresh_from_db()
    return t


def open_round(t, organizer) -> Round:
    """Round 2 paired, published and entered but not locked: staff only may count it."""
    by = user_actor(organizer)
    rnd = pair_next_round(t, by=by)
    publish_round(rnd, by=by)
    for table in Table.objects.filter(round=rnd).exclude(ns=None):
        submit_result(table, ResultValues(ew_level="A+", ns_level="2"), version=None, by=by)
    return rnd


def text(response) -> str:
    """The page's text without tags or runs of spaces."""
    html = response.content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def team_order(body: str, names) -> list[str]:
    found = sorted((body.find(n), n) for n in names if body.find(n) >= 0)
    return [n for _, n in found]


@pytest.fixture
def event(organizer):
    t = public_event(organizer)
    play_round(t, organizer, levels)
    return t


def table_rows(response, table_id: str) -> list[list[str]]:
    """The cells (text) of each body row of the table ``table_id``."""
    html = response.content.decode()
    body = re.search(rf'id="{table_id}".*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        rows.append([re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", c)).strip() for c in cells])
    return rows


def expected_teams(t, **kwargs) -> list[list[str]]:
    names = dict(Team.objects.filter(tournament=t).values_list("pk", "name"))
    units = dict(Team.objects.filter(tournament=t).values_list("pk", "unit__name"))
    rows = []
    for r in team_standings_for(t, **kwargs):
        first = f"{names[r.team]} {units[r.team]}"  # the name, then the phone's line
        rows.append([str(r.rank), first, units[r.team], str(r.points), str(r.total)])
    return rows


def test_public_standings_show_teams_and_best_pairs_of_locked_rounds(event, organizer):
    open_round(event, organizer)
    response = Client().get(reverse("standings", args=[event.slug]))
    assert response.status_code == 200
    body = text(response)
    assert "团体名次" in body and "最佳组合" in body and "第1轮后成绩" in body
    shown = table_rows(response, "team-standings")
    wanted = expected_teams(event, after_round=1, public=True)
    assert [row[0] for row in shown] == [row[0] for row in wanted]
    assert [row[1].startswith(w[1]) for row, w in zip(shown, wanted, strict=True)]
    # rank, team (+ phone line), unit, points, total, 级差分
    assert [row[2:5] for row in shown] == [w[2:5] for w in wanted]
    levels_diff = [str(r.level_diff) for r in team_standings_for(event, public=True)]
    assert [row[5] for row in shown] == levels_diff
    best = table_rows(response, "best-pairs")
    pairs = best_pairs_for(event, public=True)
    assert len(best) == len(pairs) == 16
    assert [row[0] for row in best] == [str(p.rank) for p in pairs]
    assert [row[4] for row in best] == [str(p.points) for p in pairs]
    assert all(row[2] in best[0][1] or row[2] for row in best)  # the pair's team named
    assert best[0][1].startswith(best[0][2])  # "苏州一队·组合1" is of its team
    history = reverse("pair_history", args=[event.slug, pairs[0].pair])
    assert f'<a href="{history}">' in response.content.decode()
    assert Client().get(history).status_code == 200


def test_staff_standings_count_the_open_round(event, organizer):
    open_round(event, organizer)
    response = login(organizer).get(reverse("standings", args=[event.slug]) + "?round=2")
    assert "暂定" in text(response)
    shown = table_rows(response, "team-standings")
    wanted = expected_teams(event, after_round=2)
    assert [row[3:5] for row in shown] == [w[3:5] for w in wanted]
    assert wanted != expected_teams(event, after_round=1)  # round 2 changed something


def test_team_standings_columns_follow_the_team_chain(event):
    Tournament.objects.filter(pk=event.pk).update(
        team_tiebreaks=["points", "opp_points", "wins", "lot"]
    )
    response = Client().get(reverse("standings", args=[event.slug]))
    html = response.content.decode()
    assert re.findall(r'data-key="(\w+)">([^<]+)<', html) == [
        ("opp_points", "对手分"),
        ("wins", "胜局数"),
        ("lot", "抽签"),
    ]


def test_team_standings_page_and_search(organizer):
    t = public_event(organizer)
    play_round(t, organizer, levels)
    url = reverse("standings", args=[t.slug])
    found = table_rows(Client().get(url + "?q=无锡"), "team-standings")
    assert len(found) == 1 and found[0][1].startswith("无锡队")
    best = table_rows(Client().get(url + "?q=无锡"), "best-pairs")
    assert {row[2] for row in best} == {"无锡队"}


def test_pairs_event_standings_unchanged(tournament, as_organizer):
    response = as_organizer.get(reverse("standings", args=[tournament.slug]))
    assert response.status_code == 200
    assert "团体名次" not in text(response) and "最佳组合" not in text(response)


def match_titles(t, number) -> list[str]:
    """ "第1场 X 对 Y" of each team match of round ``number``, X NS at its first table."""
    titles = []
    tables = Table.objects.filter(round__tournament=t, round__number=number).exclude(ns=None)
    for m in sorted({x.team_match for x in tables}):
        first = tables.filter(team_match=m).order_by("number").first()
        titles.append(f"第{m}场 {first.ns.team.name} 对 {first.ew.team.name}")
    return titles


def test_pairings_group_tables_by_team_match(event):
    response = Client().get(reverse("pairings", args=[event.slug, 1]))
    rows = table_rows(response, "by-table")
    titles = match_titles(event, 1)
    assert len(titles) == 4
    # a title row, then its two tables
    assert [row[0] for row in rows[::3]] == titles
    tables = Table.objects.filter(round__number=1, round__tournament=event).order_by("number")
    assert [row[:3] for i, row in enumerate(rows) if i % 3] == [
        [str(x.number), f"{x.ew.name} {x.ew.unit.name}", f"{x.ns.name} {x.ns.unit.name}"]
        for x in tables
    ]


def test_team_bye_shown_once_per_team(organizer):
    t = public_event(organizer, teams=7)
    rnd = play_round(t, organizer, levels)
    bye_team = Table.objects.filter(round=rnd, ns=None).first().ew.team
    response = Client().get(reverse("pairings", args=[t.slug, 1]))
    rows = table_rows(response, "by-table")
    assert rows[-1] == ["—", f"轮空：{bye_team.name}"]
    assert sum("轮空" in " ".join(row) for row in rows) == 1
    assert len(match_titles(t, 1)) == 3
    found = find(t, bye_team.name)
    assert found and all(e["bye"] and e["squad"] == bye_team.name for e in found)
    assert sum(e["bench"] for e in found) == 1  # its substitute: the team has a bye
    projector = text(login(organizer).get(reverse("projector", args=[t.slug, 1])))
    assert projector.count(bye_team.name) == 1


def test_round_control_and_projector_group_by_team_match(event, organizer):
    client = login(organizer)
    titles = match_titles(event, 1)
    control = client.get(reverse("round_control", args=[event.slug, 1]) + "?state=")
    rows = table_rows(control, "tables")
    assert [row[0] for row in rows if len(row) == 1] == titles
    projector = client.get(reverse("projector", args=[event.slug, 1]))
    body = text(projector)
    assert all(title in body for title in titles)
    assert body.index(titles[0]) < body.index(titles[1])
    part = client.get(reverse("projector", args=[event.slug, 1]) + "?part=rows")
    assert titles[0] in text(part)


def find(t, query: str, number: int = 1) -> list[dict]:
    url = reverse("pairings", args=[t.slug, number])
    return Client().get(url, {"q": query, "format": "json"}).json()["results"]


def test_find_my_table_for_a_player_a_team_and_a_substitute(organizer):
    t = public_event(organizer)
    by = user_actor(organizer)
    rnd = pair_next_round(t, by=by)
    team = Team.objects.get(tournament=t, name="无锡队")
    change_line_up(team=team, round_number=1, members=[(1, 5), (3, 4)], by=by)
    publish_round(rnd, by=by)
    tables = Table.objects.filter(round=rnd).exclude(ns=None).order_by("number")
    mine = [x for x in tables if team.pk in (x.ew.team_id, x.ns.team_id)]
    first = mine[0]
    other = first.ew.team if first.ns.team_id == team.pk else first.ns.team
    # a player: 无锡2号1 plays in pair 1 with the substitute 无锡2替1
    [entry] = find(t, "无锡2号1")
    seat = "NS" if first.ns.team_id == team.pk else "EW"
    mine_pair = first.ns if first.ns.team_id == team.pk else first.ew
    their_pair = first.ew if first.ns.team_id == team.pk else first.ns
    assert entry == {
        "team": mine_pair.name,
        "players": entry["players"],
        "unit": "无锡市",
        "table": first.number,
        "seat": seat,
        "opponent": their_pair.name,
        "bye": False,
        "squad": "无锡队",
        "match": first.team_match,
        "vs_team": other.name,
        "bench": False,
        "tables": "",
    }
    assert "无锡2替1" in entry["players"]
    # 无锡2号2, left out of the line-up, and the second substitute: not playing
    for name in ("无锡2号2", "无锡2替2") if team.members.count() > 5 else ("无锡2号2",):
        [bench] = find(t, name)
        assert bench["bench"] is True and bench["table"] is None
        assert bench["tables"] == f"{mine[0].number}–{mine[1].number}"
        assert bench["vs_team"] == other.name and bench["squad"] == "无锡队"
    # the team's name finds its two pairs and its member on the bench
    found = find(t, "无锡队")
    assert sorted(e["bench"] for e in found) == [False, False, True]
    assert {e["table"] for e in found if not e["bench"]} == {x.number for x in mine}
    # pinyin of the team
    assert len(find(t, "wuxidui")) == 3
    page = text(Client().get(reverse("pairings", args=[t.slug, 1]), {"q": "无锡2号2"}))
    assert "不在本轮出场名单" in page
    assert f"无锡队在第{mine[0].number}–{mine[1].number}台比赛（对 {other.name}）" in page
    page = text(Client().get(reverse("pairings", args=[t.slug, 1]), {"q": "无锡2号1"}))
    assert f"无锡队 · 第{first.team_match}场 对 {other.name}" in page


def test_pairs_event_find_answer_unchanged(tournament, register, organizer):
    from tournament.rounds.pairing import draw

    for i in range(4):
        register(tournament, f"队{i}", "", f"甲{i}", f"乙{i}")
    Tournament.objects.filter(pk=tournament.pk).update(publish_pairings=True)
    by = user_actor(organizer)
    draw(tournament, seed=1, by=by)
    publish_round(pair_next_round(tournament, by=by), by=by)
    [entry] = find(tournament, "甲1")
    assert set(entry) == {"team", "players", "unit", "table", "seat", "opponent", "bye"}


def test_read_api_adds_team_data(event, organizer):
    open_round(event, organizer)
    api = f"/api/v1/events/{event.slug}/"
    detail = Client().get(api).json()
    assert (detail["entry"], detail["team_pairs"]) == ("teams", 2)
    pairings = Client().get(api + "rounds/1/pairings/").json()["tables"]
    first = Table.objects.get(round__tournament=event, round__number=1, number=1)
    assert pairings[0] == {
        "table": 1,
        "ew": {"id": first.ew_id, "name": first.ew.name, "unit": first.ew.unit.name},
        "ns": {"id": first.ns_id, "name": first.ns.name, "unit": first.ns.unit.name},
        "match": 1,
        "ew_team": first.ew.team.name,
        "ns_team": first.ns.team.name,
    }
    results = Client().get(api + "rounds/1/results/").json()["tables"]
    assert (results[0]["match"], results[0]["ew_team"]) == (1, first.ew.team.name)
    assert results[0]["result"] and set(results[0]) > set(pairings[0])
    data = Client().get(api + "standings/").json()
    assert data["after_round"] == 1 and set(data) >= {"rows", "teams", "best_pairs"}
    wanted = team_standings_for(event, after_round=1, public=True)
    assert [(t["rank"], t["team"]["id"], t["points"], t["total"]) for t in data["teams"]] == [
        (r.rank, r.team, r.points, r.total) for r in wanted
    ]
    assert set(data["teams"][0]["metrics"]) == {"opp_points", "head_to_head", "lot"}
    best = best_pairs_for(event, after_round=1, public=True)
    assert [(b["pair"]["id"], b["points"]) for b in data["best_pairs"]] == [
        (r.pair, r.points) for r in best
    ]


def test_read_api_of_a_pairs_event_has_no_team_keys(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(publish_standings=True)
    detail = Client().get(f"/api/v1/events/{tournament.slug}/").json()
    assert "entry" not in detail and "team_pairs" not in detail
    data = Client().get(f"/api/v1/events/{tournament.slug}/standings/").json()
    assert set(data) == {"event", "after_round", "provisional", "rounds", "rows"}
