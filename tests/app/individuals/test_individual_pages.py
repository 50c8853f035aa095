"""What players, spectators and staff see of an individual event: the players' standings,
the pairings (partnerships "甲/乙", sit-outs named once), find my table per player, the
projector and round control."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.individuals.individual_event import build_individual_event, play_round
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.individuals.display import individual_rows
from tournament.individuals.partnerships import individuals_of_pairs
from tournament.models import Individual, Round, Table, Tournament
from tournament.models.result_values import ResultValues
from tournament.results.services import submit_result
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import pair_next_round

pytestmark = pytest.mark.django_db


def levels(table):
    return ("A+", "10") if table.number % 2 else ("9", "K")


def text(response) -> str:
    html = response.content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def table_rows(response, table_id: str) -> list[list[str]]:
    html = response.content.decode()
    body = re.search(rf'id="{table_id}".*?<tbody>(.*?)</tbody>', html, re.S).group(1)
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        rows.append([re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", c)).strip() for c in cells])
    return rows


def public_event(organizer, **kwargs) -> Tournament:
    t = build_individual_event(organizer, **kwargs)
    Tournament.objects.filter(pk=t.pk).update(publish_pairings=True, publish_standings=True)
    t.refresh_from_db()
    return t


@pytest.fixture
def event(organizer):
    t = public_event(organizer)
    play_round(t, organizer, levels)
    return t


def open_round(t, organizer) -> Round:
    by = user_actor(organizer)
    rnd = pair_next_round(t, by=by)
    publish_round(rnd, by=by)
    for table in Table.objects.filter(round=rnd).exclude(ns=None):
        submit_result(table, ResultValues(ew_level="A+", ns_level="2"), version=None, by=by)
    return rnd


def test_public_standings_list_players_of_locked_rounds(event, organizer):
    open_round(event, organizer)
    response = Client().get(reverse("standings", args=[event.slug]))
    assert response.status_code == 200
    rows = table_rows(response, "individual-standings")
    expected = individual_rows(event, 1, public=True)
    assert len(rows) == 18
    heads = re.search(
        r'id="individual-standings".*?<thead>(.*?)</thead>', response.content.decode(), re.S
    )
    assert "胜局数" in heads.group(1) and "抽签" in heads.group(1)  # the chain's labels
    for cells, row in zip(rows, expected, strict=True):
        assert cells[0] == str(row["rank"]) and cells[1].startswith(row["player"])
        assert cells[2:5] == [row["unit"], str(row["points"]), str(row["level_diff"])]
        assert cells[-3:] == [
            str(row["tables"]),
            f"{row['wins']}/{row['draws']}/{row['losses']}",
            str(row["sit_outs"]),
        ]
    assert sorted(r["sit_outs"] for r in expected) == [0] * 16 + [1, 1]
    assert "第1轮后成绩" in text(response)


def test_staff_standings_count_the_open_round(event, organizer):
    open_round(event, organizer)
    response = login(organizer).get(reverse("standings", args=[event.slug]) + "?round=2")
    assert "暂定" in text(response)
    rows = table_rows(response, "individual-standings")
    expected = individual_rows(event, 2, public=False)
    assert [r[1].split()[0] for r in rows] == [r["player"] for r in expected]
    assert max(r["tables"] for r in expected) == 2


def test_standings_search_and_pages(organizer):
    t = public_event(organizer, players=120, rounds=3)
    play_round(t, organizer, levels)
    url = reverse("standings", args=[t.slug])
    first = table_rows(Client().get(url), "individual-standings")
    second = table_rows(Client().get(url + "?page=2"), "individual-standings")
    assert (len(first), len(second)) == (100, 20)
    name = Individual.objects.filter(tournament=t).order_by("pk")[7].name
    found = table_rows(Client().get(url + "?q=" + name), "individual-standings")
    assert len(found) == 1 and found[0][1].startswith(name)


def test_pairings_name_partnerships_and_sit_outs_once(event, organizer):
    response = Client().get(reverse("pairings", args=[event.slug, 1]))
    body = text(response)
    people = individuals_of_pairs(event)
    names = dict(Individual.objects.filter(tournament=event).values_list("pk", "name"))
    rnd = Round.objects.get(tournament=event, number=1)
    for table in rnd.tables.exclude(ns=None):
        a, b = (names[p] for p in people[table.ew_id])
        assert f"{a}/{b}" in body
    out = [names[people[m.ew_id][0]] for m in rnd.tables.filter(ns=None)]
    assert len(out) == 2
    for name in out:
        assert body.count(f"轮空：{name}") == 1
    projector = text(login(organizer).get(reverse("projector", args=[event.slug, 1])))
    assert "轮空 2 人" in projector and all(name in projector for name in out)
    control = text(login(organizer).get(reverse("round_control", args=[event.slug, 1])))
    assert "轮空 2 人" in control


def seated_and_out(t):
    people = individuals_of_pairs(t)
    names = dict(Individual.objects.filter(tournament=t).values_list("pk", "name"))
    rnd = Round.objects.get(tournament=t, number=1)
    table = rnd.tables.exclude(ns=None).order_by("number").first()
    out = rnd.tables.filter(ns=None).first()
    ew = [names[p] for p in people[table.ew_id]]
    ns = [names[p] for p in people[table.ns_id]]
    return table.number, ew, ns, names[people[out.ew_id][0]]


def test_find_my_table_seated_player(event):
    number, ew, ns, _out = seated_and_out(event)
    url = reverse("pairings", args=[event.slug, 1])
    answer = Client().get(url, {"q": ew[1], "format": "json"}).json()
    assert answer["results"] == [
        {
            "team": ew[1],
            "players": "",
            "unit": Individual.objects.get(tournament=event, name=ew[1]).unit.name,
            "table": number,
            "seat": "EW",
            "opponent": "/".join(ns),
            "bye": False,
            "partner": ew[0],
            "opponents": ns,
        }
    ]
    page = text(Client().get(url, {"q": ns[0]}))
    assert f"第{number}台" in page and "南北" in page and f"搭档 {ns[1]}" in page
    assert f"对手 {ew[0]}/{ew[1]}" in page


def test_find_my_table_player_sitting_out(event):
    _number, _ew, _ns, out = seated_and_out(event)
    url = reverse("pairings", args=[event.slug, 1])
    answer = Client().get(url, {"q": out, "format": "json"}).json()["results"]
    assert len(answer) == 1
    assert (answer[0]["team"], answer[0]["table"], answer[0]["bye"]) == (out, None, True)
    assert "轮空" in text(Client().get(url, {"q": out}))


def test_pairs_event_pages_unchanged(tournament, as_organizer):
    response = as_organizer.get(reverse("standings", args=[tournament.slug]))
    assert response.status_code == 200
    assert 'id="individual-standings"' not in response.content.decode()


def test_read_api_adds_individual_data(event, organizer):
    open_round(event, organizer)
    api = f"/api/v1/events/{event.slug}/"
    detail = Client().get(api).json()
    assert detail["entry"] == "individuals"
    assert detail["individual_tiebreaks"] == list(event.individual_tiebreaks)
    number, ew, ns, out = seated_and_out(event)
    tables = Client().get(api + "rounds/1/pairings/").json()["tables"]
    first = next(t for t in tables if t["table"] == number)
    assert (first["ew"]["name"], first["ew_players"], first["ns_players"]) == (
        "/".join(ew),
        ew,
        ns,
    )
    byes = [t for t in tables if t["table"] is None]
    assert len(byes) == 2 and all(t["ns"] is None and t["ns_players"] is None for t in byes)
    assert out in [t["ew_players"][0] for t in byes]
    results = Client().get(api + "rounds/1/results/").json()["tables"]
    assert results[0]["result"] and results[0]["ew_players"] == tables[0]["ew_players"]
    data = Client().get(api + "standings/").json()
    assert data["after_round"] == 1 and data["rows"] == []
    wanted = individual_rows(event, 1, public=True)
    assert [
        (p["rank"], p["player"]["name"], p["points"], p["sit_outs"]) for p in data["players"]
    ] == [(r["rank"], r["player"], r["points"], r["sit_outs"]) for r in wanted]
    assert set(data["players"][0]["metrics"]) == {"wins", "lot"}


def test_read_api_of_a_pairs_event_has_no_individual_keys(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(publish_standings=True)
    detail = Client().get(f"/api/v1/events/{tournament.slug}/").json()
    assert "individual_tiebreaks" not in detail
    data = Client().get(f"/api/v1/events/{tournament.slug}/standings/").json()
    assert set(data) == {"event", "after_round", "provisional", "rounds", "rows"}


@pytest.mark.slow  # 2,000 entries: in CI's full run (RUN_SLOW), not the fast one
def test_lot_notes_only_for_the_rows_shown(organizer):
    t = public_event(organizer, players=120, rounds=3)
    play_round(t, organizer, levels)
    url = reverse("standings", args=[t.slug])
    rows = individual_rows(t, 1, public=True)
    by_lot = [r["rank"] for r in rows if r["decided_by"] == "lot"]
    first = text(Client().get(url)).count("按抽签决定")
    second = text(Client().get(url + "?page=2")).count("按抽签决定")
    assert first == len([n for n in by_lot if n <= 100]) > 0
    assert second == len([n for n in by_lot if n > 100]) > 0
