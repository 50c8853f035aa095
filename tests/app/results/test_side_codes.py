"""Confirming through a table link needs the side's PIN, waits after a same-address entry,
and is audited as the side with its device (docs/security.md)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import ONE_EVENT
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.models import AuditEntry, Table
from tournament.models.table_guard import exempt
from tournament.results.checks import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.results.sides import PIN_TRIES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

WIN = ResultValues("A+", "5", winner="EW")
FORM = {"ew_level": "A+", "ns_level": "5", "forfeit": "", "ew_fouls": 0, "ns_fouls": 0}
PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148"


@pytest.fixture
def t1(tournament, pairs8, make_round):
    cache.clear()
    tournament.table_entry = True
    tournament.save()
    return make_round(tournament, pairs8).tables.get(number=1)


def enter_as_ew(t1: Table, ip: str = "10.0.0.1") -> Table:
    phone = Client(REMOTE_ADDR=ip, HTTP_USER_AGENT=PHONE_UA)
    phone.post(reverse("side_entry", args=["spring", t1.pk, t1.ew_code]), {**FORM, "version": 1})
    t1.refresh_from_db()
    assert t1.state == Table.ENTERED
    return t1


def confirm_as_ns(t1: Table, pin: str, ip: str = "10.0.0.2") -> Table:
    phone = Client(REMOTE_ADDR=ip, HTTP_USER_AGENT=PHONE_UA)
    url = reverse("side_confirm", args=["spring", t1.pk, t1.ns_code])
    phone.post(url, {"version": t1.version, "pin": pin})
    t1.refresh_from_db()
    return t1


def test_confirming_needs_the_confirming_sides_pin(t1):
    t1 = enter_as_ew(t1)
    assert confirm_as_ns(t1, "").state == Table.ENTERED
    assert confirm_as_ns(t1, t1.ew_pin if t1.ew_pin != t1.ns_pin else "x").state == Table.ENTERED
    assert confirm_as_ns(t1, t1.ns_pin).state == Table.CONFIRMED


def test_the_audit_names_the_side_and_its_device(t1):
    t1 = confirm_as_ns(enter_as_ew(t1), t1.ns_pin)
    entry = AuditEntry.objects.get(action="result.enter")
    confirm = AuditEntry.objects.get(action="result.confirm")
    assert (entry.actor, entry.ip, entry.device) == ("table:EW", "10.0.0.1", PHONE_UA)
    assert (confirm.actor, confirm.ip, confirm.device) == ("table:NS", "10.0.0.2", PHONE_UA)


def test_the_same_address_cannot_confirm_right_after_the_entry(t1, referee):
    t1 = enter_as_ew(t1, ip="10.0.0.7")
    assert confirm_as_ns(t1, t1.ns_pin, ip="10.0.0.7").state == Table.ENTERED
    # A moment later (the venue's Wi-Fi gives every phone one address) it may.
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(pk=t1.pk).update(entered_at=timezone.now() - timedelta(seconds=30))
    assert confirm_as_ns(t1, t1.ns_pin, ip="10.0.0.7").state == Table.CONFIRMED


def test_a_referee_confirms_at_once_without_a_pin(t1, referee):
    t1 = enter_as_ew(t1)
    assert confirm_result(t1, version=t1.version, by=user_actor(referee)).state == Table.CONFIRMED


def test_wrong_pins_are_counted_then_the_side_needs_the_referee(t1):
    t1 = enter_as_ew(t1)
    wrong = "0000" if t1.ns_pin != "0000" else "1111"
    for _ in range(PIN_TRIES):
        confirm_as_ns(t1, wrong)
    assert confirm_as_ns(t1, t1.ns_pin).state == Table.ENTERED
    with pytest.raises(Refused, match="请裁判确认"):
        confirm_result(t1, version=t1.version, by=user_actor(None, "table_ns"), pin=t1.ns_pin)


def test_the_other_side_cannot_confirm_by_entering_the_same_result(t1):
    t1 = enter_as_ew(t1)
    with pytest.raises(Refused, match="PIN"):
        submit_result(t1, WIN, version=t1.version, by=user_actor(None, "table_ns"))
    t1.refresh_from_db()
    assert t1.state == Table.ENTERED


def test_the_referee_can_read_out_a_sides_pin(t1, referee):
    client = Client()
    client.force_login(referee)
    page = client.get(reverse("table_entry", args=["spring", 1, 1])).content.decode()
    assert f"<b>{t1.ew_pin}</b>" in page and f"<b>{t1.ns_pin}</b>" in page


def test_one_phone_that_entered_for_one_side_is_shown_no_confirm_button_for_the_other(t1):
    """The page asks the rule the confirm POST asks: the phone that entered as East–West
    sees why it may not confirm as North–South, not a button that would be refused."""
    phone = Client(REMOTE_ADDR="10.0.0.1", HTTP_USER_AGENT=PHONE_UA)
    phone.post(reverse("side_entry", args=["spring", t1.pk, t1.ew_code]), {**FORM, "version": 1})
    t1.refresh_from_db()
    ns_page = reverse("side_entry", args=["spring", t1.pk, t1.ns_code])
    same = phone.get(ns_page).content.decode()
    assert 'action="confirm/"' not in same
    assert "同一部手机不能既录入又确认" in same
    other = Client(REMOTE_ADDR="10.0.0.2", HTTP_USER_AGENT=PHONE_UA).get(ns_page).content.decode()
    assert 'action="confirm/"' in other
    assert "同一部手机不能既录入又确认" not in other
    confirm = reverse("side_confirm", args=["spring", t1.pk, t1.ns_code])
    phone.post(confirm, {"version": t1.version, "pin": t1.ns_pin})
    t1.refresh_from_db()
    assert t1.state == Table.ENTERED
