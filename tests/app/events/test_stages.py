"""Rotation groups and knockout stages through the services, as an organizer runs them."""

from __future__ import annotations

import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from openpyxl import load_workbook

from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.events.services import tournament_create
from tournament.events.stages import stage_add
from tournament.models import Round, Staff, Table
from tournament.printing.makers import Request
from tournament.printing.registry import run
from tournament.results.checks import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.results.spreadsheet_import import import_results
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.rounds.pairing import draw, next_round_problem, pair_next_round
from tournament.text.messages import render

pytestmark = pytest.mark.django_db


def create(organizer, chief, referee, **fields):
    t = tournament_create(organizer=organizer, **fields)
    Staff.objects.create(tournament=t, user=chief, role=Staff.CHIEF_REFEREE)
    Staff.objects.create(tournament=t, user=referee, role=Staff.REFEREE)
    return t


def play_round(round_, organizer, referee, chief, winner_of=None):
    """Publish, enter (EW passes A unless ``winner_of`` says NS), confirm and lock a round."""
    publish_round(round_, by=user_actor(organizer))
    for m in round_.tables.exclude(ns=None).order_by("number"):
        side = winner_of(m) if winner_of else "EW"
        values = (
            ResultValues("A+", "9", winner="EW")
            if side == "EW"
            else ResultValues("9", "A+", winner="NS")
        )
        m = submit_result(m, values, version=m.version, by=user_actor(referee))
        confirm_result(m, version=m.version, by=user_actor(chief))
    lock_round(Round.objects.get(pk=round_.pk), by=user_actor(chief))


def test_rotation_event_of_eleven_pairs(organizer, chief, referee, register):
    t = create(
        organizer,
        chief,
        referee,
        slug="rot",
        name="分组赛",
        format="rotation",
        rounds=3,
        scoring="hundred_plus",
    )
    pairs = [register(t, f"队{i:02d}") for i in range(1, 12)]
    draw(t, seed=1, by=user_actor(None))
    seen = set()
    for number in (1, 2, 3):
        r = pair_next_round(t, by=user_actor(None))
        assert r.number == number
        tables = list(r.tables.exclude(ns=None))
        byes = list(r.tables.filter(ns=None))
        assert len(tables) == 5 and len(byes) == 1  # groups of 4, 4, 3
        for m in tables:
            meeting = frozenset((m.ew_id, m.ns_id))
            assert meeting not in seen
            seen.add(meeting)
        play_round(r, organizer, referee, chief)
    assert len(seen) == 6 + 6 + 3
    groups = t.stages.get().state["groups"]
    assert sorted(len(g) for g in groups) == [3, 4, 4]
    assert sorted(x for g in groups for x in g) == sorted(pair.pk for pair in pairs)
    assert render(next_round_problem(t)) == "所有阶段的轮次都已编排完毕"


def test_swiss_then_knockout_of_the_top_four(organizer, chief, referee, register):
    t = create(organizer, chief, referee, slug="ko", name="淘汰赛", format="swiss", rounds=2)
    for i in range(1, 9):
        register(t, f"队{i}")
    stage_add(
        t, kind="knockout", name="决赛阶段", rounds=2, qualify={"top": 4}, by=user_actor(None)
    )
    draw(t, seed=3, by=user_actor(None))
    for _ in range(2):
        play_round(pair_next_round(t, by=user_actor(None)), organizer, referee, chief)
    semi = pair_next_round(t, by=user_actor(None))
    assert semi.stage.kind == "knockout"
    tables = list(semi.tables.order_by("number"))
    assert [m.bracket_id for m in tables] == ["R1-1", "R1-2"]
    # A knockout cannot end level without a decider.
    m = tables[0]
    publish_round(semi, by=user_actor(organizer))
    with pytest.raises(Refused, match="淘汰赛不能打平"):
        submit_result(m, ResultValues("Q", "Q"), version=m.version, by=user_actor(referee))
    for m in semi.tables.all():
        m = submit_result(
            m, ResultValues("Q", "Q", winner="NS"), version=m.version, by=user_actor(referee)
        )
        confirm_result(m, version=m.version, by=user_actor(chief))
    lock_round(Round.objects.get(pk=semi.pk), by=user_actor(chief))
    final = pair_next_round(t, by=user_actor(None))
    assert sorted(final.tables.values_list("bracket_id", flat=True)) == ["3rd", "R2-1"]
    play_round(final, organizer, referee, chief)
    bracket = t.stages.get(kind="knockout").state["bracket"]
    final_match = bracket["rounds"][-1][0]
    assert final_match["winner"] == final.tables.get(bracket_id="R2-1").ew_id
    assert bracket["third_place"]["winner"] == final.tables.get(bracket_id="3rd").ew_id
    assert render(next_round_problem(t)) == "所有阶段的轮次都已编排完毕"
    # The bracket page names the four qualified pairs, and reads only them: after a Swiss
    # of 5,000 pairs it read every pair and its players (a third of a second a view).
    with CaptureQueriesContext(connection) as queries:
        page = login(organizer).get(reverse("bracket", args=[t.slug])).content.decode()
    qualified = {m.ew_id for m in semi.tables.all()} | {m.ns_id for m in semi.tables.all()}
    for pair in t.pairs.all():
        shown = re.search(rf">\s*{pair.name}\s*<", page) is not None
        assert shown == (pair.pk in qualified), pair.name
    assert not [q for q in queries if "tournament_player" in q["sql"]]


def test_best_of_three_knockout_plays_a_third_game_only_when_needed(
    organizer, chief, referee, register
):
    t = create(
        organizer, chief, referee, slug="bo3", name="三局两胜", format="knockout", rounds=1, games=3
    )
    a, b = register(t, "甲队"), register(t, "乙队")
    draw(t, seed=1, by=user_actor(None))
    g1 = pair_next_round(t, by=user_actor(None))
    first = g1.tables.get()
    play_round(g1, organizer, referee, chief)  # EW (game 1) wins
    g2 = pair_next_round(t, by=user_actor(None))
    second = g2.tables.get()
    assert (second.ew_id, second.ns_id) == (first.ns_id, first.ew_id)  # seats alternate
    play_round(g2, organizer, referee, chief)  # EW of game 2 = the other pair: 1–1
    g3 = pair_next_round(t, by=user_actor(None))
    third = g3.tables.get()
    assert (third.bracket_id, third.bracket_game, third.flags) == ("R1-1", 3, [])
    play_round(g3, organizer, referee, chief)  # EW of game 3 wins the match 2–1
    bracket = t.stages.get().state["bracket"]
    assert {third.ew_id, third.ns_id} == {a.pk, b.pk}
    assert bracket["rounds"][0][0]["winner"] == third.ew_id
    assert render(next_round_problem(t)) == "所有阶段的轮次都已编排完毕"
    assert Table.objects.filter(round__tournament=t).count() == 3


def test_rotation_standings_show_group_and_rank_within_it(organizer, chief, referee, register):
    from tests.conftest import login

    t = create(
        organizer,
        chief,
        referee,
        slug="rot2",
        name="分组",
        format="rotation",
        rounds=3,
        scoring="hundred_plus",
    )
    for i in range(1, 9):
        register(t, f"队{i}")
    draw(t, seed=2, by=user_actor(None))
    for _ in range(3):
        play_round(pair_next_round(t, by=user_actor(None)), organizer, referee, chief)
    page = login(organizer).get(f"/t/{t.slug}/standings/").content.decode()
    assert "组别" in page and "组内名次" in page and ">A<" in page and ">B<" in page


def test_a_knockout_added_after_the_swiss_rounds_started_plays_best_of_three(
    organizer, chief, referee, register
):
    """Issue 42: best of three could not be set once the Swiss stage had started, and the
    message said 三局两胜只用于淘汰赛. The knockout stage takes its own number of games."""
    t = create(
        organizer, chief, referee, slug="sw3", name="积分后三局两胜", format="swiss", rounds=1
    )
    for i in range(1, 5):
        register(t, f"队{i}")
    draw(t, seed=3, by=user_actor(None))
    play_round(
        pair_next_round(t, by=user_actor(None)), organizer, referee, chief
    )  # the Swiss stage has started
    page = login(organizer).post(
        reverse("stage_list", args=[t.slug]),
        {
            "kind": "knockout",
            "name": "决赛",
            "rounds": "1",
            "qualify": "top",
            "count": "2",
            "games": "3",
        },
        follow=True,
    )
    assert "已添加阶段" in page.content.decode()
    stage = t.stages.get(kind="knockout")
    assert (stage.games, stage.games_per_match, t.games) == (3, 3, 1)
    listed = login(organizer).get(reverse("stage_list", args=[t.slug])).content.decode()
    assert "直至决出冠军，三局两胜" in listed  # no space before the comma ("decided , best")
    g1 = pair_next_round(t, by=user_actor(None))
    play_round(g1, organizer, referee, chief)  # game 1 to EW: not yet decided
    assert g1.tables.get().bracket_game == 1
    g2 = pair_next_round(t, by=user_actor(None))
    assert g2.tables.get().bracket_game == 2
    play_round(g2, organizer, referee, chief, winner_of=lambda m: "NS")  # the same pair: 2–0
    bracket = t.stages.get(kind="knockout").state["bracket"]
    assert bracket["rounds"][0][0]["winner"] == g1.tables.get().ew_id
    assert render(next_round_problem(t)) == "所有阶段的轮次都已编排完毕"


def test_games_are_a_knockout_stages_only(organizer, chief, referee):
    t = create(organizer, chief, referee, slug="g5", name="局数", format="swiss", rounds=1)
    with pytest.raises(Refused, match="一局决胜或三局两胜"):
        stage_add(
            t,
            kind="knockout",
            name="决赛",
            rounds=1,
            qualify={"top": 2},
            games=5,
            by=user_actor(None),
        )
    with pytest.raises(Refused, match="只用于淘汰赛阶段"):
        stage_add(
            t, kind="swiss", name="复赛", rounds=1, qualify={"top": 2}, games=3, by=user_actor(None)
        )


def test_the_clerks_sheet_of_a_knockout_round_has_the_play_off_winner_column(
    organizer, chief, referee, register
):
    """Issue 42: the import asked for a knockout table's play-off winner, and the clerk's
    sheet had no column for it."""
    t = create(organizer, chief, referee, slug="kocl", name="淘汰录入", format="knockout", rounds=2)
    for i in range(1, 5):
        register(t, f"队{i}")
    draw(t, seed=1, by=user_actor(None))
    semis = pair_next_round(t, by=user_actor(None))
    publish_round(semis, by=user_actor(organizer))
    out = io.BytesIO()
    run(Request(t, "clerk_sheet", "xlsx", round=semis.number), out)
    book = load_workbook(io.BytesIO(out.getvalue()))
    ws = book.worksheets[0]
    headers = [c.value for c in ws[2]]
    assert "加赛胜方" in headers
    cells = {  # table 1 drawn at time, won by the play-off; table 2 won on levels
        1: {"东西": "Q", "南北": "Q", "到时": "是", "加赛胜方": "南北"},
        2: {"东西": "A+", "南北": "9"},
    }
    for row in ws.iter_rows(min_row=3):
        for header, value in cells.get(row[0].value, {}).items():
            row[headers.index(header)].value = value
    data = io.BytesIO()
    book.save(data)
    check = import_results(
        semis, data=data.getvalue(), filename="录入.xlsx", by=user_actor(chief, "import")
    )
    assert check.ok, [str(p) for p in check.problems]
    winners = dict(semis.tables.values_list("number", "winner"))
    assert winners == {1: "NS", 2: "EW"}
