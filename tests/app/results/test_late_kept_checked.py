"""A late entry is checked before it is kept, and what a table keeps is bounded (found in
a review): a junk late sheet from a slip link (a confirmed table) or from a referee in
the dispute (a disputed table) is refused with the usual 400 and nothing stored, where it
was kept and then broke the chief's table page; what was stored before the check is shown
as it is; a sender keeps at most ``MAX_KEPT`` entries at a table; a kept sheet is no longer
than ``MAX_LATE_STEPS`` lines."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.models import AppliedEntry, AuditEntry, Round, Staff, Table
from tournament.results.checks import ResultValues
from tournament.results.entry_keys import MAX_KEPT, MAX_LATE_STEPS
from tournament.results.services import confirm_result, submit_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]
JUNK = [{"x": 1}]
WIN = ResultValues("A+", "K", winner="EW")


@pytest.fixture
def event(tournament, pairs8, make_round, chief):
    tournament.table_entry = True
    tournament.save()
    Staff.objects.get_or_create(tournament=tournament, user=chief, role=Staff.CHIEF_REFEREE)
    return make_round(tournament, pairs8)


def confirmed(event, referee, ref2) -> Table:
    m = event.tables.get(number=1)
    m = submit_result(m, WIN, version=m.version, by=user_actor(referee))
    return confirm_result(m, version=m.version, by=user_actor(ref2))


def late_sheet(client: Client, url: str, steps: list, n: int, version: int = 0):
    body = {"version": version, "steps": steps, "offline": True, "entry_key": f"min-repro-{n:04d}"}
    return client.post(url, json.dumps(body), "application/json")


def slip_api(m: Table, code: str) -> str:
    return reverse("side_sheet_api", args=["spring", m.pk, code])


def chiefs_page(chief, table: int = 1):
    return login(chief).get(reverse("table_entry", args=["spring", 1, table]))


def stored(m: Table) -> tuple:
    fresh = Table.objects.get(pk=m.pk)
    return fresh.state, fresh.version, fresh.submissions.count()


def test_a_junk_late_sheet_from_a_slip_link_is_refused_and_the_chiefs_page_stays(
    event, referee, ref2, chief
):
    """The reproduction: no PIN, the table confirmed, ``[{"x": 1}]`` sent as late."""
    m = confirmed(event, referee, ref2)
    client = Client()
    client.get(reverse("side_entry", args=["spring", m.pk, m.ew_code]))
    before = stored(m)
    answer = late_sheet(client, slip_api(m, m.ew_code), JUNK, 1)
    assert answer.status_code == 400 and answer.json()["error"]
    assert answer.json().get("outcome") is None
    assert stored(m) == before
    assert not AppliedEntry.objects.exists()
    assert not AuditEntry.objects.filter(action="result.kept").exists()
    assert chiefs_page(chief).status_code == 200


def test_a_junk_late_sheet_from_a_referee_in_the_dispute_is_refused(event, referee, ref2, chief):
    m = event.tables.get(number=1)
    m = submit_result(m, WIN, version=m.version, by=user_actor(referee))
    m = submit_result(
        m, ResultValues("A+", "Q", winner="EW"), version=m.version, by=user_actor(ref2)
    )
    assert m.state == Table.DISPUTED
    before = stored(m)
    url = reverse("table_sheet_api", args=["spring", 1, 1])
    answer = late_sheet(login(referee), url, JUNK, 2)
    assert answer.status_code == 400 and "第1条记录" in answer.json()["error"]
    assert stored(m) == before and not AppliedEntry.objects.exists()
    page = chiefs_page(chief)
    assert page.status_code == 200 and "裁判长裁定" in page.content.decode()


def test_a_players_late_sheet_with_a_referee_step_is_not_kept(event, referee, ref2):
    """The side's deals-only check runs before a confirmed table keeps the sheet."""
    m = confirmed(event, referee, ref2)
    steps = [{"win": "EW", "partner": 2}, {"forfeit_by": "NS", "reason": "late"}]
    answer = late_sheet(Client(), slip_api(m, m.ew_code), steps, 3)
    assert answer.status_code == 400 and "由裁判记录" in answer.json()["error"]
    assert not AppliedEntry.objects.exists()


def test_what_was_kept_before_the_check_is_shown_as_it_is(event, referee, ref2, chief):
    """Rows stored by the unchecked path (a junk sheet, junk levels, its audit line): the
    chief's table page and the round's log show them raw, with a note, instead of a 500."""
    m = confirmed(event, referee, ref2)
    kept = {"kept": "after_confirmation", "by": "table:EW", "via": "table_ew"}
    for n, payload in enumerate(({"steps": JUNK}, {"values": {"ew_level": [1]}})):
        AppliedEntry.objects.create(
            tournament=event.tournament,
            key=f"stored-junk-{n:04d}",
            table=m,
            kind="sheet",
            outcome=AppliedEntry.KEPT,
            payload={**payload, **kept},
        )
    AuditEntry.objects.create(
        tournament=event.tournament,
        action="result.kept",
        object_type="match",
        object_id=str(m.pk),
        actor="table:EW",
        after={"phone": {"late": True, "key": "stored-junk-0000"}, "phone_deals": JUNK},
    )
    page = chiefs_page(chief)
    assert page.status_code == 200
    text = page.content.decode()
    assert text.count("无法识别的记录，原样显示") >= 3  # two kept rows, the audit line
    assert "&quot;x&quot;: 1" in text
    assert login(chief).get(reverse("round_audit", args=["spring", 1])).status_code == 200


def test_a_sender_keeps_at_most_three_entries_at_a_table(event, referee, ref2, chief):
    m = confirmed(event, referee, ref2)
    before = stored(m)
    url = slip_api(m, m.ew_code)
    sheets = [[{"win": "NS", "partner": p}] for p in (2, 3, 4)] + [[{"win": "EW", "partner": 3}]]
    answers = [late_sheet(Client(), url, steps, n) for n, steps in enumerate(sheets, 10)]
    assert [a.status_code for a in answers] == [200] * MAX_KEPT + [400]
    assert [a.json().get("outcome") for a in answers[:MAX_KEPT]] == ["kept"] * MAX_KEPT
    assert f"已保留您送达较晚的{MAX_KEPT}份录入" in answers[-1].json()["error"]
    assert AppliedEntry.objects.filter(table=m).count() == MAX_KEPT
    assert AuditEntry.objects.filter(action="result.kept").count() == MAX_KEPT
    assert stored(m) == before
    # Another sender has room of their own: the other side, a referee.
    other = late_sheet(Client(), slip_api(m, m.ns_code), sheets[0], 20)
    assert other.json()["outcome"] == "kept"
    url = reverse("table_entry", args=["spring", 1, 1])
    data = {"action": "enter", "ew_level": "A+", "ns_level": "5", "ew_fouls": 0, "ns_fouls": 0}
    data |= {"version": 0, "entry_key": "min-repro-0021", "offline": "1"}
    assert login(ref2).post(url, data, HTTP_X_OUTBOX="1").json()["outcome"] == "kept"
    assert (
        chiefs_page(chief).content.decode().count('<span class="badge">确认后到达') == MAX_KEPT + 2
    )


def test_a_late_sheet_longer_than_any_match_is_not_kept(event, referee, ref2):
    """Lines the rules accept one by one (a level up, a level down, again) but more of them
    than a round can hold: refused, not kept (150 of 240 KB each were kept before)."""
    m = confirmed(event, referee, ref2)
    before = stored(m)
    up_down = [{"penalty": "NS", "levels": 1}, {"penalty": "NS", "levels": -1}]
    steps = up_down * (MAX_LATE_STEPS // 2 + 1)
    url = reverse("table_sheet_api", args=["spring", 1, 1])
    answer = late_sheet(login(ref2), url, steps, 30)
    assert answer.status_code == 400 and str(MAX_LATE_STEPS) in answer.json()["error"]
    assert not AppliedEntry.objects.exists() and stored(m) == before
    fits = late_sheet(login(ref2), url, steps[:MAX_LATE_STEPS], 31)
    assert fits.json()["outcome"] == "kept"
    assert len(json.dumps(AppliedEntry.objects.get().payload)) < 20_000


def test_a_late_time_result_before_time_is_up_is_not_kept(event, referee, ref2):
    """A final-levels entry is checked as its save would be: ending on time with 30 minutes
    left is refused (还没有到时), not kept."""
    m = confirmed(event, referee, ref2)
    Round.objects.filter(pk=event.pk).update(started_at=timezone.now() - timedelta(minutes=30))
    before = stored(m)
    url = reverse("table_entry", args=["spring", 1, 1])
    data = {"action": "enter", "ew_level": "10", "ns_level": "8", "at_time": "on"}
    data |= {"ew_fouls": 0, "ns_fouls": 0, "version": 0, "entry_key": "min-repro-0040"}
    answer = login(ref2).post(url, {**data, "offline": "1"}, HTTP_X_OUTBOX="1")
    assert answer.status_code == 400 and "还没有到时" in answer.json()["errors"][0]
    assert stored(m) == before and not AppliedEntry.objects.exists()
