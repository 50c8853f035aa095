"""``manage.py export`` for every kind, and ``manage.py import_archive``."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from openpyxl import load_workbook

from tests.app.printing.conftest import pages_text
from tournament.models import Pair, Stage, Tournament
from tournament.printing.registry import KINDS

pytestmark = pytest.mark.django_db


def export(tmp_path, *args, name: str) -> tuple[bytes, str]:
    out = io.StringIO()
    path = tmp_path / name
    call_command("export", *args, "-o", str(path), stdout=out)
    return path.read_bytes(), out.getvalue()


@pytest.mark.parametrize(
    ("kind", "ext", "extra"),
    [
        ("pairings", "pdf", ["--round", "1"]),
        ("pairings", "xlsx", []),
        ("pairings", "csv", []),
        ("scoresheets", "pdf", ["--round", "2", "--two-per-page", "--base-url", "http://10.0.0.2"]),
        ("side_slips", "pdf", ["--round", "2", "--base-url", "http://10.0.0.2"]),
        ("results", "pdf", ["--round", "1"]),
        ("results", "xlsx", ["--round", "1"]),
        ("standings", "pdf", []),
        ("standings", "csv", ["--round", "1"]),
        ("units", "xlsx", []),
        ("certificates", "pdf", []),
        ("signin", "pdf", []),
        ("signin", "xlsx", []),
        ("workbook", "xlsx", []),
        ("clerk_sheet", "xlsx", ["--round", "2"]),
        ("clerk_sheet", "csv", ["--round", "2"]),
        ("archive", "json", []),
    ],
)
def test_export_writes_each_kind_in_the_format_of_the_extension(event, tmp_path, kind, ext, extra):
    data, said = export(tmp_path, "spring", kind, *extra, name=f"out.{ext}")
    assert "已导出" in said
    if ext == "pdf":
        assert data.startswith(b"%PDF") and list(pages_text(data))  # every page read back
    elif ext == "xlsx":
        assert load_workbook(io.BytesIO(data)).worksheets[0].max_row >= 1
    elif ext == "csv":
        assert data.startswith(b"\xef\xbb\xbf")
    else:
        assert json.loads(data)["format"] == "guandan-archive"


def test_every_kind_is_covered_by_the_command_test():
    assert set(KINDS) == {
        "pairings",
        "scoresheets",
        "team_sheets",  # needs a team event: tests/app/teams/test_team_prints.py
        "side_slips",
        "results",
        "standings",
        "units",
        "certificates",
        "bracket",  # needs a knockout stage: test_bracket_prints_the_knockout_stage
        "signin",
        "workbook",
        "archive",
        "clerk_sheet",
        "movement",  # needs a round-robin stage: tests/app/printing/test_movement.py
    }


def test_export_refuses_a_format_the_kind_does_not_have(event, tmp_path):
    with pytest.raises(CommandError, match="不能导出为 .xlsx"):
        export(tmp_path, "spring", "scoresheets", name="x.xlsx")
    assert not (tmp_path / "x.xlsx").exists()
    assert not list(tmp_path.iterdir())  # no half-written file left behind


def test_export_refuses_an_unknown_round(event, tmp_path):
    with pytest.raises(CommandError, match="第9轮"):
        export(tmp_path, "spring", "pairings", "--round", "9", name="x.pdf")


def test_bracket_prints_the_knockout_stage(event, tmp_path):
    ids = list(Pair.objects.filter(tournament=event).order_by("pk").values_list("pk", flat=True))
    final = [{"id": "F", "ew": ids[0], "ns": ids[1], "winner": ids[0], "bye": False}]
    Stage.objects.create(
        tournament=event, order=2, name="决赛阶段", kind="knockout", state={"bracket": [final]}
    )
    data, _ = export(tmp_path, "spring", "bracket", name="b.pdf")
    text = pages_text(data)[0]
    champion = Pair.objects.get(pk=ids[0]).name
    assert "决赛阶段" in text and "冠军" in text and text.count(champion) == 2


def test_import_archive_round_trip_through_the_command_line(event, tmp_path):
    export(tmp_path, "spring", "archive", name="spring.json")
    out = io.StringIO()
    with pytest.raises(CommandError, match="已被本系统的赛事使用"):
        call_command("import_archive", str(tmp_path / "spring.json"), stdout=out)
    call_command(
        "import_archive",
        str(tmp_path / "spring.json"),
        "--slug",
        "spring2",
        "--map-users",
        stdout=out,
    )
    assert "已导入赛事" in out.getvalue()
    copy = Tournament.objects.get(slug="spring2")
    assert copy.pairs.count() == event.pairs.count()
    with pytest.raises(CommandError, match="找不到用户"):
        call_command(
            "import_archive", str(tmp_path / "spring.json"), "--slug", "s3", "--owner", "nobody"
        )


def test_import_archive_with_owner_does_not_suggest_owner(event, tmp_path, django_user_model):
    """With ``--owner`` given, a staff account's clash is not answered with "use --owner":
    the message names the staff accounts and ``--map-users``."""
    export(tmp_path, "spring", "archive", name="spring.json")
    django_user_model.objects.create_user("newboss")
    with pytest.raises(CommandError) as refused:
        call_command(
            "import_archive", str(tmp_path / "spring.json"), "--slug", "s4", "--owner", "newboss"
        )
    message = str(refused.value)
    assert "--map-users" in message and "--owner 指定" not in message
    assert "工作人员" in message and "chief" in message
