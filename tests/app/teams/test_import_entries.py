"""``manage.py import_entries SLUG FILE``: the sheet of the event's entry kind."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.app.spreadsheet_files import csv_bytes
from tests.app.teams.team_sheets import team_csv, team_event, team_rows, team_xlsx
from tournament.models import Pair, Team

pytestmark = pytest.mark.django_db


def test_a_team_event_imports_teams(organizer, tmp_path, capsys):
    t = team_event(organizer)
    path = tmp_path / "团体.xlsx"
    path.write_bytes(team_xlsx(team_rows(3, units=2)))
    call_command("import_entries", t.slug, str(path))
    assert "已导入3个团体（2个单位）" in capsys.readouterr().out
    assert Team.objects.filter(tournament=t).count() == 3
    assert Pair.objects.filter(tournament=t).count() == 6


def test_a_pairs_event_imports_pairs(tournament, tmp_path, capsys):
    path = tmp_path / "pairs.csv"
    path.write_bytes(csv_bytes([("乙队", "单位", "王五", "赵六", "", "")]))
    call_command("import_entries", tournament.slug, str(path))
    assert "已导入1个组合" in capsys.readouterr().out
    assert list(Pair.objects.values_list("name", flat=True)) == ["乙队"]


def test_bad_rows_are_written_and_nothing_is_imported(organizer, tmp_path, capsys):
    t = team_event(organizer)
    path = tmp_path / "团体.csv"
    rows = [*team_rows(2), ("团体0003", "", "", "y", "z", "w", "", "")]
    path.write_bytes(team_csv(rows))
    with pytest.raises(CommandError, match="发现1个问题，没有导入任何数据"):
        call_command("import_entries", t.slug, str(path))
    assert "第4行“组合1选手1”列：缺少选手姓名" in capsys.readouterr().err
    assert not Team.objects.exists()


def test_a_pairs_sheet_in_a_team_event_names_the_missing_columns(organizer, tmp_path, capsys):
    t = team_event(organizer)
    path = tmp_path / "pairs.csv"
    path.write_bytes(csv_bytes([("乙队", "单位", "王五", "赵六", "", "")]))
    with pytest.raises(CommandError, match="没有导入任何数据"):
        call_command("import_entries", t.slug, str(path))
    assert "缺少必需的列" in capsys.readouterr().err


def test_an_unreadable_file_and_a_missing_one(organizer, tmp_path):
    t = team_event(organizer)
    path = tmp_path / "bad.xlsx"
    path.write_bytes(b"not a spreadsheet")
    with pytest.raises(CommandError, match="没有导入任何数据"):
        call_command("import_entries", t.slug, str(path))
    with pytest.raises(CommandError, match="找不到文件"):
        call_command("import_entries", t.slug, str(tmp_path / "none.xlsx"))
    with pytest.raises(CommandError, match="找不到赛事"):
        call_command("import_entries", "nosuch", str(path))


def test_the_pairs_import_refuses_a_team_event(organizer, tmp_path, capsys):
    """import_pairs (and import_teams, its former name) stay for pairs: in a team event they
    would make loose pairs, outside every team."""
    t = team_event(organizer)
    path = tmp_path / "pairs.csv"
    path.write_bytes(csv_bytes([("乙队", "单位", "王五", "赵六", "", "")]))
    with pytest.raises(CommandError, match="这个赛事是团体赛，请报名团体，不能单独报名组合"):
        call_command("import_pairs", t.slug, str(path))
    assert not Pair.objects.filter(tournament=t).exists()


def test_a_loose_pair_is_refused_in_a_team_event(organizer):
    from tournament.core.actors import user_actor
    from tournament.core.errors import Invalid
    from tournament.registration.services import PairData, pair_register

    t = team_event(organizer)
    with pytest.raises(Invalid):
        pair_register(tournament=t, data=PairData("甲", "", "a", "b"), by=user_actor(organizer))
    assert not Pair.objects.filter(tournament=t).exists()


def test_the_demo_teams_sheet_imports(organizer, capsys):
    from django.conf import settings

    t = team_event(organizer)
    call_command("import_entries", t.slug, str(settings.BASE_DIR / "fixtures" / "demo_teams.csv"))
    assert "已导入16个团体（8个单位）" in capsys.readouterr().out
    assert Team.objects.filter(tournament=t).count() == 16
