"""Backup while results are being saved, and restore on a second laptop.

Laptop A (a data folder with its SQLite database in WAL mode) runs the demo event; a
separate process saves results one after the other, printing each once committed. While
it saves, ``manage.py backup`` runs. Laptop B, a fresh data folder whose secret key file
holds another key, restores the file: every result committed before the backup started is
there, the database's integrity check is ok, the organizer logs in, and a check-in QR code
and a player's slip link printed on laptop A open on laptop B's server. Then the automatic
backups of A: one after a save once the interval has passed, one at the round lock.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import zipfile
from pathlib import Path

import pytest

from tests.servers.laptop import SETUP, laptop_env, manage, python, start_python
from tests.servers.web import Browser, start_server, wait_until_up

pytestmark = [pytest.mark.slow]

SAVER = """
import django
django.setup()
from django.contrib.auth.models import User
from tournament.models import Table
from tournament.results.checks import ResultValues
from tournament.core.actors import user_actor
from tournament.results.services import submit_result
organizer = User.objects.get(username="organizer")
pks = list(Table.objects.filter(round__number=1).exclude(ns=None).values_list("pk", flat=True))
values = [ResultValues("A+", "K", winner="EW"), ResultValues("A+", "3", winner="EW")]
for i in range(600):
    table = Table.objects.get(pk=pks[i % len(pks)])
    table = submit_result(table, values[i % 2], version=table.version, by=user_actor(organizer))
    sub = table.submissions.order_by("-pk").first().pk
    print("saved", table.pk, table.version, sub, flush=True)
"""

STATE = """
import django, json
django.setup()
from tournament.models import Table, Submission
print(json.dumps({
    "versions": {str(pk): v for pk, v in Table.objects.values_list("pk", "version")},
    "submissions": list(Submission.objects.values_list("pk", flat=True)),
}))
"""

LINKS = """
import django
django.setup()
from tournament.models import Table, Pair
from tournament.signup.checkin import checkin_path
pair = Pair.objects.filter(tournament__slug="demo").order_by("pk").first()
table = Table.objects.filter(round__number=1).exclude(ns=None).order_by("number").first()
print(checkin_path("demo", pair.pk))
print(f"/t/demo/e/{table.pk}/{table.ew_code}/")
print(pair.name)
"""

AUTOMATIC = """
import django
django.setup()
from django.contrib.auth.models import User
from tournament.models import Table, Round
from tournament.results.checks import ResultValues
from tournament.backups import auto as backup_auto
from tournament.core.actors import user_actor
from tournament.results.services import submit_result
organizer = User.objects.get(username="organizer")
table = Table.objects.filter(round__number=1).exclude(ns=None).order_by("number").first()
submit_result(table, ResultValues("A+", "2", winner="EW"), version=table.version, by=user_actor(organizer))
backup_auto.wait_for_running()
round_ = Round.objects.get(tournament__slug="demo", number=1)
# The clerk's sheet of the round: what each table has, as the referees entered it.
print("台号,东西,南北")
for m in round_.tables.exclude(ns=None).order_by("number"):
    print(f"{m.number},{m.ew_level or 'A+'},{m.ns_level or '2'}")
"""

# A score-sheet photo of round 1's first table, as a referee's upload stores it (photos
# travel in backups); prints its name under MEDIA_ROOT.
PHOTO = """
import django
django.setup()
from django.core.files.base import ContentFile
from tournament.models import Table, ScoreSheetPhoto
table = Table.objects.filter(round__number=1).exclude(ns=None).order_by("number").first()
photo = ScoreSheetPhoto(table=table, source="referee", width=1, height=1)
photo.image.save("demo-r1-t1.jpg", ContentFile(b"\\xff\\xd8 the sheet"), save=False)
photo.save()
print(photo.image.name)
"""

REASONS = """
import django, json, zipfile
django.setup()
from tournament.backups import create as backup
for b in backup.list_backups():
    with zipfile.ZipFile(b.path) as zf:
        print(json.loads(zf.read("manifest.json"))["reason"])
"""


def saved_lines(proc, lines: list[str], stop: threading.Event) -> None:
    for line in proc.stdout:
        lines.append(line.split())
        if stop.is_set():
            break


def test_backup_while_saving_then_restore_on_a_second_laptop(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    python(a, SETUP)
    photo = python(a, PHOTO).strip()
    saver = start_python(a, SAVER)
    lines: list[list[str]] = []
    stop = threading.Event()
    reader = threading.Thread(target=saved_lines, args=(saver, lines, stop), daemon=True)
    reader.start()
    while len(lines) < 40 and saver.poll() is None:
        threading.Event().wait(0.05)
    before = list(lines)  # committed before the backup started
    made = manage(a, "backup", "--dir", str(tmp_path / "usb"))
    during = len(lines) - len(before)
    stop.set()
    saver.terminate()
    saver.wait(20)
    assert made.returncode == 0, made.stderr
    assert during > 0, "the saves went on while the backup ran"
    backup_file = next((tmp_path / "usb").glob("guandan-backup-*.zip"))
    with zipfile.ZipFile(backup_file) as zf:
        assert json.loads(zf.read("manifest.json"))["database"] == "sqlite"
        assert zf.read("secret_key").decode() == (a / "secret_key").read_text().strip()

    # Laptop B: fresh, with its own key: A's printed codes do not hold here yet.
    b.mkdir()
    (b / "secret_key").write_text("b-laptop-key-" + "q7" * 30)
    links = python(a, LINKS).splitlines()
    code_on = "import django; django.setup()\nfrom tournament.signup.checkin import checkin_code as c\nprint(c({}))"
    pair_pk = int(links[0].rstrip("/").split("/")[-1].split("-")[0])
    assert python(b, code_on.format(pair_pk)) != python(a, code_on.format(pair_pk))

    restored = manage(b, "restore", str(backup_file))
    assert restored.returncode == 0, restored.stderr
    assert "已恢复" in restored.stdout and "重新）启动服务器" in restored.stdout
    state = json.loads(python(b, STATE))
    for _word, pk, version, sub in before:
        assert state["versions"][pk] >= int(version)
        assert int(sub) in state["submissions"]
    db = sqlite3.connect(b / "db.sqlite3")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    assert python(b, code_on.format(pair_pk)) == python(a, code_on.format(pair_pk))
    assert (b / "secret_key").read_text() == (a / "secret_key").read_text().strip()
    assert list(b.glob("secret_key.before-restore-*"))  # B's own key kept aside
    assert (b / "media" / photo).read_bytes() == (a / "media" / photo).read_bytes()

    refused_again(b, backup_file, tmp_path)
    served_on_b(b, links)
    automatic_backups_of(a)


def test_a_backup_of_format_1_restores(tmp_path):
    """Format 1 (no checksum of the key, no sizes, no photos): made by ``manage.py backup``
    of the demo event with the code of format 1, restored onto a fresh laptop."""
    old = Path(__file__).parents[1] / "app" / "backups" / "data" / "backup-format-1.zip"
    b = tmp_path / "b"
    b.mkdir()
    restored = manage(b, "restore", str(old))
    assert restored.returncode == 0, restored.stderr
    assert "已恢复" in restored.stdout and "demo" in restored.stdout
    with zipfile.ZipFile(old) as zf:
        assert (b / "secret_key").read_text() == zf.read("secret_key").decode()
    state = json.loads(python(b, STATE))
    assert state["versions"] and state["submissions"] == []


def refused_again(b: Path, backup_file: Path, tmp_path: Path) -> None:
    """A second restore onto B's data, and a damaged file: refused, nothing changed."""
    db_before = (b / "db.sqlite3").read_bytes()
    again = manage(b, "restore", str(backup_file))
    assert again.returncode != 0 and "已有赛事或账号" in again.stderr
    damaged = tmp_path / "damaged.zip"
    damaged.write_bytes(backup_file.read_bytes()[: backup_file.stat().st_size // 2])
    broken = manage(b, "restore", str(damaged), "--force")
    assert broken.returncode != 0 and "备份文件无法使用" in broken.stderr
    assert (b / "db.sqlite3").read_bytes() == db_before


def served_on_b(b: Path, links: list[str]) -> None:
    """B's server: the organizer logs in; the check-in code and the slip link work."""
    checkin, slip, pair_name = links
    proc, base = start_server({**laptop_env(b), "SECRET_KEY": None}, 1)
    try:
        wait_until_up(proc, base)
        organizer = Browser(base)
        organizer.login("organizer", "pw-organizer")
        status, html = organizer.get(checkin)
        assert status == 200 and pair_name in html
        status, html = Browser(base).get(slip)
        assert status == 200  # a wrong code answers 404
    finally:
        proc.terminate()
        proc.wait(10)


def automatic_backups_of(a: Path) -> None:
    """A save once the interval has passed starts a backup; so does the round lock, also
    when the clerk's sheet locks it from the command line: the command waits for its backup
    (guandan/command_process.py) and leaves no write-ahead log behind it."""
    automatic = {"AUTO_BACKUP": "1", "AUTO_BACKUP_MINUTES": "0"}
    sheet = a / "round-1.csv"
    sheet.write_text(python(a, AUTOMATIC, **automatic), encoding="utf-8")
    locked = manage(a, "import_results", "demo", "1", str(sheet), "--lock", **automatic)
    assert locked.returncode == 0 and "已确认并锁定" in locked.stdout, locked.stderr
    reasons = python(a, REASONS).split()
    assert reasons[0] == "lock" and "interval" in reasons, reasons
    assert not (a / "db.sqlite3-wal").exists(), "a committed change left outside db.sqlite3"
