"""One rule and one path for confirming a table (one source per rule).

The confirm button of a page is shown exactly when the server accepts its POST: both ask
:func:`tournament.results.table_write.confirm_problem` (a referee's assigned tables, the
entry's source, the round). A second, identical entry confirms through the same path as the
button (:func:`tournament.results.services._confirm`): same fields, same audit line."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Round, Staff, Table
from tournament.results.checks import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

WIN = ResultValues("A+", "5", winner="EW")
FORM = {"ew_level": "A+", "ns_level": "5", "forfeit": "", "ew_fouls": 0, "ns_fouls": 0}
STAFF_BUTTON = "确认成绩</button>"
SIDE_BUTTON = "确认无误</button>"


@pytest.fixture
def round1(tournament, pairs8, make_round, referee):
    """Round 1 with players' entry on; the referee is assigned tables 1–2 only."""
    tournament.table_entry = True
    tournament.save()
    Staff.objects.filter(tournament=tournament, user=referee).update(tables="1-2")
    return make_round(tournament, pairs8)


def side_client(ip: str) -> Client:
    return Client(REMOTE_ADDR=ip)


def enter_as_side(table: Table, side: str) -> Table:
    """The side enters the result through its own link (from its own phone)."""
    code = table.ew_code if side == "EW" else table.ns_code
    url = reverse("side_entry", args=["spring", table.pk, code])
    side_client("10.0.0.1").post(url, {**FORM, "version": table.version})
    table.refresh_from_db()
    assert table.state == Table.ENTERED and table.entered_via == f"table_{side.lower()}"
    return table


def staff_agree(client: Client, table: Table) -> bool:
    """The staff page's button and the server's answer to its POST, which must agree; True
    when the table was confirmed."""
    args = ["spring", 1, table.number]
    shown = STAFF_BUTTON in client.get(reverse("table_entry", args=args)).content.decode()
    client.post(reverse("table_confirm", args=args), {"version": table.version})
    table.refresh_from_db()
    accepted = table.state == Table.CONFIRMED
    assert shown == accepted, f"button shown: {shown}, POST accepted: {accepted}"
    return accepted


def side_agree(table: Table, side: str) -> bool:
    """The same for a side's own link, posting its own PIN from another phone."""
    code, pin = (table.ew_code, table.ew_pin) if side == "EW" else (table.ns_code, table.ns_pin)
    phone = side_client("10.0.0.2")
    page = reverse("side_entry", args=["spring", table.pk, code])
    shown = SIDE_BUTTON in phone.get(page).content.decode()
    url = reverse("side_confirm", args=["spring", table.pk, code])
    phone.post(url, {"version": table.version, "pin": pin})
    table.refresh_from_db()
    accepted = table.state == Table.CONFIRMED
    assert shown == accepted, f"button shown: {shown}, POST accepted: {accepted}"
    return accepted


def test_a_referee_not_assigned_to_the_table_sees_no_button_and_is_refused(round1, chief, referee):
    t3 = submit_result(round1.tables.get(number=3), WIN, version=None, by=user_actor(chief))
    assert not staff_agree(login(referee), t3)
    t1 = submit_result(round1.tables.get(number=1), WIN, version=None, by=user_actor(chief))
    assert staff_agree(login(referee), t1)  # an assigned table: shown and accepted


def test_an_entry_from_the_tables_side_and_a_referee_elsewhere(round1, referee):
    t3 = enter_as_side(round1.tables.get(number=3), "EW")
    assert not staff_agree(login(referee), t3)  # table 3 is not the referee's
    t1 = enter_as_side(round1.tables.get(number=1), "EW")
    assert staff_agree(login(referee), t1)


def test_the_side_that_entered_sees_no_button_the_other_side_confirms(round1):
    t1 = enter_as_side(round1.tables.get(number=1), "EW")
    assert not side_agree(t1, "EW")  # its own entry: never confirmed by itself
    assert side_agree(t1, "NS")


def test_the_referee_who_entered_sees_no_button(round1, referee):
    t1 = submit_result(round1.tables.get(number=1), WIN, version=None, by=user_actor(referee))
    assert not staff_agree(login(referee), t1)


def test_no_button_once_the_round_is_locked(round1, chief, referee):
    t1 = submit_result(round1.tables.get(number=1), WIN, version=None, by=user_actor(chief))
    Round.objects.filter(pk=round1.pk).update(status=Round.LOCKED)  # an entered table left
    assert not staff_agree(login(referee), t1)
    assert not side_agree(t1, "NS")


def confirmation(table: Table) -> tuple:
    """What a confirmation leaves: the table's fields and its last audit line."""
    table.refresh_from_db()
    audit = AuditEntry.objects.filter(object_type="match", object_id=str(table.pk)).latest("pk")
    return (
        table.state,
        table.confirmed_by_id,
        table.confirmed_via,
        table.version,
        audit.action,
        audit.actor,
        (audit.summary_message or {}).get("code"),
    )


def test_an_identical_second_entry_confirms_as_the_button_does(round1, chief, referee):
    by_button = submit_result(round1.tables.get(number=1), WIN, version=None, by=user_actor(chief))
    confirm_result(by_button, version=by_button.version, by=user_actor(referee))
    by_entry = submit_result(round1.tables.get(number=2), WIN, version=None, by=user_actor(chief))
    submit_result(by_entry, WIN, version=by_entry.version, by=user_actor(referee))
    button, entry = confirmation(by_button), confirmation(by_entry)
    assert button[0] == Table.CONFIRMED and button[4] == "result.confirm"
    assert button == entry


def test_both_ways_in_lock_the_round_alike(round1, chief, referee):
    """After either way in, the round locks: the status the one path leaves is the same."""
    Staff.objects.filter(tournament=round1.tournament, user=referee).update(tables="")
    for table in (1, 2, 3, 4):
        m = submit_result(round1.tables.get(number=table), WIN, version=None, by=user_actor(chief))
        if table % 2:
            confirm_result(m, version=m.version, by=user_actor(referee))
        else:
            submit_result(m, WIN, version=m.version, by=user_actor(referee))
    assert set(round1.tables.exclude(ns=None).values_list("state", flat=True)) == {"confirmed"}
    lock_round(Round.objects.get(pk=round1.pk), by=user_actor(chief))
    assert Round.objects.get(pk=round1.pk).status == Round.LOCKED
