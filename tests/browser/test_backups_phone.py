"""The backups page's recovery commands wrap on a 390 px phone instead of widening it."""

from __future__ import annotations

import os

import pytest

from tests.app.conftest import english  # noqa: F401 - the pending translations compiled in
from tests.browser.conftest import signed_in, wider_than_screen
from tests.conftest import new_user
from tournament.backups import create as backup

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]

SHOTS = os.environ.get("SHOTS")  # a folder: keep a screenshot of each page measured


@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_the_recovery_commands_fit_a_phone(
    live_server, phone, tournament, settings, tmp_path, lang
):
    settings.BACKUP_DIR = tmp_path / "backups"
    backup.make_backup(reason="test")
    new_user("root", superuser=True)
    page = phone()
    signed_in(page, live_server.url, "root")
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/t/spring/backups/")
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/backups-{lang}-{width}.png", full_page=True)
        assert page.evaluate("document.querySelector('pre.commands').innerText").count("\n") == 1
        assert wider_than_screen(page) == 0, width
