"""The upload's pages on a 390 px phone and a 1280 px screen, in Chinese and English: the
event's page with its upload status (待上传 with the reason and the next try), the laptop's
成绩上传 settings, and the association's upload tokens page with a token just issued.
None is wider than the screen; with ``SHOTS`` set, each is kept as a screenshot."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.app.conftest import english  # noqa: F401 - the pending translations compiled in
from tests.browser.conftest import signed_in, wider_than_screen
from tournament.models import Upload

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]

SHOTS = os.environ.get("SHOTS")  # a folder: keep a screenshot of each page measured


def shoot(page, name: str, lang: str, width: int) -> None:
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/upload-{name}-{lang}-{width}.png", full_page=True)
    assert wider_than_screen(page) == 0, (name, width)


@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_the_upload_pages_fit_a_phone_and_a_screen(live_server, phone, tournament, lang):
    Upload.objects.create(
        tournament=tournament,
        server_url="https://results.jiangsu-guandan.example.org",
        token="gdu_secret",
        status=Upload.PENDING,
        attempts=3,
        last_try_at=timezone.now(),
        next_try_at=timezone.now() + timedelta(minutes=2),
        last_error="连不上协会服务器：[Errno 111] Connection refused",
        error_message={"code": "upload_unreachable", "params": {"why": "Connection refused"}},
        sent_at=timezone.now() - timedelta(hours=1),
        sent_rounds=2,
    )
    page = phone()
    signed_in(page, live_server.url, tournament.organizer.username)
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/t/spring/")
        assert page.locator("#upload-status").is_visible()
        shoot(page, "event", lang, width)
        page.goto(f"{live_server.url}/t/spring/exchange/upload/")
        assert page.locator("input[name=token]").input_value() == ""  # never shown back
        shoot(page, "settings", lang, width)
        page.goto(f"{live_server.url}/exchange/tokens/")
        page.fill("input[name=slug]", f"2026-spring-{width}")
        page.fill("input[name=name]", "南京站会场电脑")
        page.click("#content form.form-inline button, form.form-inline button")
        assert page.locator("#token-once").is_visible()
        shoot(page, "tokens", lang, width)
