"""The archive as a file: ``.json.gz`` written and read as streams, plain
``.json`` (and the archives of version 1) still read, the audit log left out on request,
and hostile or broken files refused with a clear message, nothing saved."""

from __future__ import annotations

import gzip
import io
import json
import zlib

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.app.archive.test_archive_checks import state
from tests.conftest import login
from tournament.archive.importer import import_archive_file
from tournament.archive.write import PARTS, ArchiveError, export_archive, write_archive
from tournament.models import AuditEntry, Pair, SignUp, Tournament

# Each test writes media (photos of score sheets, files an archive brings) in a folder of its own.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]


def gz_bytes(t: Tournament, **options) -> bytes:
    out = io.BytesIO()
    write_archive(t, out, **options)
    return out.getvalue()


def test_the_command_writes_json_gz_and_reads_it_back(event, tmp_path):
    path = tmp_path / "spring.json.gz"
    call_command("export", "spring", "archive", "-o", str(path), stdout=io.StringIO())
    data = json.loads(gzip.decompress(path.read_bytes()))
    assert data["version"] == 2 and data["with_audit"] and data["audit"]
    out = io.StringIO()
    call_command("import_archive", str(path), "--slug", "gz", "--map-users", stdout=out)
    copy = Tournament.objects.get(slug="gz")
    assert copy.pairs.count() == event.pairs.count()
    assert AuditEntry.objects.filter(tournament=copy).count() == event.audit.count() + 1


def test_without_audit_leaves_the_audit_log_out(event, tmp_path):
    path = tmp_path / "spring.json"
    call_command(
        "export", "spring", "archive", "-o", str(path), "--without-audit", stdout=io.StringIO()
    )
    data = json.loads(path.read_bytes())  # .json: plain
    assert data["with_audit"] is False and "audit" not in data and data["matches"]
    copy = import_archive_file(path, slug="quiet", map_users=True).tournament
    assert list(copy.audit.values_list("action", flat=True)) == ["archive.import"]


def test_the_web_download_is_json_gz_with_or_without_the_audit_log(event, organizer):
    client = login(organizer)
    response = client.get("/t/spring/export/archive.json.gz")
    assert response.status_code == 200 and response["Content-Type"] == "application/gzip"
    assert ".json.gz" in response["Content-Disposition"]
    data = json.loads(gzip.decompress(b"".join(response.streaming_content)))
    assert data["audit"]
    quiet = client.get("/t/spring/export/archive.json.gz?audit=0")
    assert "audit" not in json.loads(gzip.decompress(b"".join(quiet.streaming_content)))
    page = client.get("/t/spring/export/").content.decode()
    assert "archive.json.gz" in page and "archive.json.gz?audit=0" in page


def version_1(t: Tournament) -> bytes:
    """The archive as the app wrote it before: one document, users and files at the end."""
    new = export_archive(t)
    old_parts = [p.key for p in PARTS if p.key not in ("signup_config", "signups", "checkins")]
    old = {k: new[k] for k in ("format", "app", "exported_at", "tournament")} | {"version": 1}
    old |= {k: new[k] for k in old_parts if k != "absences"}
    old |= {"users": new["users"], "files": new["files"]}
    return json.dumps(old, ensure_ascii=False, indent=1).encode("utf-8")


def test_an_archive_of_version_1_is_still_read(event, tmp_path):
    path = tmp_path / "old.json"
    path.write_bytes(version_1(event))
    copy = import_archive_file(path, slug="old", map_users=True).tournament
    assert copy.pairs.count() == event.pairs.count()
    assert copy.round_set.count() == event.round_set.count()


def test_a_stream_that_cannot_seek_is_read(event):
    class Pipe(io.RawIOBase):  # what a backup reads from: no seek
        def __init__(self, data: bytes) -> None:
            self.data = io.BytesIO(data)

        def readable(self) -> bool:
            return True

        def readinto(self, buffer) -> int:
            chunk = self.data.read(len(buffer))
            buffer[: len(chunk)] = chunk
            return len(chunk)

    copy = import_archive_file(Pipe(gz_bytes(event)), slug="pipe", map_users=True).tournament
    assert copy.pairs.count() == event.pairs.count()


def test_another_install_keeps_the_sign_up_links(organizer, chief, referee):
    from tests.app.archive.test_archive_roundtrip import registered

    t = registered("swiss_points26", organizer, chief, referee)
    token = SignUp.objects.get(tournament=t).token
    data = gz_bytes(t)
    SignUp.objects.filter(tournament=t).update(token="x" * 43)  # as if on another server
    copy = import_archive_file(io.BytesIO(data), slug="moved", map_users=True).tournament
    assert SignUp.objects.get(tournament=copy).token == token


def refused(data: bytes, reason: str, tmp_path, name: str = "bad.json.gz") -> None:
    before = state()
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(CommandError, match=reason):
        call_command("import_archive", str(path), "--slug", "bad", "--map-users")
    with pytest.raises(ArchiveError, match=reason):
        import_archive_file(io.BytesIO(data), slug="bad", map_users=True)
    assert state() == before


def test_a_truncated_json_gz_is_refused_and_nothing_saved(event, tmp_path):
    data = gz_bytes(event)
    refused(data[: len(data) * 2 // 3], "已损坏或不完整", tmp_path)


def test_a_truncated_plain_json_is_refused(event, tmp_path):
    data = export_archive(event)
    text = json.dumps(data, ensure_ascii=False).encode("utf-8")
    refused(text[: len(text) - 40], "不是有效的JSON", tmp_path, "bad.json")


def test_garbage_after_the_gzip_mark_is_refused(tmp_path):
    refused(b"\x1f\x8b" + bytes(range(256)) * 8, "已损坏或不完整", tmp_path)


def test_a_gzip_bomb_is_refused_before_it_is_unpacked(event, tmp_path, settings):
    settings.ARCHIVE_MAX_RAW_BYTES = 1024 * 1024
    head = b'{"format": "guandan-archive", "version": 2, "pad": "'
    bomb = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip container
    data = bomb.compress(head) + bomb.compress(b"a" * (64 * 1024 * 1024)) + bomb.flush()
    assert len(data) < 200 * 1024
    refused(data, "解压后太大.*ARCHIVE_MAX_RAW_MB", tmp_path)


def test_a_nesting_bomb_inside_a_row_is_refused(event, tmp_path):
    doc = export_archive(event)
    nested: list = ["deep"]
    for _ in range(30):
        nested = [nested]
    doc["teams"][0]["name"] = nested
    refused(gzip.compress(json.dumps(doc).encode()), "嵌套过深", tmp_path)


def test_rows_out_of_order_are_refused(event, tmp_path):
    doc = export_archive(event)
    # The audit entries point at fouls: read before them, they would lose their object.
    doc = {k: doc[k] for k in doc if k != "fouls"} | {"fouls": doc["fouls"]}
    assert doc["fouls"]
    refused(gzip.compress(json.dumps(doc).encode()), "“fouls”应在“audit”之前", tmp_path)


def test_an_archive_over_the_stored_cap_is_refused_unread(event, tmp_path, settings):
    settings.ARCHIVE_MAX_BYTES = 1024
    refused(gz_bytes(event) + b"\0" * 2048, "存档文件太大.*最大 1 KB", tmp_path)
    assert Pair.objects.filter(tournament__slug="bad").count() == 0
