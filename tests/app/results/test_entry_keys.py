"""Entries sent with a key made on the phone (entry_key): applied once on every entry path,
a late conflict filed as a dispute with both entries kept, the audit's phone times, and bad
keys and times refused with nothing changed."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.core.audit_text import readable
from tournament.core.errors import Refused
from tournament.models import AppliedEntry, AuditEntry, Foul, Table
from tournament.results.checks import ResultValues
from tournament.results.services import dispute_entries, pick_entry, submit_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]
KEY = "3f2a9c4e-7b1d-4e8a-9f00-123456789abc"
OUTBOX = {"HTTP_X_OUTBOX": "1"}


def levels(table: Table, ew: str, ns: str, **extra) -> dict:
    data = {"action": "enter", "ew_level": ew, "ns_level": ns, "ew_fouls": 0, "ns_fouls": 0}
    return {**data, "version": table.version, **extra}


def made(minutes_ago: float) -> str:
    return (timezone.now() - timedelta(minutes=minutes_ago)).isoformat()


def table(event, number: int = 1) -> Table:
    return event.tables.get(number=number)


def lines(table: Table, action: str) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(object_id=str(table.pk), action=action))


def test_a_final_levels_entry_sent_twice_is_saved_once(event, referee):
    m = table(event)
    url = reverse("table_entry", args=["spring", 1, 1])
    data = levels(m, "A+", "9", entry_key=KEY, made_at=made(3), offline="1")
    client, start = login(referee), m.version
    first = client.post(url, data, **OUTBOX)
    again = client.post(url, data, **OUTBOX)
    browser = client.post(url, data)  # the browser's own post of the same entry
    m.refresh_from_db()
    assert (m.ew_level, m.ns_level, m.version, m.submissions.count()) == ("A+", "9", start + 1, 1)
    assert len(lines(m, "result.enter")) == 1
    assert first.json()["ok"] and not first.json()["repeat"]
    assert again.json()["repeat"] and again.json()["next"] == first.json()["next"]
    assert browser.status_code == 302 and browser.url == first.json()["next"]


def test_a_players_entry_through_the_table_link_is_saved_once(event):
    m = table(event, 2)
    url = reverse("side_entry", args=["spring", m.pk, m.ew_code])
    data = {"ew_level": "A+", "ns_level": "Q", "version": m.version, "entry_key": KEY}
    client, start = Client(), m.version  # a player has no account
    answers = [client.post(url, {**data, "offline": "1"}, **OUTBOX) for _ in range(2)]
    m.refresh_from_db()
    assert (m.state, m.entered_via, m.version, m.submissions.count()) == (
        Table.ENTERED,
        "table_ew",
        start + 1,
        1,
    )
    assert [a.json()["repeat"] for a in answers] == [False, True]


def post_json(client, url: str, body: dict):
    return client.post(url, json.dumps(body), content_type="application/json")


def test_a_sheet_tap_sent_twice_is_saved_once(event, referee):
    m = table(event, 3)
    url = reverse("table_sheet_api", args=["spring", 1, 3])
    start = m.version
    body = {"version": start, "steps": [{"win": "EW", "partner": 2}], "entry_key": KEY}
    client = login(referee)
    first, again = post_json(client, url, body), post_json(client, url, body)
    m.refresh_from_db()
    assert (m.version, len(m.deals), m.state) == (start + 1, 1, Table.IN_PLAY)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()  # answered as the first time
    assert len(lines(m, "result.sheet")) == 1


def test_a_foul_sent_twice_is_logged_once_from_the_form_and_from_the_sheet(event, referee):
    m = table(event, 4)
    client = login(referee)
    form = {"side": "EW", "kind": "time_delay", "severity": "warning", "entry_key": KEY}
    form.update(player="", deal_number="", remark="")
    url = reverse("table_foul", args=["spring", 1, 4])
    assert [client.post(url, form).status_code for _ in range(2)] == [302, 302]
    api = reverse("table_foul_api", args=["spring", 1, 4])
    body = {"side": "NS", "kind": "signalling", "severity": "warning", "entry_key": KEY + "0"}
    assert [post_json(client, api, body).status_code for _ in range(2)] == [200, 200]
    assert sorted(Foul.objects.filter(table=m).values_list("pair_id", flat=True)) == sorted(
        [m.ew_id, m.ns_id]
    )


def test_lateness_sent_twice_is_recorded_once(event, referee):
    m = table(event, 4)
    url = reverse("table_absent", args=["spring", 1, 4])
    data = {"side": "NS", "confirm": "1", "entry_key": KEY, "offline": "1"}
    client, start = login(referee), m.version
    answers = [client.post(url, data, **OUTBOX).json() for _ in range(2)]
    m.refresh_from_db()
    assert (m.forfeit, m.defeat_reason, m.version) == ("NS", "late", start + 1)
    assert [a["repeat"] for a in answers] == [False, True]
    assert len(lines(m, "result.enter")) == 1


def test_a_late_entry_on_a_table_changed_meanwhile_becomes_a_dispute(event, referee, ref2):
    m = table(event)
    form = levels(m, "A+", "5", entry_key=KEY, made_at=made(8), offline="1")  # version 0
    submit_result(
        m, ResultValues("A+", "K", winner="EW"), version=m.version, by=user_actor(referee)
    )
    answer = login(ref2).post(reverse("table_entry", args=["spring", 1, 1]), form, **OUTBOX)
    m.refresh_from_db()
    assert m.state == Table.DISPUTED and m.ns_level == "K"  # nothing overwritten
    kept = [(e.submitted_by, e.values["ns_level"]) for e in dispute_entries(m)]
    assert kept == [(referee, "K"), (ref2, "5")]
    assert answer.json()["outcome"] == "conflict"
    assert AppliedEntry.objects.get(key=KEY).payload["values"]["ns_level"] == "5"
    dispute = AuditEntry.objects.get(action="result.dispute", object_id=str(m.pk))
    assert any("手机离线时录入于" in line for line in readable(dispute)["entries"])


def test_a_late_entry_equal_to_the_stored_one_changes_nothing(event, referee, ref2):
    m = table(event)
    form, start = levels(m, "A+", "K", entry_key=KEY, offline="1"), m.version
    submit_result(
        m, ResultValues("A+", "K", winner="EW"), version=m.version, by=user_actor(referee)
    )
    login(ref2).post(reverse("table_entry", args=["spring", 1, 1]), form, **OUTBOX)
    m.refresh_from_db()
    assert (m.state, m.version, m.submissions.count()) == (Table.ENTERED, start + 1, 1)
    assert AppliedEntry.objects.get(key=KEY).outcome == AppliedEntry.SAME


def test_an_entry_sent_at_once_on_a_changed_table_is_refused_as_before(event, referee, ref2):
    m = table(event)
    form = levels(m, "A+", "5", entry_key=KEY)  # not late: the person is looking at the form
    submit_result(
        m, ResultValues("A+", "K", winner="EW"), version=m.version, by=user_actor(referee)
    )
    answer = login(ref2).post(reverse("table_entry", args=["spring", 1, 1]), form, **OUTBOX)
    m.refresh_from_db()
    assert answer.status_code == 409 and "已被他人修改" in answer.json()["errors"][0]
    assert (m.state, m.ns_level) == (Table.ENTERED, "K")
    assert not AppliedEntry.objects.exists()


def test_a_late_sheet_on_a_changed_sheet_becomes_a_dispute_with_both_sheets(event, referee, ref2):
    m = table(event, 3)
    client = login(referee)
    url = reverse("table_sheet_api", args=["spring", 1, 3])
    start = m.version
    post_json(client, url, {"version": start, "steps": [{"win": "EW", "partner": 2}]})
    phone = [{"win": "NS", "partner": 3}]
    body = {"version": start, "steps": phone, "entry_key": KEY, "offline": True}
    answer = post_json(login(ref2), url, body).json()
    m.refresh_from_db()
    assert answer["outcome"] == "conflict" and m.state == Table.DISPUTED
    assert m.deals == [{"win": "EW", "partner": 2}]
    assert AppliedEntry.objects.get(key=KEY).payload == {"steps": phone}
    assert len(dispute_entries(m)) == 2


def test_the_audit_line_shows_when_it_was_made_on_the_phone_and_when_it_arrived(event, referee):
    m = table(event)
    form = levels(m, "A+", "9", entry_key=KEY, made_at=made(12), offline="1")
    login(referee).post(reverse("table_entry", args=["spring", 1, 1]), form)
    entry = lines(m, "result.enter")[0]
    phone = entry.after["phone"]
    made_at = timezone.datetime.fromisoformat(phone["made_at"])
    arrived = timezone.datetime.fromisoformat(phone["arrived_at"])
    assert timedelta(minutes=11) < arrived - made_at < timedelta(minutes=13)
    assert phone["key"] == KEY and phone["late"] is True
    text = readable(entry)["entries"]
    local = timezone.localtime
    assert text == [f"手机离线时录入于{local(made_at):%H:%M:%S}，{local(arrived):%H:%M:%S}送达"]
    assert AppliedEntry.objects.get(key=KEY).made_at == made_at


@pytest.mark.parametrize(
    "key, made_at",
    [
        ("short", ""),
        ("has spaces in it", ""),
        ("x" * 65, ""),
        ("<script>alert(1)</script>", ""),
        (KEY, "yesterday"),
        (KEY, "2026-05-01T10:00:00"),  # no time zone
        (KEY, "9" * 50),
    ],
)
def test_a_bad_key_or_time_is_refused_and_changes_nothing(event, referee, key, made_at):
    m = table(event)
    start = m.version
    form = levels(m, "A+", "9", entry_key=key, made_at=made_at)
    answer = login(referee).post(reverse("table_entry", args=["spring", 1, 1]), form)
    m.refresh_from_db()
    assert answer.status_code == 200 and "格式错误" in answer.content.decode()
    assert (m.state, m.version) == (Table.EMPTY, start)
    assert not AppliedEntry.objects.exists()
    api = reverse("table_sheet_api", args=["spring", 1, 1])
    body = {"version": start, "steps": [{"win": "EW", "partner": 2}], "entry_key": key}
    assert post_json(login(referee), api, {**body, "made_at": made_at}).status_code == 400


def test_a_phone_clock_far_off_is_kept_as_claimed_not_believed(event, referee):
    m = table(event)
    form = levels(m, "A+", "9", entry_key=KEY, made_at="2020-01-01T08:00:00+08:00", offline="1")
    login(referee).post(reverse("table_entry", args=["spring", 1, 1]), form)
    phone = lines(m, "result.enter")[0].after["phone"]
    assert phone["made_at"] is None and phone["claimed"] == "2020-01-01T08:00:00+08:00"
    assert "手机时间不可信" in readable(lines(m, "result.enter")[0])["entries"][0]


def test_a_key_used_at_another_table_is_refused(event, referee):
    client = login(referee)
    first = table(event)
    client.post(
        reverse("table_entry", args=["spring", 1, 1]), levels(first, "A+", "9", entry_key=KEY)
    )
    second = table(event, 2)
    answer = client.post(
        reverse("table_entry", args=["spring", 1, 2]), levels(second, "A+", "7", entry_key=KEY)
    )
    second.refresh_from_db()
    assert "已用于另一项录入" in answer.content.decode() and second.state == Table.EMPTY


def test_a_late_sheet_that_continues_the_stored_one_resumes_it(event, referee):
    """After a crash and a restored backup the laptop has the first deals only, at another
    version than the phone saw: the phone's sheet is matched and continued, not a dispute."""
    m = table(event, 3)
    client = login(referee)
    url = reverse("table_sheet_api", args=["spring", 1, 3])
    first = [{"win": "EW", "partner": 2}, {"win": "NS", "partner": 3}]
    post_json(client, url, {"version": m.version, "steps": first})
    m.refresh_from_db()
    phone = [*first, {"win": "EW", "partner": 4}, {"win": "EW", "partner": 3}]
    body = {"version": m.version + 7, "steps": phone, "entry_key": KEY, "offline": True}
    answer = post_json(client, url, body).json()
    m.refresh_from_db()
    assert answer["ok"] and "outcome" not in answer and answer["sheet"]["steps"] == phone
    assert (m.state, m.deals, m.submissions.count()) == (Table.IN_PLAY, phone, 0)
    assert AppliedEntry.objects.get(key=KEY).outcome == "applied"
    # Play goes on from the server's answer.
    more = [*phone, {"win": "NS", "partner": 2}]
    again = post_json(client, url, {"version": answer["sheet"]["version"], "steps": more})
    assert again.json()["ok"] and Table.objects.get(pk=m.pk).deals == more


def test_a_late_sheet_that_undoes_a_stored_deal_is_still_a_dispute(event, referee):
    m = table(event, 3)
    client = login(referee)
    url = reverse("table_sheet_api", args=["spring", 1, 3])
    start = m.version
    stored = [{"win": "EW", "partner": 2}, {"win": "NS", "partner": 3}]
    post_json(client, url, {"version": start, "steps": stored})
    phone = [{"win": "EW", "partner": 2}, {"win": "EW", "partner": 3}, {"win": "EW", "partner": 4}]
    body = {"version": start + 5, "steps": phone, "entry_key": KEY, "offline": True}
    assert post_json(client, url, body).json()["outcome"] == "conflict"
    assert Table.objects.get(pk=m.pk).state == Table.DISPUTED


def test_a_dispute_of_sheets_in_play_shows_them_unfinished_with_nothing_to_adopt(
    event, referee, ref2, chief
):
    """Two sheets in play that contradict each other: their levels so far are no result.
    They read as unfinished (not "到时"), and neither is offered for adoption."""
    m = table(event, 3)
    url = reverse("table_sheet_api", args=["spring", 1, 3])
    start = m.version
    stored = [{"win": "EW", "partner": 2}, {"win": "NS", "partner": 4}]
    post_json(login(referee), url, {"version": start, "steps": stored})
    phone = [{"win": "NS", "partner": 2}, {"win": "NS", "partner": 2}]
    body = {"version": start, "steps": phone, "entry_key": KEY, "offline": True}
    assert post_json(login(ref2), url, body).json()["outcome"] == "conflict"
    m.refresh_from_db()
    page = login(chief).get(reverse("table_entry", args=["spring", 1, 3])).content.decode()
    section = page[
        page.index('id="dispute"') : page.index("</section>", page.index('id="dispute"'))
    ]
    assert section.count("（未打完）") == 2 and "到时" not in section
    assert 'value="pick"' not in section
    with pytest.raises(Refused):
        pick_entry(m, dispute_entries(m)[0].pk, version=m.version, by=user_actor(chief))
