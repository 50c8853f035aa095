"""A late phone entry never reopens a confirmed table: a POST with ``offline=1``, a
stale ``version`` and a fresh ``entry_key`` from a referee who is not the chief, or from a
player's slip link without a PIN, leaves the table confirmed, files no dispute and is kept
for the chief referee (确认后到达); a player's late sheet files no referee step; a person
or side has at most one entry in a table's open dispute."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.models import AppliedEntry, AuditEntry, Round, Table
from tournament.results.checks import ResultValues
from tournament.results.services import (
    confirm_result,
    dispute_entries,
    pick_entry,
    save_scoresheet,
    submit_result,
)
from tournament.rounds.lifecycle import lock_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]
OUTBOX = {"HTTP_X_OUTBOX": "1"}
WIN = ResultValues("A+", "K", winner="EW")


def key(n: int) -> str:
    return f"late-entry-key-{n:04d}"


def confirmed(event, referee, ref2, table: int = 1) -> Table:
    """A table entered by one referee and confirmed by another: the state a round locks on."""
    m = event.tables.get(number=table)
    m = submit_result(m, WIN, version=m.version, by=user_actor(referee))
    return confirm_result(m, version=m.version, by=user_actor(ref2))


def late_levels(ns: str, n: int, version: int = 0) -> dict:
    """A final-levels entry the phone kept since the table's version ``version``."""
    return {
        "action": "enter",
        "ew_level": "A+",
        "ns_level": ns,
        "ew_fouls": 0,
        "ns_fouls": 0,
        "version": version,
        "entry_key": key(n),
        "offline": "1",
    }


def unchanged(m: Table) -> tuple:
    fresh = Table.objects.get(pk=m.pk)
    return fresh.state, fresh.version, fresh.ns_level, fresh.submissions.count()


def test_a_referees_late_entry_leaves_a_confirmed_table_confirmed(event, referee, ref2):
    m = confirmed(event, referee, ref2)
    before = unchanged(m)
    url = reverse("table_entry", args=["spring", 1, 1])
    answer = login(ref2).post(url, late_levels("5", 1), **OUTBOX).json()
    assert unchanged(m) == before and before[0] == Table.CONFIRMED
    assert answer["ok"] and answer["outcome"] == "kept" and answer["state"] == Table.CONFIRMED
    assert "已确认" in answer["message"]
    assert not AuditEntry.objects.filter(action="result.dispute").exists()
    kept = AppliedEntry.objects.get(key=key(1))
    assert kept.outcome == AppliedEntry.KEPT  # its own outcome, not a conflict
    assert kept.payload["kept"] == "after_confirmation"
    assert kept.payload["values"]["ns_level"] == "5" and kept.payload["by"] == "ref2"


def test_a_players_late_entry_through_the_slip_link_leaves_it_confirmed(event, referee, ref2):
    m = confirmed(event, referee, ref2)
    before = unchanged(m)
    url = reverse("side_entry", args=["spring", m.pk, m.ns_code])
    data = late_levels("5", 2)
    del data["ew_fouls"], data["ns_fouls"], data["action"]  # the players' form has none
    answer = Client().post(url, data, **OUTBOX).json()  # no account, no PIN
    assert unchanged(m) == before
    assert answer["outcome"] == "kept"
    assert AppliedEntry.objects.get(key=key(2)).payload["via"] == "table_ns"


def test_late_entries_after_the_chiefs_ruling_leave_the_round_lockable(event, referee, ref2, chief):
    """The reproduction: a dispute, the chief's ruling, then a late entry from a referee and
    from each side's link, each with a fresh key; the round still locks."""
    for table in (2, 3, 4):
        confirmed(event, referee, ref2, table)
    m = event.tables.get(number=1)
    m = submit_result(m, WIN, version=m.version, by=user_actor(referee))
    m = submit_result(
        m, ResultValues("A+", "Q", winner="EW"), version=m.version, by=user_actor(ref2)
    )
    assert m.state == Table.DISPUTED
    entry = m.submissions.order_by("pk").first()
    m = pick_entry(m, entry.pk, version=m.version, by=user_actor(chief))
    assert m.state == Table.CONFIRMED
    ruled = unchanged(m)
    staff_url = reverse("table_entry", args=["spring", 1, 1])
    login(ref2).post(staff_url, late_levels("5", 3), **OUTBOX)
    for n, code in ((4, m.ew_code), (5, m.ns_code)):
        data = {**late_levels("9", n), "version": 1}
        Client().post(reverse("side_entry", args=["spring", m.pk, code]), data, **OUTBOX)
    assert unchanged(m) == ruled
    assert AuditEntry.objects.filter(action="result.dispute").count() == 1  # the first only
    assert lock_round(Round.objects.get(pk=event.pk), by=user_actor(chief)).status == Round.LOCKED


def test_a_late_sheet_on_a_confirmed_table_is_kept_too(event, referee, ref2):
    m = confirmed(event, referee, ref2)
    before = unchanged(m)
    url = reverse("side_sheet_api", args=["spring", m.pk, m.ew_code])
    body = {"version": 0, "steps": [{"win": "NS", "partner": 3}], "entry_key": key(6)}
    answer = Client().post(url, json.dumps({**body, "offline": True}), "application/json")
    assert answer.status_code == 200 and answer.json()["outcome"] == "kept"
    assert unchanged(m) == before
    assert AppliedEntry.objects.get(key=key(6)).payload["steps"] == body["steps"]


def test_a_kept_entry_has_its_own_line_in_the_rounds_audit_log(event, referee, ref2, chief):
    """The chief's 操作记录 of the round: who sent it, when it arrived, what it said, and
    that the table stayed as it was; a side's late sheet too."""
    m = confirmed(event, referee, ref2)
    login(ref2).post(reverse("table_entry", args=["spring", 1, 1]), late_levels("5", 13), **OUTBOX)
    sheet = {"version": 0, "steps": [{"win": "NS", "partner": 3}], "entry_key": key(14)}
    url = reverse("side_sheet_api", args=["spring", m.pk, m.ew_code])
    Client().post(url, json.dumps({**sheet, "offline": True}), "application/json")
    lines = AuditEntry.objects.filter(action="result.kept").order_by("pk")
    assert [line.actor for line in lines] == ["ref2", "table:EW"]
    assert all(line.object_id == str(m.pk) and line.created_at for line in lines)
    assert lines[0].before["state"] == lines[0].after["state"] == Table.CONFIRMED
    assert Table.objects.get(pk=m.pk).version == lines[0].after["version"]
    page = login(chief).get(reverse("round_audit", args=["spring", 1])).content.decode()
    assert page.count("确认后到达的录入，已保留，成绩未改动") == 2
    assert "ref2 · 裁判 · " in page and "过A : 5" in page  # who, how, when, what
    assert "手机上的逐副记录：NS13" in page
    assert "after_confirmation" not in page  # the summary says why, in words


def test_the_chief_sees_what_arrived_after_confirmation(event, referee, ref2, chief):
    confirmed(event, referee, ref2)
    login(ref2).post(reverse("table_entry", args=["spring", 1, 1]), late_levels("5", 7), **OUTBOX)
    page = login(chief).get(reverse("table_entry", args=["spring", 1, 1])).content.decode()
    assert 'id="late-kept"' in page and "确认后到达" in page and "ref2" in page
    other = login(referee).get(reverse("table_entry", args=["spring", 1, 2])).content.decode()
    assert 'id="late-kept"' not in other


PENALTY_NS = {"penalty": "NS", "levels": -1}
FORFEIT_NS = {"forfeit_by": "NS", "reason": "late"}


@pytest.mark.parametrize("referee_step", [PENALTY_NS, FORFEIT_NS], ids=["penalty", "forfeit"])
def test_a_players_late_sheet_files_no_referee_step(event, referee, referee_step):
    m = event.tables.get(number=1)
    m = save_scoresheet(m, [{"win": "EW", "partner": 2}], version=m.version, by=user_actor(referee))
    url = reverse("side_sheet_api", args=["spring", m.pk, m.ew_code])
    steps = [{"win": "EW", "partner": 2}, referee_step]
    body = {"version": 0, "steps": steps, "entry_key": key(8), "offline": True}
    answer = Client().post(url, json.dumps(body), "application/json")
    stored = Table.objects.get(pk=m.pk)
    assert answer.status_code == 400 and "由裁判记录" in answer.json()["error"]
    assert (stored.state, stored.version, stored.submissions.count()) == (
        Table.IN_PLAY,
        m.version,
        0,
    )
    assert not AppliedEntry.objects.exists()


def test_a_players_late_sheet_keeping_the_referees_steps_is_still_filed(event, referee):
    m = event.tables.get(number=1)
    first = [{"win": "EW", "partner": 2}, PENALTY_NS]
    m = save_scoresheet(m, first, version=m.version, by=user_actor(referee))
    url = reverse("side_sheet_api", args=["spring", m.pk, m.ew_code])
    body = {"version": 0, "steps": [{"win": "NS", "partner": 2}, PENALTY_NS], "entry_key": key(9)}
    answer = Client().post(url, json.dumps({**body, "offline": True}), "application/json")
    assert answer.json()["outcome"] == "conflict"
    assert Table.objects.get(pk=m.pk).state == Table.DISPUTED


def test_at_most_one_open_conflict_per_side_and_table(event, referee):
    m = event.tables.get(number=1)
    m = submit_result(m, WIN, version=m.version, by=user_actor(referee))
    url = reverse("side_entry", args=["spring", m.pk, m.ew_code])

    def side_late(ns: str, n: int):
        data = {"ew_level": "A+", "ns_level": ns, "version": 0, "entry_key": key(n)}
        return Client().post(url, {**data, "offline": "1"}, **OUTBOX).json()

    assert side_late("5", 10)["outcome"] == "conflict"
    disputed = unchanged(m)
    assert disputed[0] == Table.DISPUTED
    assert [side_late(ns, n)["outcome"] for n, ns in ((11, "6"), (12, "7"))] == ["kept", "kept"]
    assert unchanged(m) == disputed
    stored = Table.objects.get(pk=m.pk)
    assert [e.source for e in dispute_entries(stored)] == ["referee", "table_ew"]
    kept = AppliedEntry.objects.filter(key__in=[key(11), key(12)])
    assert {e.payload["kept"] for e in kept} == {"in_dispute"}
    assert {e.outcome for e in kept} == {AppliedEntry.KEPT}
    again = AuditEntry.objects.filter(action="result.kept", actor="table:EW")
    assert again.count() == 2 and "争议中再次送达" in again.first().summary
    assert AuditEntry.objects.filter(action="result.dispute").count() == 1


def test_a_late_entry_made_on_the_confirmed_table_is_kept_not_refused(event, referee, ref2):
    """The phone saw the table confirmed (its version is the stored one): the late entry is
    kept for the chief as after a stale version, not refused back to the phone."""
    m = confirmed(event, referee, ref2)
    before = unchanged(m)
    url = reverse("table_entry", args=["spring", 1, 1])
    answer = login(ref2).post(url, late_levels("5", 13, m.version), **OUTBOX).json()
    assert answer["outcome"] == "kept" and unchanged(m) == before
    sheet = reverse("side_sheet_api", args=["spring", m.pk, m.ew_code])
    body = {"version": m.version, "steps": [{"win": "NS", "partner": 3}], "entry_key": key(14)}
    reply = Client().post(sheet, json.dumps({**body, "offline": True}), "application/json")
    assert reply.json()["outcome"] == "kept" and unchanged(m) == before
    now = {**late_levels("5", 15, m.version), "offline": ""}  # sent at once: refused as ever
    refused = login(ref2).post(url, now, **OUTBOX)
    assert refused.status_code == 400 and "已确认" in refused.json()["errors"][0]
