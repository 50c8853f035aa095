"""Behind nginx with TRUSTED_PROXIES=0 every limit by address is one for everybody:
the server says so, loudly, in its log and on the organizer's pages, and at start."""

from __future__ import annotations

import logging

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from tests.conftest import login
from tournament.core import proxy_check

pytestmark = pytest.mark.django_db

THROUGH_NGINX = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "198.51.100.23"}


@pytest.fixture(autouse=True)
def fresh_process():
    proxy_check.forget()
    yield
    proxy_check.forget()


def banner(client, tournament) -> bool:
    page = client.get(reverse("tournament_detail", args=[tournament.slug])).content.decode()
    return 'id="proxy-warning"' in page


def test_an_ignored_proxy_is_logged_once_and_shown_to_the_organizer(
    tournament, organizer, chief, settings, caplog
):
    settings.TRUSTED_PROXIES = 0
    staff = login(organizer)
    assert not banner(staff, tournament)
    with caplog.at_level(logging.WARNING, logger="guandan.proxy"):
        for _ in range(3):
            Client().get(reverse("home"), **THROUGH_NGINX)
    loud = [r for r in caplog.records if r.name == "guandan.proxy"]
    assert len(loud) == 1 and "127.0.0.1" in loud[0].getMessage()
    assert "TRUSTED_PROXIES=0" in loud[0].getMessage()
    assert banner(staff, tournament)
    assert banner(login(chief), tournament)
    assert not banner(Client(), tournament)  # the public sees no server settings


@pytest.mark.parametrize("peer", ["127.0.0.1", "127.0.0.5", "::1", "::ffff:127.0.0.1"])
def test_nginx_on_this_machine_is_seen_at_any_loopback_address(peer, settings):
    settings.TRUSTED_PROXIES = 0
    Client().get(reverse("home"), REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR="198.51.100.23")
    assert proxy_check.seen()["peer"] == peer


@pytest.mark.parametrize("proxies", [0, 1])
def test_a_phone_on_the_venue_wi_fi_sending_the_header_says_nothing(
    proxies, tournament, organizer, settings
):
    """Anyone on the Wi-Fi (a private address) can send X-Forwarded-For: that must not put
    the "set TRUSTED_PROXIES" banner on the organizer's pages."""
    settings.TRUSTED_PROXIES = proxies
    for phone in ("192.168.1.20", "10.0.0.7", "172.30.42.10", "fd00::7"):
        Client().get(reverse("home"), REMOTE_ADDR=phone, HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert proxy_check.seen() is None
    assert not banner(login(organizer), tournament)


def test_once_a_proxy_is_counted_no_local_peer_says_anything(settings):
    """TRUSTED_PROXIES=1 with nginx at 127.0.0.1: another program on the machine (127.0.0.5,
    not a trusted address) sending the header is no proxy to configure."""
    settings.TRUSTED_PROXIES = 1
    settings.TRUSTED_PROXY_ADDRESSES = ["127.0.0.1"]
    for peer in ("127.0.0.1", "127.0.0.5", "::1"):
        Client().get(reverse("home"), REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR="1.2.3.4")
    assert proxy_check.seen() is None


def test_nothing_is_said_when_the_proxy_is_counted_or_there_is_none(settings):
    settings.TRUSTED_PROXIES = 1
    Client().get(reverse("home"), **THROUGH_NGINX)
    settings.TRUSTED_PROXIES = 0
    Client().get(reverse("home"), REMOTE_ADDR="192.168.1.20")  # a phone on the venue Wi-Fi
    # A client on the internet forging the header straight to the app port: no proxy of ours.
    Client().get(reverse("home"), REMOTE_ADDR="1.1.1.1", HTTP_X_FORWARDED_FOR="10.0.0.1")
    assert proxy_check.seen() is None


def test_the_start_up_check_warns_of_https_without_a_counted_proxy(settings, capsys):
    settings.HTTPS, settings.TRUSTED_PROXIES = True, 0
    call_command("check")
    assert "guandan.W041" in capsys.readouterr().err
    settings.TRUSTED_PROXIES = 1
    call_command("check")
    assert "guandan.W041" not in capsys.readouterr().err


def test_a_serving_process_says_it_in_its_log_at_start(settings, monkeypatch, caplog):
    from guandan.servers import WORKER_FLAG

    settings.HTTPS, settings.TRUSTED_PROXIES = True, 0
    monkeypatch.setenv(WORKER_FLAG, "1")
    with caplog.at_level(logging.WARNING, logger="guandan.proxy"):
        proxy_check.warn_at_start()
    assert any("TRUSTED_PROXIES=0" in r.getMessage() for r in caplog.records)
