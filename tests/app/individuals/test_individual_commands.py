"""The organizer's commands on an individual event: create_tournament --entry individuals,
pair --json, standings --json and import_results."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from tests.app.individuals.individual_event import build_individual_event, play_round
from tournament.individuals.partnerships import individuals_of_pairs
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Round, Table, Tournament

pytestmark = pytest.mark.django_db


def test_create_an_individual_event_with_other_flags(organizer, capsys):
    call_command(
        "create_tournament",
        "solo-2026",
        "--name",
        "个人赛",
        "--entry",
        "individuals",
        "--rounds",
        "4",
        "--scoring",
        "points26",
        "--soft-same-unit",
        "--public",
        "--organizer",
        organizer.username,
    )
    t = Tournament.objects.get(slug="solo-2026")
    assert (t.entry, t.rounds, t.scoring, t.format) == ("individuals", 4, "points26", "swiss")
    assert (t.avoid_same_unit, t.publish_pairings, t.publish_standings) == ("soft", True, True)
    assert "已创建赛事 solo-2026" in capsys.readouterr().out


def test_create_an_individual_movement(organizer):
    call_command(
        "create_tournament",
        "move",
        "--name",
        "M",
        "--entry",
        "individuals",
        "--format",
        "movement",
        "--rounds",
        "3",
        "--organizer",
        organizer.username,
    )
    t = Tournament.objects.get(slug="move")
    assert (t.entry, t.format, t.rounds) == ("individuals", "movement", 3)


def test_pair_json_names_partnerships_and_sit_outs(organizer, capsys):
    t = build_individual_event(organizer, players=18)
    capsys.readouterr()
    call_command("pair", t.slug, "--json")
    out = json.loads(capsys.readouterr().out)
    people = individuals_of_pairs(t)
    names = dict(Individual.objects.filter(tournament=t).values_list("pk", "name"))
    rows = Table.objects.filter(round__tournament=t).order_by("number", "pk")
    expected = []
    for row in rows.exclude(ns=None):
        ew = [names[p] for p in people[row.ew_id]]
        ns = [names[p] for p in people[row.ns_id]]
        expected.append(
            {
                "table": row.number,
                "ew": "/".join(ew),
                "ns": "/".join(ns),
                "ew_players": ew,
                "ns_players": ns,
            }
        )
    out_names = sorted(names[people[row.ew_id][0]] for row in rows.filter(ns=None))
    expected += [{"table": None, "bye": name} for name in out_names]
    assert out == expected
    assert len(out) == 4 + 2


def standings_json(slug, capsys) -> list[dict]:
    capsys.readouterr()
    call_command("standings", slug, "--json")
    return json.loads(capsys.readouterr().out)


def test_standings_json_one_object_per_player(organizer, capsys):
    t = build_individual_event(
        organizer, players=8, individual_tiebreaks=["points", "level_diff", "wins", "fouls", "lot"]
    )
    play_round(t, organizer, lambda table: ("A+", "10"))
    out = standings_json(t.slug, capsys)
    rows = individual_standings_for(t)
    people = {i.pk: i for i in Individual.objects.filter(tournament=t).select_related("unit")}
    assert out == [
        {
            "rank": r.rank,
            "player": people[r.player].name,
            "points": r.points,
            "level_diff": r.level_diff,
            "unit": people[r.player].unit.name,
            "wins": r.values["wins"],
            "fouls": r.values["fouls"],
            "lot": r.lot_draw,
        }
        for r in rows
    ]
    assert list(out[0]) == [
        "rank",
        "player",
        "points",
        "level_diff",
        "unit",
        "wins",
        "fouls",
        "lot",
    ]


def test_standings_before_any_locked_round(organizer, capsys):
    t = build_individual_event(organizer, players=8)
    assert standings_json(t.slug, capsys) == []
    call_command("standings", t.slug)
    assert "暂无排名" in capsys.readouterr().out


def test_standings_text(organizer, capsys):
    t = build_individual_event(organizer, players=8)
    play_round(t, organizer, lambda table: ("A+", "10"))
    capsys.readouterr()
    call_command("standings", t.slug)
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0] == "第1轮后个人成绩" and lines[1].startswith("名次\t选手\t积分\t级差分")
    assert len(lines) == 2 + 8


def test_import_results_on_an_individual_event(organizer, tmp_path, capsys):
    t = build_individual_event(organizer, players=18)
    call_command("pair", t.slug, "--publish")
    numbers = Table.objects.filter(round__tournament=t).exclude(ns=None).order_by("number")
    lines = ["台号,东西,南北"] + [f"{n},A+,2" for n in numbers.values_list("number", flat=True)]
    path = tmp_path / "indpublic-r1.csv"
    path.write_text("\n".join(lines), encoding="utf-8")
    call_command("import_results", t.slug, "1", str(path), "--lock")
    assert "已导入4台成绩" in capsys.readouterr().out
    assert Round.objects.get(tournament=t, number=1).status == Round.LOCKED
    rows = individual_standings_for(t, public=True)
    assert sorted(r.wins for r in rows) == [0] * 8 + [1] * 10  # 8 EW winners, 2 sit-outs
    assert len(standings_json(t.slug, capsys)) == 18
