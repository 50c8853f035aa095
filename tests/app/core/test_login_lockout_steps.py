"""A lockout that does not lock out the staff: a browser that has logged
in as the account before is not locked by a stranger's failures at the same address (device
cookies); lockouts grow 5, 15, 30 minutes, then LOGIN_LOCKOUT_MINUTES; a forged
X-Forwarded-For straight to the app port gives no fresh address."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import F
from django.test import Client
from django.urls import reverse

from tests.app.core.test_login_security import lock_out, logged_in, try_login
from tournament.models import AuditEntry, Counter

pytestmark = pytest.mark.django_db

VENUE = "10.0.0.5"  # every phone of the hall behind one NAT address


def known_browser(username: str) -> Client:
    """A browser that logged in as ``username`` once, then logged out."""
    browser = Client()
    try_login(browser, username, f"pw-{username}", VENUE)
    assert logged_in(browser)
    browser.post(reverse("logout"), REMOTE_ADDR=VENUE)
    assert not logged_in(browser) and browser.cookies.get("gd_device")
    return browser


def age_lockout(username: str, minutes: int) -> None:
    """As if the last wrong password came ``minutes`` ago (the app's counts age with it)."""
    for attempt in AccessAttempt.objects.filter(username=username):
        attempt.attempt_time -= timedelta(minutes=minutes)
        attempt.save()
    Counter.objects.update(expires_at=F("expires_at") - timedelta(minutes=minutes))


def test_the_chief_logs_in_from_a_known_browser_while_a_stranger_fails_ten_times(chief):
    browser = known_browser("chief")
    lock_out("chief", VENUE)  # the stranger, same address
    assert try_login(Client(), "chief", "pw-chief", VENUE).status_code == 429  # a new browser
    try_login(browser, "chief", "pw-chief", VENUE)
    assert logged_in(browser)


def test_a_known_browser_that_fails_itself_is_counted_like_any_other(referee):
    browser = known_browser("ref")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        try_login(browser, "ref", "wrong", VENUE)
    # Its own failures spent the cookie's trust; the next ones lock as for anyone.
    for _ in range(settings.AXES_FAILURE_LIMIT):
        try_login(browser, "ref", "wrong", VENUE)
    assert try_login(browser, "ref", "pw-ref", VENUE).status_code == 429


def test_a_cookie_for_another_account_or_forged_does_not_help(referee, chief):
    browser = known_browser("chief")
    lock_out("ref", VENUE)
    assert try_login(browser, "ref", "pw-ref", VENUE).status_code == 429
    forged = Client()
    forged.cookies["gd_device"] = "eyJ1IjpbInJlZiJdLCJuIjoieCJ9:forged:sig"
    assert try_login(forged, "ref", "pw-ref", VENUE).status_code == 429


def test_lockouts_grow_step_by_step(referee):
    lock_out("ref", VENUE)
    page = try_login(Client(), "ref", "pw-ref", VENUE).content.decode()
    assert "请5分钟后再试" in page
    age_lockout("ref", 6)
    client = Client()
    try_login(client, "ref", "pw-ref", VENUE)
    assert logged_in(client)  # the first lockout lasted 5 minutes
    lock_out("ref", VENUE)
    age_lockout("ref", 6)
    page = try_login(Client(), "ref", "pw-ref", VENUE).content.decode()
    assert "请15分钟后再试" in page  # the second, 15 (from the last try, this one)
    age_lockout("ref", 16)
    client = Client()
    try_login(client, "ref", "pw-ref", VENUE)
    assert logged_in(client)


def test_a_forged_forwarded_header_on_a_direct_request_gives_no_fresh_address(referee, settings):
    settings.TRUSTED_PROXIES = 1  # nginx in front, but this client reached the app port
    for n in range(settings.AXES_FAILURE_LIMIT):
        Client().post(
            reverse("login"),
            {"username": "ref", "password": "wrong"},
            REMOTE_ADDR="203.0.113.9",
            HTTP_X_FORWARDED_FOR=f"192.0.2.{n + 1}",
        )
    right = Client().post(
        reverse("login"),
        {"username": "ref", "password": "pw-ref"},
        REMOTE_ADDR="203.0.113.9",
        HTTP_X_FORWARDED_FOR="192.0.2.200",
    )
    assert right.status_code == 429
    # Through the proxy, the forwarded address is the client's: another client is not locked.
    client = Client()
    client.post(
        reverse("login"),
        {"username": "ref", "password": "pw-ref"},
        REMOTE_ADDR="127.0.0.1",
        HTTP_X_FORWARDED_FOR="192.0.2.200",
    )
    assert logged_in(client)


def test_the_organizer_is_let_in_by_the_command_when_nobody_can_unlock(organizer):
    lock_out("alice", VENUE)
    out = io.StringIO()
    call_command("unlock_login", "alice", stdout=out)
    assert "已解锁 alice" in out.getvalue()
    client = Client()
    try_login(client, "alice", "pw-alice", VENUE)
    assert logged_in(client)
    with pytest.raises(CommandError, match="没有账号"):
        call_command("unlock_login", "nobody")


def test_the_commands_unlock_is_in_the_activity_log_of_the_accounts_events(tournament, referee):
    lock_out("ref", VENUE)
    call_command("unlock_login", "ref", stdout=io.StringIO())
    line = AuditEntry.objects.get(action="login.unlock")
    assert (line.tournament, line.actor, line.user) == (tournament, "cli", None)
    assert "ref" in line.summary
