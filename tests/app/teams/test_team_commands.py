"""The organizer's commands on a team event: create_tournament --entry teams, pair --json,
standings --json and import_results."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.app.teams.team_event import build_team_event, play_round
from tournament.models import Round, Table, Team, Tournament
from tournament.teams.standings import team_standings_for

pytestmark = pytest.mark.django_db


def test_create_a_team_event_with_other_flags(organizer, capsys):
    call_command(
        "create_tournament",
        "team-2026",
        "--name",
        "团体赛",
        "--entry",
        "teams",
        "--team-pairs",
        "3",
        "--substitutes",
        "2",
        "--rounds",
        "5",
        "--scoring",
        "match_points",
        "--soft-same-unit",
        "--public",
        "--organizer",
        organizer.username,
    )
    t = Tournament.objects.get(slug="team-2026")
    assert (t.entry, t.team_pairs, t.substitutes, t.rounds, t.scoring) == (
        "teams",
        3,
        2,
        5,
        "match_points",
    )
    assert (t.avoid_same_unit, t.publish_pairings, t.publish_standings) == ("soft", True, True)
    assert "已创建赛事 team-2026" in capsys.readouterr().out


def test_pairs_is_the_default_entry_and_refuses_team_flags(organizer, make_user):
    make_user("root", superuser=True)
    call_command("create_tournament", "p", "--name", "P", "--organizer", organizer.username)
    assert Tournament.objects.get(slug="p").entry == "pairs"
    with pytest.raises(CommandError, match="--team-pairs"):
        call_command("create_tournament", "q", "--name", "Q", "--team-pairs", "2", "--public")
    assert not Tournament.objects.filter(slug="q").exists()


def pair_json(slug: str, capsys) -> list[dict]:
    capsys.readouterr()
    call_command("pair", slug, "--json")
    return json.loads(capsys.readouterr().out)


def test_pair_json_of_a_team_event(organizer, capsys):
    t = build_team_event(organizer, teams=7)
    out = pair_json(t.slug, capsys)
    tables = Table.objects.filter(round__tournament=t).select_related("ew__team", "ns__team")
    played = tables.exclude(ns=None).order_by("number")
    assert out[:-1] == [
        {
            "table": x.number,
            "ew": x.ew.name,
            "ns": x.ns.name,
            "ew_team": x.ew.team.name,
            "ns_team": x.ns.team.name,
            "match": x.team_match,
        }
        for x in played
    ]
    [bye] = {x.ew.team.name for x in tables.filter(ns=None)}
    assert out[-1] == {"table": None, "bye": bye}  # once for the team, not once per pair
    assert len(out) == 6 + 1
    assert [o["match"] for o in out[:-1]] == [1, 1, 2, 2, 3, 3]
    assert out[0]["ew"] == f"{out[0]['ew_team']}·组合1" or out[0]["ew"].startswith(
        out[0]["ew_team"]
    )


def test_pair_json_of_a_pairs_event_keeps_its_keys(tournament, register, organizer, capsys):
    from tournament.core.actors import user_actor
    from tournament.rounds.pairing import draw

    for i in range(5):
        register(tournament, f"队{i}", "", f"甲{i}", f"乙{i}")
    draw(tournament, seed=1, by=user_actor(organizer))
    out = pair_json(tournament.slug, capsys)
    assert [set(o) for o in out] == [{"table", "ew", "ns"}] * 2 + [{"table", "bye"}]


def standings_json(slug: str, capsys, *args) -> list[dict]:
    capsys.readouterr()
    call_command("standings", slug, "--json", *args)
    return json.loads(capsys.readouterr().out)


def test_standings_json_of_a_team_event(organizer, capsys):
    t = build_team_event(organizer)
    assert standings_json(t.slug, capsys) == []
    play_round(t, organizer, lambda x: ("A+", "10") if x.number % 3 else ("9", "K"))
    out = standings_json(t.slug, capsys)
    teams = {x.pk: x for x in Team.objects.filter(tournament=t).select_related("unit")}
    rows = team_standings_for(t)
    keys = ["rank", "team", "points", "total", "level_diff", "unit", "opp_points", "head_to_head"]
    keys.append("lot")
    assert [list(o) for o in out] == [keys] * 8
    assert out == [
        {
            "rank": r.rank,
            "team": teams[r.team].name,
            "points": r.match_points,
            "total": r.total,
            "level_diff": r.level_diff,
            "unit": teams[r.team].unit.name,
            "opp_points": r.values["opp_points"],
            "head_to_head": r.values["head_to_head"],
            "lot": r.lot_draw,
        }
        for r in rows
    ]
    assert sum(o["points"] for o in out) == 8  # 4 team matches, 2 points each
    text = call_and_read(t.slug, capsys)
    assert text.splitlines()[0] == "第1轮后团体成绩"
    assert text.splitlines()[1].split("\t")[:5] == [
        "名次",
        "团体",
        "积分",
        "各台得分之和",
        "级差分",
    ]


def call_and_read(slug, capsys) -> str:
    capsys.readouterr()
    call_command("standings", slug)
    return capsys.readouterr().out


def test_standings_json_ranks_by_total_when_the_event_says(organizer, capsys):
    t = build_team_event(organizer, team_rank="total", team_tiebreaks=["points", "wins"])
    play_round(t, organizer, lambda x: ("A+", "10") if x.number % 3 else ("9", "K"))
    out = standings_json(t.slug, capsys)
    assert all(o["points"] == o["total"] for o in out)
    assert list(out[0]) == ["rank", "team", "points", "total", "level_diff", "unit", "wins"]


def test_import_results_on_a_team_event(organizer, tmp_path, capsys):
    t = build_team_event(organizer)
    call_command("pair", t.slug, "--publish")
    numbers = Table.objects.filter(round__tournament=t).order_by("number")
    lines = ["台号,东西,南北"] + [f"{n},A+,2" for n in numbers.values_list("number", flat=True)]
    path = tmp_path / "teampublic-r1.csv"
    path.write_text("\n".join(lines), encoding="utf-8")
    call_command("import_results", t.slug, "1", str(path), "--lock")
    assert "已导入8台成绩" in capsys.readouterr().out
    assert Round.objects.get(tournament=t, number=1).status == Round.LOCKED
    rows = team_standings_for(t, public=True)
    # every pair sitting EW won: each match is one table won by each team, a draw
    assert [r.match_points for r in rows] == [1] * 8
    assert len(standings_json(t.slug, capsys)) == 8


def test_draw_numbers_the_teams_and_prints_them(organizer, capsys):
    t = build_team_event(organizer, teams=4)  # drawn once with seed 7
    capsys.readouterr()
    call_command("draw", t.slug, "--seed", "3")
    lines = capsys.readouterr().out.strip().splitlines()[1:]  # after the note of the seed
    numbers = dict(Team.objects.filter(tournament=t).values_list("name", "draw_number"))
    assert lines == [f"{n}\t{name}" for name, n in sorted(numbers.items(), key=lambda x: x[1])]
    assert sorted(numbers.values()) == [1, 2, 3, 4]
