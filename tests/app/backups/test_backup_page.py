"""The event's backups page (备份), the backup command's folder and pruning, and automatic
backups that never fail what triggered them (tournament/services/backup*.py)."""

from __future__ import annotations

import io
import json
import shutil
import threading
import time
import zipfile

import pytest
from django.core.management import call_command

from tests.conftest import login, new_user
from tournament.backups import auto as backup_auto
from tournament.backups import create as backup
from tournament.backups.create import MSG_COPY_FAILED
from tournament.backups.files import BackupError, backup_lock
from tournament.events.services import tournament_create

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def folder(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    return settings.BACKUP_DIR


def test_the_administrator_backs_up_now_and_downloads(tournament, folder):
    admin = login(new_user("root", superuser=True))
    page = admin.get("/t/spring/backups/").content.decode()
    assert "还没有备份" in page and "立即备份" in page
    response = admin.post("/t/spring/backups/", follow=True)
    html = response.content.decode()
    assert "已备份" in html and "最近一次备份" in html
    (made,) = backup.list_backups()
    assert made.name in html
    download = admin.get(f"/t/spring/backups/{made.name}")
    assert download["Content-Disposition"].startswith("attachment")
    with zipfile.ZipFile(io.BytesIO(b"".join(download.streaming_content))) as zf:
        manifest = json.loads(zf.read("manifest.json"))
    assert manifest["events"] == [{"slug": "spring", "name": "春季掼蛋赛"}]
    assert admin.get("/t/spring/backups/../secret_key").status_code == 404


def test_nav_links_the_page_for_the_organizer_only(as_organizer, chief, tournament):
    assert "/t/spring/backups/" in as_organizer.get("/t/spring/").content.decode()
    assert "/t/spring/backups/" not in login(chief).get("/t/spring/").content.decode()


def test_an_organizer_who_owns_every_event_gets_the_archive_not_the_database(
    as_organizer, tournament
):
    """The whole database holds every account's password hash and the secret key: only the
    site's administrator takes it away, even on the laptop where every event is the
    organizer's. The organizer's page offers the event's archive instead."""
    made = backup.make_backup(reason="test")
    page = as_organizer.get("/t/spring/backups/").content.decode()
    assert "整库备份含所有账号的密码摘要和密钥" in page
    assert f"backups/{made.name}" not in page and "立即备份" not in page
    assert "/t/spring/export/archive.json.gz" in page
    assert as_organizer.get(f"/t/spring/backups/{made.name}").status_code == 404
    archive = as_organizer.get("/t/spring/export/archive.json.gz")
    assert archive.status_code == 200 and archive["Content-Disposition"].startswith("attachment")


def test_only_the_administrator_backs_up_on_demand(as_organizer, tournament, folder):
    """An organizer (of this event, or of another) pressing 立即备份 makes no backup."""
    bob = new_user("bob", organizer=True)
    tournament_create(organizer=bob, slug="bobs", name="B", rounds=3)
    assert as_organizer.post("/t/spring/backups/").status_code == 404
    assert login(bob).post("/t/bobs/backups/").status_code == 404
    assert login(bob).post("/t/spring/backups/").status_code == 404
    assert backup.list_backups() == []


def test_backups_on_demand_are_limited_in_rate(tournament, folder, monkeypatch):
    """48 presses in a row made 48 full copies of the database (and pushed the older
    backups out): now the first makes one, the next are refused at once with the wait."""
    admin = login(new_user("root", superuser=True))
    for _ in range(5):
        admin.post("/t/spring/backups/")
    assert len(backup.list_backups()) == 1
    html = admin.post("/t/spring/backups/", follow=True).content.decode()
    assert "刚刚备份过，请" in html and "秒后再试" in html
    # A refusal, not a failure: shown as a notice, without "备份失败".
    assert "备份失败" not in html and 'class="msg warning"' in html
    # Once the interval has passed, the next press makes one.
    monkeypatch.setattr(backup, "ON_DEMAND_SECONDS", 0)
    admin.post("/t/spring/backups/")
    assert len(backup.list_backups()) == 2


def test_a_press_while_a_backup_runs_is_refused_at_once(tournament, folder):
    """Not queued behind the running backup (a request thread each, for minutes)."""
    admin = login(new_user("root", superuser=True))
    folder.mkdir(parents=True)
    with backup_lock(folder, wait=False):
        started = time.monotonic()
        html = admin.post("/t/spring/backups/", follow=True).content.decode()
        waited = time.monotonic() - started
    assert "另一个备份正在进行" in html and backup.list_backups() == []
    assert "备份失败" not in html and 'class="msg warning"' in html
    assert waited < 5  # the code before waited 300 s for the lock, then said so


def test_keep_prunes_the_oldest_but_never_a_copy_set_aside(tournament, folder):
    aside = backup.set_aside_backup()
    for _ in range(3):
        call_command("backup", "--keep", "2", stdout=io.StringIO())
    names = [b.name for b in backup.list_backups()]
    assert len(names) == 3 and aside.name in names


def test_a_failed_automatic_backup_is_logged_and_shown(
    as_organizer, tournament, monkeypatch, caplog
):
    def full(*args, **kwargs):
        raise BackupError(MSG_COPY_FAILED, error="磁盘已满")

    monkeypatch.setattr(backup, "_write_backup", full)
    assert backup_auto.run("lock") is None  # never raises
    assert "automatic backup (lock) failed" in caplog.text
    page = as_organizer.get("/t/spring/backups/").content.decode()
    assert "最近一次备份失败" in page and "复制数据库失败：磁盘已满" in page


def test_the_interval_backup_waits_for_an_open_round(tournament, pairs8, make_round, folder):
    make_round(tournament, pairs8, status="draft")
    assert backup_auto.run("interval") is None
    assert backup.list_backups() == []
    make_round(tournament, pairs8, number=2)  # published
    assert backup_auto.run("interval") is not None
    assert backup_auto.run("interval") is None  # the newest is younger than the interval


def test_a_lock_committed_while_a_backup_runs_is_backed_up_after_it(settings, monkeypatch):
    """An import's entries start an interval backup, its lock comes while that one reads the
    database: the lock gets its own backup after it (an interval change is covered by the
    next one). The thread is no daemon: a command that ends waits for it."""
    settings.AUTO_BACKUP = True
    made, started, release = [], threading.Event(), threading.Event()

    def run(reason):
        made.append(reason)
        if len(made) == 1:
            started.set()
            release.wait(10)

    monkeypatch.setattr(backup_auto, "run", run)
    monkeypatch.setattr(backup_auto, "_next_look", 0.0)
    backup_auto.after_commit()
    assert started.wait(10) and not backup_auto._running.daemon
    backup_auto.after_commit("lock")
    backup_auto.after_commit()
    release.set()
    backup_auto.wait_for_running()
    assert made == ["interval", "lock"] and backup_auto._running is None


def test_a_lock_backup_waits_for_another_workers_backup(tournament, pairs8, make_round, folder):
    """Another worker holds the backup folder (its backup may have read the database before
    the lock): an interval backup skips its turn, the lock's waits and makes its own."""
    make_round(tournament, pairs8)  # published: an interval backup is due
    folder.mkdir(parents=True)
    held, release = threading.Event(), threading.Event()

    def other_worker():
        with backup_lock(folder, wait=False):
            held.set()
            release.wait(10)

    worker = threading.Thread(target=other_worker)
    worker.start()
    assert held.wait(10)
    assert backup_auto.run("interval") is None
    threading.Timer(0.3, release.set).start()
    assert backup_auto.run("lock") is not None
    worker.join()
    assert len(backup.list_backups()) == 1


def test_restore_refuses_a_file_that_is_not_a_backup(tmp_path):
    from django.core.management.base import CommandError

    bogus = tmp_path / "x.zip"
    with zipfile.ZipFile(bogus, "w") as zf:
        zf.writestr("manifest.json", "{}")
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(bogus))
    assert str(refused.value) == "备份文件无法使用：不是本系统的备份文件。没有做任何更改"
    shutil.rmtree(tmp_path / "backups", ignore_errors=True)


def test_the_english_page(english, tournament):
    admin = login(new_user("root", superuser=True))
    admin.cookies["django_language"] = "en"
    admin.post("/t/spring/backups/")
    html = admin.get("/t/spring/backups/").content.decode()
    for text in ("Back up now", "Last backup:", "Automatic backups are off", "Download"):
        assert text in html, text


@pytest.mark.parametrize("clone", [False, True])
def test_the_page_gives_the_recovery_commands_of_this_copy(tournament, folder, monkeypatch, clone):
    """The page sent an installed copy to docs/if-the-laptop-fails.md, a file only a clone
    has: it now shows the two commands, as this copy types them."""
    import guandan.guandan_command
    import guandan.startup

    for module in (guandan.guandan_command, guandan.startup):
        monkeypatch.setattr(module, "in_clone", lambda: clone)
    admin = login(new_user("root", superuser=True))
    admin.post("/t/spring/backups/")
    (made,) = backup.list_backups()
    page = admin.get("/t/spring/backups/").content.decode()
    commands = page.split('<pre class="commands">')[1].split("</pre>")[0].splitlines()
    if clone:
        assert commands[0].endswith(f"-m guandan restore {made.name}")
        assert "guandan serve" in commands[1] or "scripts/serve.sh" in commands[1]
    else:
        assert commands == [f"guandan restore {made.name}", "guandan serve --host 0.0.0.0"]
    assert "docs/" not in page
