"""A restore trusts nothing in the zip it has not checked: the database's schema
against the migrations, every file against the manifest's checksums, what it unpacks against
bounds before a byte is written; and refuses with a message, never a traceback
(tournament/backups/restore.py, schema.py).

Each refusal is asserted through ``manage.py restore`` without ``--force`` onto the test
database, which holds an event: a refusal must come from the file's checks, before the
restore looks at the database (the code before refused these only as "already has data",
or not at all).
"""

from __future__ import annotations

import hashlib
import json
import resource
import shutil
import signal
import sqlite3
import zipfile
import zlib
from pathlib import Path

import pytest
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.backups import create as backup
from tournament.backups import restore
from tournament.models import ScoreSheetPhoto

pytestmark = pytest.mark.django_db

FORMAT_1 = Path(__file__).parent / "data" / "backup-format-1.zip"


@pytest.fixture(autouse=True)
def folder(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


def rezip(
    source: Path,
    target: Path,
    *,
    sql: str = "",
    files: dict[str, bytes] | None = None,
    manifest: dict | None = None,
    digests: bool = True,
) -> Path:
    """``source`` rewritten: ``sql`` run on its database copy, ``files`` put in (or over),
    the manifest's checksums and sizes made right again (``digests``), then ``manifest``'s
    keys set over it."""
    with zipfile.ZipFile(source) as zf:
        members = {name: zf.read(name) for name in zf.namelist()}
    if sql:
        db_path = target.with_suffix(".sqlite3")
        db_path.write_bytes(members[backup.SQLITE_FILE])
        db = sqlite3.connect(db_path)
        db.executescript(sql)
        db.close()
        members[backup.SQLITE_FILE] = db_path.read_bytes()
    members.update(files or {})
    meta = json.loads(members.pop(backup.MANIFEST))
    if digests:
        meta["sha256"] = {n: hashlib.sha256(b).hexdigest() for n, b in members.items()}
        meta["sizes"] = {n: len(b) for n, b in members.items()}
    meta.update(manifest or {})
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
        zf.writestr(backup.MANIFEST, json.dumps(meta))
    return target


def mkdir(path: Path) -> Path:
    path.mkdir()
    return path


def refusal(path: Path) -> str:
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path))
    return str(refused.value)


@pytest.fixture
def made(tournament, tmp_path) -> Path:
    return backup.make_backup(directory=tmp_path / "made", reason="test")


@pytest.mark.slow  # a whole migrated database backed up and checked
def test_a_backup_as_made_passes_every_check(made, tmp_path):
    manifest, key = restore.extract_checked(made, tmp_path)
    assert manifest["version"] == 2 and len(key) >= 20
    # Only the database is what stops it here: the file itself is fine.
    assert "已有赛事或账号" in refusal(made)


@pytest.mark.parametrize(
    ("sql", "what"),
    [
        (
            "CREATE TRIGGER promote AFTER UPDATE ON auth_user BEGIN "
            "UPDATE auth_user SET is_superuser = 1 WHERE id = NEW.id; END;",
            "trigger promote（多余）",
        ),
        ("CREATE VIEW everyone AS SELECT username, password FROM auth_user;", "view everyone"),
        ("CREATE TABLE stash (x TEXT);", "table stash（多余）"),
        ("CREATE INDEX by_name ON auth_user (last_name);", "index by_name（多余）"),
        ("ALTER TABLE auth_user ADD COLUMN note TEXT;", "table auth_user（不同）"),
    ],
    ids=["trigger", "view", "table", "index", "column"],
)
def test_a_schema_the_migrations_do_not_make_is_refused(made, tmp_path, sql, what):
    """A trigger in the restored database made a referee superuser at their first save."""
    turned = rezip(made, tmp_path / "turned.zip", sql=sql)
    message = refusal(turned)
    assert message.startswith("备份文件无法使用：数据库结构与本程序的迁移不符"), message
    assert what in message


def test_the_secret_key_is_covered_by_the_checksums(made, tmp_path, settings):
    """A backup of today's format without the key's checksum is refused; the key changed
    under its checksum too."""
    with zipfile.ZipFile(made) as zf:
        meta = json.loads(zf.read(backup.MANIFEST))
    del meta["sha256"][backup.SECRET]
    uncovered = rezip(made, tmp_path / "uncovered.zip", manifest=meta, digests=False)
    assert "文件 secret_key 不在清单的校验值中" in refusal(uncovered)
    same_size = b"k" * len(settings.SECRET_KEY)
    other_key = rezip(made, tmp_path / "key.zip", files={backup.SECRET: same_size}, digests=False)
    assert "secret_key 的校验值不符" in refusal(other_key)


def test_a_file_outside_the_manifest_is_refused(made, tmp_path):
    with zipfile.ZipFile(made) as zf:
        meta = json.loads(zf.read(backup.MANIFEST))
    extra = rezip(
        made, tmp_path / "extra.zip", files={"run.py": b"x"}, manifest=meta, digests=False
    )
    assert "文件 run.py 不在清单的校验值中" in refusal(extra)


@pytest.mark.parametrize("name", ["media/../../config/settings.py", "events/x.json.gz", "/etc/x"])
def test_a_name_its_kind_does_not_hold_is_refused(made, tmp_path, name):
    odd = rezip(made, tmp_path / "odd.zip", files={name: b"x"})
    assert f"这类备份不应含有文件 {name}" in refusal(odd)


def zeros_deflated(size: int) -> tuple[bytes, int]:
    """A raw DEFLATE stream of ``size`` zero bytes (a multiple of 1 MiB) and their CRC-32,
    made in a fraction of a second: one MiB compressed, its blocks repeated (a full flush
    makes them independent of what came before), then the final block."""
    one = bytes(1 << 20)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = packer.compress(one) + packer.flush(zlib.Z_FULL_FLUSH)
    end = zlib.compressobj(9, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)
    crc = 0
    for _ in range(size >> 20):
        crc = zlib.crc32(one, crc)
    return block * (size >> 20) + end, crc


def test_a_zip_bomb_is_refused_before_it_is_unpacked(made, tmp_path):
    """A 1 MB zip unpacked 1 GiB into the temporary folder before any check: here the
    process may write no file over 64 MB, and the refusal says what is wrong."""
    size = 1 << 30
    stream, crc = zeros_deflated(size)
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(made) as zf:
        key, meta = zf.read(backup.SECRET), json.loads(zf.read(backup.MANIFEST))
    meta["sha256"][backup.SQLITE_FILE] = "0" * 64  # never compared: refused before
    meta["sizes"][backup.SQLITE_FILE] = size
    with zipfile.ZipFile(bomb, "w") as zf:
        # The stream written as it is, then described in the zip's directory for what it
        # is (what a reader goes by): DEFLATE, 1 GiB, its CRC.
        info = zipfile.ZipInfo(backup.SQLITE_FILE)
        with zf.open(info, "w") as out:
            out.write(stream)
        info.compress_type, info.file_size, info.CRC = zipfile.ZIP_DEFLATED, size, crc
        zf.writestr(backup.SECRET, key)
        zf.writestr(backup.MANIFEST, json.dumps(meta))
    assert bomb.stat().st_size < 2 << 20
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 20, limit[1]))
    try:
        message = refusal(bomb)
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limit)
        signal.signal(signal.SIGXFSZ, handler)
    assert message == "备份文件无法使用：文件 database.sqlite3 解压后过大。没有做任何更改"


def test_archives_without_events_get_a_message_not_a_traceback(tmp_path):
    """On an empty database (the code before went on to copy a missing folder)."""
    key = b"a-secret-key-" + b"x" * 40
    bare = tmp_path / "bare.zip"
    meta = {
        "format": backup.FORMAT,
        "version": 2,
        "database": "archives",
        "sha256": {backup.SECRET: hashlib.sha256(key).hexdigest()},
    }
    with zipfile.ZipFile(bare, "w") as zf:
        zf.writestr(backup.SECRET, key)
        zf.writestr(backup.MANIFEST, json.dumps(meta))
    assert refusal(bare) == "备份文件无法使用：备份中没有任何赛事存档（events/）。没有做任何更改"
    shutil.rmtree(tmp_path / "backups", ignore_errors=True)


@pytest.mark.slow  # a whole migrated database restored into a check
def test_a_backup_of_format_1_still_passes_every_check(tmp_path):
    """Made by the code of backup format 1 (manage.py backup of the demo event): no checksum
    of the key, no sizes; its schema is checked all the same."""
    manifest, key = restore.extract_checked(FORMAT_1, tmp_path)
    assert manifest["version"] == 1 and len(key) >= 20
    turned = rezip(FORMAT_1, tmp_path / "turned.zip", sql="CREATE TABLE stash (x TEXT);")
    with zipfile.ZipFile(turned) as zf:  # rezip wrote every checksum: take the key's out
        meta = json.loads(zf.read(backup.MANIFEST))
    assert backup.SECRET in meta["sha256"]
    with pytest.raises(restore.BackupDamaged, match="table stash"):
        restore.extract_checked(turned, mkdir(tmp_path / "again"))


def test_score_sheet_photos_travel_in_backups(
    tournament, pairs8, make_round, media, tmp_path, settings
):
    table = make_round(tournament, pairs8).tables.get(number=1)
    photo = ScoreSheetPhoto(table=table, source="referee", width=1, height=1)
    photo.image.save("spring-r1-t1.jpg", ContentFile(b"\xff\xd8jpeg"), save=False)
    photo.save()
    made = backup.make_backup(directory=tmp_path / "made", reason="test")
    arcname = "media/" + photo.image.name
    with zipfile.ZipFile(made) as zf:
        assert zf.read(arcname) == b"\xff\xd8jpeg"
        assert arcname in json.loads(zf.read(backup.MANIFEST))["sha256"]
    manifest, _key = restore.extract_checked(made, mkdir(tmp_path / "work"))
    settings.MEDIA_ROOT = tmp_path / "laptop-b"
    assert restore.restore_media(tmp_path / "work" / "media") == 1
    assert (tmp_path / "laptop-b" / photo.image.name).read_bytes() == b"\xff\xd8jpeg"
    changed = rezip(made, tmp_path / "changed.zip", files={arcname: b"\xff\xd8JPEG"}, digests=False)
    assert f"{arcname} 的校验值不符" in refusal(changed)


# A dump's table of contents as ``pg_restore -l`` prints it (PostgreSQL 15), written by hand:
# the app's own objects, then what a turned dump adds.
TOC = """;
; Archive created at 2026-12-06 20:00:00 CST
;     dbname: guandan
;
; Selected TOC Entries:
;
215; 1259 16385 TABLE public auth_user guandan
214; 1259 16384 SEQUENCE public auth_user_id_seq guandan
3350; 0 16385 TABLE DATA public auth_user guandan
3360; 0 0 SEQUENCE SET public auth_user_id_seq guandan
3103; 2606 16389 CONSTRAINT public auth_user auth_user_pkey guandan
3101; 1259 16467 INDEX public auth_user_username_6821ab7c_like guandan
3200; 2606 16480 FK CONSTRAINT public tournament_match tournament_match_round_id_fk guandan
216; 1259 16400 TABLE public tournament_match guandan
"""
TURNED = """230; 1255 16500 FUNCTION public promote() guandan
3120; 2620 16501 TRIGGER public auth_user promote guandan
231; 1259 16502 VIEW public everyone guandan
232; 1259 16503 TABLE public stash guandan
"""


def test_a_postgresql_dump_holding_what_the_app_does_not_make_is_refused():
    from tournament.backups.postgres import app_tables, foreign_objects

    tables = app_tables()
    assert {"auth_user", "tournament_match", "django_migrations"} <= tables
    assert foreign_objects(TOC, tables) == []
    assert foreign_objects(TOC + TURNED, tables) == [
        "FUNCTION public promote()",
        "TRIGGER public auth_user promote",
        "VIEW public everyone",
        "TABLE public stash",
    ]


@pytest.mark.parametrize("field", ["migrations", "sha256", "sizes"])
def test_a_manifest_of_the_wrong_shape_gets_a_message(made, tmp_path, field):
    odd = rezip(made, tmp_path / "odd.zip", manifest={field: 5})
    assert refusal(odd) == "备份文件无法使用：清单内容不完整。没有做任何更改"
