"""Login throttling, unlocking, password rules, session expiry and HTTPS settings
(docs/security.md)."""

from __future__ import annotations

import importlib.util
import io
import os
import re
import subprocess
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.checks.security.base import _check_secret_key
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import Client, override_settings
from django.urls import reverse

from config.env import secret_key_problem
from tournament.core.session_expiry import end_of_event_day
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db

SHANGHAI = ZoneInfo("Asia/Shanghai")
GOOD_KEY = "Zq3-vL9#pW2@xR7!mN4$kT8%hJ5^gF6&dS1*aQ0(eY-uI+oP=yH_bC~"


def try_login(client: Client, username: str, password: str, ip: str = "10.0.0.5"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip
    )


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def lock_out(username: str, ip: str = "10.0.0.5") -> Client:
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        assert try_login(client, username, "wrong-password", ip).status_code in (200, 429)
    return client


def test_the_eleventh_attempt_is_refused_even_with_the_right_password(referee):
    client = lock_out("ref")
    response = try_login(client, "ref", "pw-ref")
    assert response.status_code == 429 and not logged_in(client)
    page = response.content.decode()
    assert "密码连续输错10次" in page and "解锁" in page and 'name="password"' in page
    # Account + address: the same account from another address still logs in.
    other = Client()
    try_login(other, "ref", "pw-ref", ip="10.0.0.99")
    assert logged_in(other)


def test_nine_failures_do_not_lock_and_a_success_resets_the_count(referee):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        try_login(client, "ref", "wrong-password")
    try_login(client, "ref", "pw-ref")
    assert logged_in(client)


def test_the_chief_referee_unlocks_a_referee(tournament, referee, chief):
    lock_out("ref")
    boss = Client()
    boss.force_login(chief)
    page = boss.get(reverse("login_locks", args=["spring"])).content.decode()
    assert "ref" in page and "10.0.0.5" in page
    boss.post(reverse("login_locks", args=["spring"]), {"username": "ref"})
    assert AuditEntry.objects.filter(action="login.unlock").exists()
    client = Client()
    try_login(client, "ref", "pw-ref")
    assert logged_in(client)


def test_unlocking_is_for_the_events_staff_only(tournament, referee, chief, outsider):
    lock_out("alice")  # the organizer: the chief referee may lift her lockout
    lock_out("eve")  # not on this event's staff
    boss = Client()
    boss.force_login(chief)
    page = boss.get(reverse("login_locks", args=["spring"])).content.decode()
    # A whole word: the page's random CSRF token once held the letters "eve".
    assert "alice" in page and re.search(r"\beve\b", page) is None
    for name in ("alice", "eve"):
        boss.post(reverse("login_locks", args=["spring"]), {"username": name})
    assert try_login(Client(), "eve", "pw-eve").status_code == 429
    organizer = Client()
    try_login(organizer, "alice", "pw-alice")
    assert logged_in(organizer)
    ref = Client()
    ref.force_login(referee)
    assert ref.get(reverse("login_locks", args=["spring"])).status_code == 404


def test_standard_password_validators_refuse_weak_passwords(referee):
    for weak in ("12345678", "password1", "qwertyuiop", "short"):
        with pytest.raises(ValidationError):
            validate_password(weak, user=referee)
    validate_password("掼蛋-春季-Tx93", user=referee)


def test_a_staff_session_ends_at_the_end_of_the_event_day(referee):
    client = Client()
    try_login(client, "ref", "pw-ref")
    expiry = client.session.get_expiry_date()
    assert abs((expiry - end_of_event_day()).total_seconds()) < 5
    late = datetime(2026, 5, 1, 23, 30, tzinfo=SHANGHAI)
    assert end_of_event_day(late) == datetime(2026, 5, 2, 4, 0, tzinfo=SHANGHAI)
    early = datetime(2026, 5, 2, 2, 0, tzinfo=SHANGHAI)
    assert end_of_event_day(early) == datetime(2026, 5, 2, 4, 0, tzinfo=SHANGHAI)


def test_the_app_accepts_exactly_the_secret_keys_django_accepts():
    keys = [GOOD_KEY, "k" * 60, "short-key-0123456789", "django-insecure-" + GOOD_KEY, "ab" * 30]
    for key in keys:
        assert (secret_key_problem(key) is None) == _check_secret_key(key), key


def deploy_env(var_dir, **env) -> dict[str, str]:
    """The environment of a production server: this one without DJANGO_* and HTTPS*, a
    strong SECRET_KEY, DEBUG off, a public host name and its own var folder."""
    base = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "HTTPS"))}
    base.update(
        DEBUG="0",
        ALLOWED_HOSTS="guandan.example.org",
        SECRET_KEY=GOOD_KEY,
        GUANDAN_VAR_DIR=str(var_dir),
        **env,
    )
    return base


def deploy_check(var_dir, **env) -> subprocess.CompletedProcess:
    """``manage.py check --deploy`` in a fresh process with the real settings."""
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=deploy_env(var_dir, **env),
        capture_output=True,
        text=True,
        timeout=60,
    )


def real_settings(var_dir, **env) -> dict:
    """The settings config/settings.py makes from ``deploy_env(var_dir, **env)``: the module
    run again in this process (as a server's start runs it) with that environment."""
    wanted = deploy_env(var_dir, **env)
    spec = importlib.util.find_spec("config.settings")
    module = importlib.util.module_from_spec(spec)
    with pytest.MonkeyPatch.context() as environment:
        for name in set(os.environ) - set(wanted):
            environment.delenv(name)
        for name, value in wanted.items():
            environment.setenv(name, value)
        spec.loader.exec_module(module)
    return {name: getattr(module, name) for name in dir(module) if name.isupper()}


def deploy_check_here(real: dict) -> str:
    """``check --deploy --fail-level WARNING`` in this process on the ``real`` settings
    (every one that differs from the tests' own, but the database): what it reports."""
    changed = {
        name: value
        for name, value in real.items()
        if name != "DATABASES" and getattr(settings, name, None) != value
    }
    with override_settings(**changed):
        try:
            call_command("check", deploy=True, fail_level="WARNING", stdout=io.StringIO())
        except SystemCheckError as refused:
            return str(refused)
    return ""


@pytest.mark.slow  # Django's deploy checks in a process of their own
def test_check_deploy_is_clean_with_https_on(tmp_path):
    """With deploy/'s settings: HTTPS=1 and the proxy in front counted (TRUSTED_PROXIES=1)."""
    result = deploy_check(tmp_path, HTTPS="1", TRUSTED_PROXIES="1")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr + result.stdout
    assert "no issues" in result.stdout
    # Issue 41: HTTPS=1 behind a proxy counted as none makes every limit one for everybody.
    alone = deploy_check(tmp_path, HTTPS="1")
    assert "guandan.W041" in alone.stdout + alone.stderr


def test_check_deploy_names_the_https_settings_when_off(tmp_path):
    out = deploy_check_here(real_settings(tmp_path))
    assert out  # the check failed
    for code in ("W004", "W008", "W012", "W016"):
        assert code in out
    assert "W009" not in out


def test_https_turns_on_secure_cookies_and_the_proxy_header(tmp_path):
    s = real_settings(tmp_path, HTTPS="1")
    shown = (
        s["SESSION_COOKIE_SECURE"],
        s["CSRF_COOKIE_SECURE"],
        s["SECURE_SSL_REDIRECT"],
        s["SECURE_HSTS_SECONDS"] > 0,
        s["SECURE_PROXY_SSL_HEADER"],
    )
    assert shown == (True, True, True, True, ("HTTP_X_FORWARDED_PROTO", "https"))


@pytest.mark.both_databases
def test_changing_browser_does_not_escape_the_lock(tournament, referee, chief):
    client = Client()
    for i in range(settings.AXES_FAILURE_LIMIT):
        client.post(
            reverse("login"),
            {"username": "ref", "password": "wrong"},
            REMOTE_ADDR="10.0.0.5",
            HTTP_USER_AGENT=f"browser-{i}",
        )
    assert try_login(Client(), "ref", "pw-ref").status_code == 429
    boss = Client()
    boss.force_login(chief)
    assert "10.0.0.5" in boss.get(reverse("login_locks", args=["spring"])).content.decode()


def test_the_client_address_comes_from_trusted_proxies_only(settings, rf):
    from tournament.core.client_address import client_ip

    request = rf.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 10.1.2.3")
    settings.TRUSTED_PROXIES = 0
    assert client_ip(request) == "127.0.0.1"  # a forged header is ignored without a proxy
    settings.TRUSTED_PROXIES = 1
    assert client_ip(request) == "10.1.2.3"  # what nginx saw, not what the client claimed
    settings.TRUSTED_PROXIES = 3
    assert client_ip(request) == "127.0.0.1"  # fewer hops than proxies: not trusted


def test_a_fixed_session_age_replaces_the_event_day(settings, referee):
    settings.SESSION_DAY_END_HOUR = None
    settings.SESSION_COOKIE_AGE = 3600
    client = Client()
    try_login(client, "ref", "pw-ref")
    assert client.session.get_expiry_age() == 3600
