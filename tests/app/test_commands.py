"""The organizer's command-line tools."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.app.spreadsheet_files import csv_bytes, xlsx
from tournament.models import Pair, Tournament

pytestmark = pytest.mark.django_db


def test_create_tournament_with_every_option(organizer):
    call_command(
        "create_tournament",
        "nj-2026",
        "--name",
        "南京赛",
        "--format",
        "swiss",
        "--rounds",
        "9",
        "--scoring",
        "match_points",
        "--levels",
        "plus4",
        "--pass-a",
        "double_down",
        "--a-fail",
        "three_back_to_J",
        "--seating",
        "first_ns",
        "--avoid-same-unit",
        "--organizer",
        organizer.username,
    )
    t = Tournament.objects.get(slug="nj-2026")
    assert (t.rounds, t.scoring, t.levels, t.pass_a, t.a_fail, t.seating, t.avoid_same_unit) == (
        9,
        "match_points",
        "plus4",
        "double_down",
        "three_back_to_J",
        "first_ns",
        "hard",
    )


def test_create_tournament_refuses_incompatible_options(organizer):
    with pytest.raises(CommandError, match="固定打3轮"):
        call_command(
            "create_tournament",
            "r",
            "--name",
            "R",
            "--format",
            "rotation",
            "--rounds",
            "4",
            "--organizer",
            organizer.username,
        )
    assert not Tournament.objects.exists()


def test_import_teams_from_file(tournament, tmp_path, capsys):
    path = tmp_path / "teams.csv"
    path.write_bytes(csv_bytes([("甲队", "单位", "张三", "李四", "", "")], encoding="gbk"))
    call_command("import_teams", tournament.slug, str(path))
    assert "已导入1个组合" in capsys.readouterr().out
    assert Pair.objects.filter(name="甲队").exists()


@pytest.mark.parametrize("command", ["import_pairs", "import_teams"])
def test_import_pairs_and_its_former_name_import_alike(command, tournament, tmp_path, capsys):
    path = tmp_path / "pairs.csv"
    path.write_bytes(csv_bytes([("乙队", "单位", "王五", "赵六", "", "")]))
    call_command(command, tournament.slug, str(path))
    assert "已导入1个组合" in capsys.readouterr().out
    assert list(Pair.objects.values_list("name", flat=True)) == ["乙队"]


def test_import_teams_bad_file_exits_non_zero_with_row_errors(tournament, tmp_path, capsys):
    path = tmp_path / "teams.xlsx"
    path.write_bytes(
        xlsx([("甲队", "单位", "张三", "李四", "", ""), ("甲队", "", "王五", "", "", "")])
    )
    with pytest.raises(CommandError, match="没有导入任何数据"):
        call_command("import_teams", tournament.slug, str(path))
    err = capsys.readouterr().err
    assert "第3行“队名”列：队名“甲队”与第2行重复" in err and "第3行“选手2”列：缺少选手姓名" in err
    assert not Pair.objects.exists()


def test_import_teams_exit_status_from_the_shell(tournament, tmp_path):
    """The real process exits non-zero: scripts can rely on it."""
    import subprocess
    import sys

    from django.conf import settings

    path = tmp_path / "bad.xlsx"
    path.write_bytes(b"not a spreadsheet")
    env_db = settings.DATABASES["default"]["NAME"]
    result = subprocess.run(
        [sys.executable, "manage.py", "import_teams", "nosuchevent", str(path)],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        env={
            "PATH": "/usr/bin:/bin",
            "DATABASE_URL": f"sqlite:///{tmp_path}/x.sqlite3",
            "SECRET_KEY": "test-secret-key-0123456789-" + "k" * 40,
            "GUANDAN_VAR_DIR": str(tmp_path),
        },
    )
    assert env_db  # the test database itself is untouched by the subprocess
    assert result.returncode != 0


def test_load_demo_creates_48_pairs_and_16_teams_from_8_units_once(capsys):
    call_command("load_demo")
    out = capsys.readouterr().out
    assert "用户名 organizer  密码" in out
    t = Tournament.objects.get(slug="demo")
    assert t.pairs.count() == 48 and t.units.count() == 8
    teams = Tournament.objects.get(slug="demo-teams")
    assert teams.is_team_event and teams.teams.count() == 16 and teams.units.count() == 8
    assert teams.pairs.count() == 32 and teams.staff.count() == 2
    call_command("load_demo")
    again = capsys.readouterr().out
    assert "已存在" in again and "密码 " not in again.replace("密码不变", "")
    assert Tournament.objects.count() == 2


@pytest.mark.parametrize("command", ["help", "diffsettings"])
def test_a_reader_that_stops_reading_ends_the_command_quietly(tmp_path, command):
    """``guandan standings | head``: the reader closes the pipe before the command has
    written; the command stops without a traceback. ``help`` writes outside a
    command, ``diffsettings`` inside one (neither needs a database)."""
    import subprocess
    import sys

    from django.conf import settings

    process = subprocess.Popen(
        [sys.executable, "manage.py", command],
        cwd=settings.BASE_DIR,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={
            "PATH": "/usr/bin:/bin",
            "SECRET_KEY": "test-secret-key-0123456789-" + "k" * 40,
            "GUANDAN_DATA_DIR": str(tmp_path),
        },
    )
    process.stdout.close()  # the reader is gone before the first line is written
    errors = process.stderr.read().decode()
    assert process.wait() == 141
    assert "BrokenPipeError" not in errors and "Traceback" not in errors


def test_verbosity_zero_silences_confirmations_but_not_data_or_passwords(capsys, tmp_path):
    """``-v 0`` (it was ignored): the confirmations go, what the command exists
    to print (the draw, a password shown only once) stays."""
    call_command("load_demo", verbosity=0)
    out = capsys.readouterr().out
    assert "用户名 organizer  密码" in out and "演示赛事已创建" not in out
    call_command("draw", "demo", verbosity=0)
    out = capsys.readouterr().out
    assert "抽签完成" not in out and len(out.splitlines()) == 48
    call_command("export", "demo", "units", "-o", str(tmp_path / "u.xlsx"), verbosity=0)
    assert capsys.readouterr().out == "" and (tmp_path / "u.xlsx").stat().st_size
    call_command("export", "demo", "units", "-o", str(tmp_path / "v.xlsx"))
    assert "已导出" in capsys.readouterr().out
