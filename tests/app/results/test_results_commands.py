"""The standings and import_results commands, and the results sheet checks."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.app.spreadsheet_files import xlsx
from tests.conftest import ONE_EVENT
from tournament.models import Round, Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

HEADER = ["台号", "东西", "南北", "东西犯规", "南北犯规", "弃权"]


@pytest.fixture
def round1(tournament, pairs8, make_round):
    return make_round(tournament, pairs8)


def sheet(rows, header=HEADER):
    return xlsx(rows, header=header)


def test_import_results_then_lock(round1, tmp_path, capsys):
    Tournament.objects.filter(pk=round1.tournament_id).update(three_fouls_defeat=True)
    path = tmp_path / "r1.xlsx"
    path.write_bytes(
        sheet(
            [
                (1, "A+", "K", 0, 0, ""),
                (2, "Q", "Q", 1, 0, ""),
                (3, "", "", 0, 0, "ns"),
                (4, "5", "A+", 0, 3, ""),
            ]
        )
    )
    call_command("import_results", "spring", "1", str(path), "--lock")
    out = capsys.readouterr().out
    assert "已导入4台成绩" in out and "已确认并锁定" in out
    round1.refresh_from_db()
    assert round1.status == Round.LOCKED
    t4 = round1.tables.get(number=4)
    assert (t4.defeat_side, t4.defeat_reason) == ("NS", "three_fouls")
    assert round1.tables.get(number=3).forfeit == "NS"


def test_import_results_with_english_headers(round1, tmp_path):
    path = tmp_path / "r1.csv"
    path.write_text("table,ew,ns,forfeit\n1,A+,2,\n2,,,ew\n", encoding="utf-8")
    call_command("import_results", "spring", "1", str(path))
    assert round1.tables.get(number=2).forfeit == "EW"
    assert round1.tables.get(number=1).state == Table.ENTERED


def test_a_100_plus_sheet_says_how_each_pass_was_won(round1, tmp_path, capsys):
    """100+ counts a pass as A plus the upgrade of the deal that passed it (docs/rules.md §6): a
    clerk's sheet has a 过A方式 column for it, as the referee's form has a field. Without
    it a pass imported from a sheet always counted as 13: 115 points read as 113."""
    Tournament.objects.filter(pk=round1.tournament_id).update(scoring="hundred_plus")
    path = tmp_path / "r1.csv"
    rows = ["台号,东西,南北,过A方式", "1,A+,2,1–2", "2,A+,2,三游", "3,2,A+,3", "4,A+,2,"]
    path.write_text("\n".join(rows), encoding="utf-8")
    call_command("import_results", "spring", "1", str(path))
    # The partner's place 2 or 3 (1–2, 1–3) is an upgrade of 3 or 2 levels (jiangsu).
    upgrades = dict(round1.tables.values_list("number", "pass_upgrade"))
    assert upgrades == {1: 3, 2: 2, 3: 2, 4: None}
    # A place that cannot pass A, or a 过A方式 with nobody past A: nothing is imported.
    path.write_text("台号,东西,南北,过A方式\n1,A+,2,1–2\n2,K,2,2\n", encoding="utf-8")
    with pytest.raises(CommandError):
        call_command("import_results", "spring", "1", str(path))
    assert "过A方式" in capsys.readouterr().err
    assert dict(round1.tables.values_list("number", "pass_upgrade")) == upgrades


def test_bad_results_sheet_imports_nothing_and_names_rows(round1, tmp_path, capsys):
    path = tmp_path / "r1.xlsx"
    path.write_bytes(
        sheet(
            [
                (1, "A+", "K", 0, 0, ""),
                (2, "A+", "A+", 0, 0, ""),
                (9, "A+", "2", 0, 0, ""),
                (1, "K", "A+", 0, 0, ""),
            ]
        )
    )
    with pytest.raises(CommandError, match="没有导入任何成绩"):
        call_command("import_results", "spring", "1", str(path))
    err = capsys.readouterr().err
    assert "第3行" in err and "过A" in err
    assert "第4行“台号”列：本轮没有第9台" in err
    assert "第5行“台号”列：第1台与第2行重复" in err
    assert not round1.tables.exclude(state=Table.EMPTY).exclude(ns=None).exists()


def test_lock_refused_when_tables_are_missing(round1, tmp_path):
    path = tmp_path / "r1.xlsx"
    path.write_bytes(sheet([(1, "A+", "K", 0, 0, "")]))
    with pytest.raises(CommandError, match="未锁定"):
        call_command("import_results", "spring", "1", str(path), "--lock")
    round1.refresh_from_db()
    assert round1.status != Round.LOCKED and round1.tables.get(number=1).state == Table.ENTERED


def test_standings_json_has_rank_team_points_and_each_tiebreak(round1, tmp_path, capsys):
    path = tmp_path / "r1.xlsx"
    path.write_bytes(
        sheet(
            [
                (1, "A+", "K", 0, 0, ""),
                (2, "Q", "Q", 1, 0, ""),
                (3, "", "", 0, 0, "ns"),
                (4, "5", "A+", 0, 0, ""),
            ]
        )
    )
    call_command("import_results", "spring", "1", str(path), "--lock")
    capsys.readouterr()
    call_command("standings", "spring", "--json")
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 8
    top = rows[0]
    for key in (
        "rank",
        "team",
        "points",
        "level_diff",
        "opp_points",
        "fouls",
        "last_rounds",
        "lot",
    ):
        assert key in top
    # Table 4: NS (队8) passed A against 5: d = 13 − 3 = 10, so 13 + 10 = 23, the best score;
    # then 队5's forfeit win (18) and 队1's A+ : K (13 + 2 = 15).
    assert [(r["team"], r["points"]) for r in rows[:3]] == [("队8", 23), ("队5", 18), ("队1", 15)]
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
    call_command("standings", "spring", "--round", "1")
    assert "队8\t23" in capsys.readouterr().out
