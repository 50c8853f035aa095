"""A deal-by-deal sheet survives the laptop ("the phone resumes"), in Debian's
Chromium at 390 px against the real server (granian) of a laptop's data folder:

the referee's phone opens a table's sheet (the first entry page it opens) and enters deals;
a backup is made; more deals are entered; the server is killed (SIGKILL, as a crash); the
phone reopens the sheet from its own copy and enters a deal, kept on the phone; the backup is
restored into a second data folder and served at the same address. The phone sends what it
kept: the deals the restored laptop has are matched, the rest appended (no dispute), and the
sheet goes on to the end of the match."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest

from guandan.servers import ServeOptions, granian_argv, worker_environment
from tests.browser.conftest import login
from tests.browser.taps import wait_js
from tests.browser.web_event import SAVED, choose
from tests.servers.laptop import SETUP, laptop_env, manage, python
from tests.servers.web import ROOT, free_port, wait_until_up

pytestmark = [pytest.mark.slow]
SHEET = "/t/demo/rounds/1/table/1/sheet/"
FROM_PHONE = "document.documentElement.dataset.served === 'cache'"
WAITING = "(document.getElementById('outbox-count').dataset.n || '0') === '%s'"
FINISHED = "document.querySelector('[data-win=EW]').disabled"
# The steps of the phone's copy of the sheet's data (kept by the service worker).
KEPT_STEPS = """url => caches.open('gd-pages').then(c => c.match(url))
  .then(r => r ? r.json() : null).then(d => d ? d.sheet.steps.length : -1)"""
TABLE = """
import django, json
django.setup()
from tournament.models import AppliedEntry, Table
m = Table.objects.get(round__tournament__slug="demo", round__number=1, number=1)
print(json.dumps({"state": m.state, "deals": m.deals, "submissions": m.submissions.count(),
    "applied": list(AppliedEntry.objects.filter(table=m).values_list("outcome", flat=True))}))
"""


def serve(var_dir: Path, port: int) -> subprocess.Popen:
    """The laptop's server at ``port``, in a process group of its own (killed whole)."""
    env = laptop_env(var_dir)
    env.update(worker_environment(env))
    proc = subprocess.Popen(
        granian_argv(ServeOptions("127.0.0.1", port, "granian", 1, 2)),
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    wait_until_up(proc, f"http://127.0.0.1:{port}")
    return proc


def crash(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)


def deal(page, win: str, partner: str) -> None:
    choose(page, win, partner)
    wait_js(page, SAVED)


def table(var_dir: Path) -> dict:
    return json.loads(python(var_dir, TABLE))


def test_a_half_entered_sheet_resumes_on_the_restored_laptop(browser, tmp_path):
    first, second, backups = tmp_path / "a", tmp_path / "b", tmp_path / "backups"
    for folder in (first, second, backups):
        folder.mkdir()
    python(first, SETUP)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = serve(first, port)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="zh-CN", has_touch=True, is_mobile=True
    )
    context.set_default_timeout(30000)
    try:
        page = context.new_page()
        login(page, base, "organizer", "pw-organizer")
        page.goto(base + SHEET)  # the first entry page this phone opens
        wait_js(page, "document.querySelector('#sheet[data-ready]')")
        deal(page, "东西胜", "末游")
        deal(page, "南北胜", "末游")
        done = manage(first, "backup", "--dir", str(backups))
        assert done.returncode == 0, done.stderr
        (backup,) = (f for f in backups.iterdir() if f.suffix == ".zip")
        deal(page, "东西胜", "三游")
        deal(page, "南北胜", "三游")  # saved on the laptop, after the backup
        assert len(table(first)["deals"]) == 4
        api = base + SHEET + "api/"
        for _ in range(40):  # the phone keeps its copy anew behind each save
            if page.evaluate(KEPT_STEPS, api) == 4:
                break
            page.wait_for_timeout(250)
        print(
            "DEBUG",
            page.evaluate(
                "url => caches.open('gd-pages').then(c => c.keys().then(ks => Promise.all(ks.map(k => c.match(k).then(r => [k.url, [...k.headers], r && [...r.headers]])))))",
                api,
            ),
        )
        assert page.evaluate(KEPT_STEPS, api) == 4

        crash(server)
        page.reload()  # the laptop is gone: the sheet opens from the phone's copy
        wait_js(page, FROM_PHONE)
        wait_js(page, "document.querySelector('#sheet[data-ready]')")
        assert page.inner_text("#deals") == "4"
        choose(page, "东西胜", "二游（双下）")
        wait_js(page, WAITING % 1)

        done = manage(second, "restore", str(backup))
        assert done.returncode == 0, done.stderr
        assert len(table(second)["deals"]) == 2  # the backup's: two deals
        server = serve(second, port)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        wait_js(page, WAITING % 0)
        wait_js(page, "document.getElementById('deals').textContent === '5'")
        stored = table(second)
        assert stored["state"] == "in_play" and len(stored["deals"]) == 5
        # Every entry the phone sent (the backup's two and the kept one) applied as sent.
        assert stored["submissions"] == 0 and stored["applied"] == ["applied"] * 3
        assert "争议" not in page.inner_text("#message")

        # Play goes on to the end of the match on the restored laptop.
        for _ in range(12):
            if page.evaluate(FINISHED):
                break
            deal(page, "东西胜", "二游（双下）")
        assert page.evaluate(FINISHED)
        stored = table(second)
        assert stored["state"] == "entered" and stored["deals"][:5] == [
            {"win": "EW", "partner": 4},
            {"win": "NS", "partner": 4},
            {"win": "EW", "partner": 3},
            {"win": "NS", "partner": 3},
            {"win": "EW", "partner": 2},
        ]
        assert stored["submissions"] == 1  # the result, never a dispute
    finally:
        context.close()
        crash(server)
