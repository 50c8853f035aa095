"""Crafted archives (docs/security.md): each is refused with its reason and the database
is left as it was; accepted archives get normalised names and marked audit entries."""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.archive.checks import IMPORTED_MARK
from tournament.archive.importer import import_archive, import_archive_file
from tournament.archive.write import ArchiveError, export_archive
from tournament.models import AuditEntry, Pair, Stage, Table, Tournament

# Each test writes media (photos of score sheets, files an archive brings) in a folder of its own.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]


def state():
    """What a refused import must leave untouched."""
    return (
        Tournament.objects.count(),
        Pair.objects.count(),
        Table.objects.count(),
        AuditEntry.objects.count(),
        get_user_model().objects.count(),
    )


def refused(archive: dict, reason: str, **options) -> None:
    before = state()
    with pytest.raises(ArchiveError, match=reason):
        import_archive(json.loads(json.dumps(archive)), slug="crafted", map_users=True, **options)
    assert state() == before


def played(archive: dict) -> dict:
    """The first match row with final levels."""
    return next(m for m in archive["matches"] if m["ew_level"] and m["ns_level"])


def test_an_impossible_level_is_refused(event):
    archive = export_archive(event)
    played(archive)["ew_level"] = "Z"
    refused(archive, "级数 'Z' 不存在")


def test_an_impossible_final_is_refused_by_the_rules_engine(event):
    archive = export_archive(event)
    row = played(archive)
    row["ew_level"], row["ns_level"] = "A+", "A+"
    refused(archive, "第\\d+条比赛记录")


def test_an_invalid_deal_record_is_refused(event):
    archive = export_archive(event)
    row = next(m for m in archive["matches"] if m["deals"])
    row["deals"] = row["deals"] + [{"kind": "nonsense"}]
    refused(archive, "第\\d+条比赛记录")


@pytest.mark.parametrize(
    "bracket",
    [
        "garbage",
        {"size": 3, "rounds": []},
        {"size": 4, "rounds": [[{"id": "1-1", "round": 1, "ew": 9999, "ns": None}]]},
        {"size": 4, "rounds": [[{"id": "1-1", "round": 1, "ew": 1, "ns": 2, "winner": 3}]]},
    ],
)
def test_a_garbage_bracket_is_refused(event, bracket):
    Stage.objects.create(tournament=event, order=2, name="淘汰赛", kind="knockout")
    archive = export_archive(event)
    archive["stages"][-1]["state"] = {"bracket": bracket}
    refused(archive, "第2个阶段")


def test_true_as_a_reference_is_refused(event):
    archive = export_archive(event)
    archive["matches"][0]["ew"] = True  # used to be read as record 1
    refused(archive, "Table.ew 的值 'True' 类型不对")


def test_a_text_where_a_number_belongs_is_refused(event):
    archive = export_archive(event)
    archive["teams"][0]["seed"] = "3"
    refused(archive, "Pair.seed")


@pytest.mark.both_databases
def test_an_integer_out_of_the_database_range_is_refused(event):
    archive = export_archive(event)
    archive["fouls"][0]["deal_number"] = 10**25
    refused(archive, "存档中的数据无效")


def test_a_forged_audit_entry_dated_after_the_export_is_refused(event):
    archive = export_archive(event)
    archive["audit"][0]["created_at"] = "2099-01-01T00:00:00+00:00"
    refused(archive, "晚于存档导出时间")
    archive = export_archive(event)
    archive["audit"][0]["action"] = "<script>"
    refused(archive, "操作类型")


@pytest.mark.parametrize("message", [{"params": {}}, {"code": 3}, {"code": "x", "params": [1]}])
def test_an_audit_summary_message_of_the_wrong_shape_is_refused(event, message):
    """The activity log renders each entry's message: a crafted one must not reach it."""
    archive = export_archive(event)
    archive["audit"][0]["summary_message"] = message
    refused(archive, "说明消息")


def test_audit_entries_read_from_an_archive_are_marked(event):
    copy = import_archive(export_archive(event), slug="copy", map_users=True).tournament
    entries = AuditEntry.objects.filter(tournament=copy).exclude(action="archive.import")
    assert entries.exists()
    assert all(e.summary.startswith(IMPORTED_MARK) for e in entries)


def test_existing_usernames_are_not_attached_without_map_users(event):
    archive = export_archive(event)
    before = state()
    with pytest.raises(ArchiveError, match="已存在：alice、chief、ref"):
        import_archive(archive, slug="crafted")
    assert state() == before


def test_nesting_bombs_are_refused():
    # Not 200,000 brackets: the streaming parser's first event costs time quadratic in the
    # brackets it reads ahead (60,000: 6 CPU-s), a limit of its own to look at.
    with pytest.raises(ArchiveError, match="不是掼蛋赛事存档文件"):
        read_bytes(b"[" * 2_000)
    deep: dict = {"x": 1}
    for _ in range(40):
        deep = {"x": deep}
    doc = {"format": "guandan-archive", "version": 1, "tournament": {}, "audit": [deep]}
    with pytest.raises(ArchiveError, match="嵌套过深"):
        read_bytes(json.dumps(doc).encode())


def test_names_in_an_archive_are_normalised(event):
    archive = export_archive(event)
    archive["teams"][0]["name"] = "正常\u200b队"
    copy = import_archive(archive, slug="copy", map_users=True).tournament
    assert copy.pairs.filter(name="正常队").exists()


def test_an_archive_over_the_size_cap_is_refused_unread(event, tmp_path, settings):
    path = tmp_path / "a.json"
    path.write_text(json.dumps(export_archive(event)), encoding="utf-8")
    settings.ARCHIVE_MAX_BYTES = 1024
    with pytest.raises(CommandError, match="文件太大.*最大 1 KB"):
        call_command("import_archive", str(path), "--slug", "big", "--map-users")


def test_garbage_flags_games_and_submissions_are_refused(event):
    archive = export_archive(event)
    archive["matches"][0]["flags"] = [{"x": 1}]
    refused(archive, "标记（flags）应为文字列表")
    archive = export_archive(event)
    archive["matches"][0]["games"] = "abc"
    refused(archive, "淘汰赛各局应为列表")
    archive = export_archive(event)
    archive["submissions"][0]["values"] = [1, 2]
    refused(archive, "成绩提交的内容应为对象")


def read_bytes(data: bytes):
    """Import an archive file holding ``data``."""
    return import_archive_file(io.BytesIO(data))
