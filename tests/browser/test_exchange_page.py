"""The exchange file's button on the event's 打印/导出 page: shown to the organizer, fits a
390 px phone and a 1280 px screen in Chinese and English, and downloads a file that follows
the schema."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.app.conftest import english  # noqa: F401 - the pending translations compiled in
from tests.browser.conftest import signed_in, wider_than_screen
from tournament.exchange.checks import check_document

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]

SHOTS = os.environ.get("SHOTS")  # a folder: keep a screenshot of each page measured
LABELS = {"zh-hans": "成绩交换文件", "en": "Exchange file"}


@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_the_exchange_button_on_the_export_page(live_server, phone, tournament, lang):
    page = phone()
    signed_in(page, live_server.url, "alice")
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/t/spring/export/")
        item = page.locator("#exchange")
        assert LABELS[lang] in item.inner_text()
        if SHOTS:
            item.scroll_into_view_if_needed()
            page.screenshot(path=f"{SHOTS}/exchange-{lang}-{width}.png", full_page=True)
        assert wider_than_screen(page) == 0, width
    with page.expect_download() as got:
        item.get_by_role("link", name="JSON").click()
    download = got.value
    assert download.suggested_filename == "spring-成绩交换.json"
    check_document(json.loads(Path(download.path()).read_text(encoding="utf-8")))
