"""Table rights on every write path (docs/security.md): a referee limited to some tables
cannot write to another table by any page or command, and a refused write saves nothing."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.app.spreadsheet_files import xlsx
from tests.conftest import ONE_EVENT
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.models import AuditEntry, Foul, Staff, Submission, Table
from tournament.results.checks import ResultValues
from tournament.results.lateness import record_absence
from tournament.results.services import confirm_result, submit_result
from tournament.results.spreadsheet_import import import_results

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

HEADER = ["台号", "东西", "南北", "东西犯规", "南北犯规", "弃权"]
WIN = ResultValues("A+", "K", winner="EW")


@pytest.fixture
def round1(tournament, pairs8, make_round, referee):
    """Round 1 of the event; the referee may enter tables 1–2 only."""
    Staff.objects.filter(tournament=tournament, user=referee).update(tables="1-2")
    return make_round(tournament, pairs8)


@pytest.fixture
def ref_client(referee):
    client = Client()
    client.force_login(referee)
    return client


def nothing_saved(round_) -> bool:
    """No table of the round has a result, a submission, a foul or an audit entry."""
    tables = round_.tables.exclude(ns=None)
    return (
        all(m.state == Table.EMPTY and m.version == 1 and not m.deals for m in tables)
        and not Submission.objects.filter(table__round=round_).exists()
        and not Foul.objects.filter(table__round=round_).exists()
        and not AuditEntry.objects.filter(action__startswith="result").exists()
    )


def sheet_bytes() -> bytes:
    return xlsx([(1, "A+", "K", 0, 0, ""), (3, "Q", "Q", 0, 0, "")], header=HEADER)


def test_results_import_touching_another_table_is_refused_by_the_service(round1, referee):
    check = import_results(
        round1, data=sheet_bytes(), filename="r1.xlsx", by=user_actor(referee, "import")
    )
    assert not check.ok
    assert any("没有被分配到第3台" in str(p) for p in check.problems)
    assert nothing_saved(round1)


def test_results_import_on_the_web_by_a_limited_referee_saves_nothing(round1, ref_client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("r1.xlsx", sheet_bytes())
    response = ref_client.post(
        reverse("results_import", args=["spring", 1]), {"file": upload}, follow=True
    )
    assert response.status_code == 200
    assert "没有被分配到第3台" in response.content.decode()
    assert nothing_saved(round1)


def test_results_import_command_as_a_limited_referee_saves_nothing(round1, tmp_path):
    path = tmp_path / "r1.xlsx"
    path.write_bytes(sheet_bytes())
    with pytest.raises(CommandError, match="没有导入任何成绩"):
        call_command("import_results", "spring", "1", str(path), "--user", "ref")
    assert nothing_saved(round1)
    with pytest.raises(CommandError, match="找不到用户"):
        call_command("import_results", "spring", "1", str(path), "--user", "nobody")


def test_results_import_of_own_tables_works_for_a_limited_referee(round1, referee):
    data = xlsx([(1, "A+", "K", 0, 0, ""), (2, "Q", "Q", 0, 0, "")], header=HEADER)
    check = import_results(round1, data=data, filename="r1.xlsx", by=user_actor(referee, "import"))
    assert check.ok and round1.tables.get(number=2).state == Table.ENTERED


def test_deal_sheet_of_another_table_is_refused(round1, ref_client):
    url = reverse("table_sheet_api", args=["spring", 1, 3])
    body = {"version": 1, "steps": [{"win": "EW", "order": ["EW", "NS", "NS", "EW"]}]}
    response = ref_client.post(url, json.dumps(body), content_type="application/json")
    assert response.status_code == 400 and "没有被分配到第3台" in response.json()["error"]
    assert nothing_saved(round1)


def test_foul_log_of_another_table_is_refused(round1, ref_client):
    url = reverse("table_foul", args=["spring", 1, 3])
    ref_client.post(url, {"side": "EW", "kind": "time_delay", "severity": "foul"})
    api = reverse("table_foul_api", args=["spring", 1, 3])
    body = {"side": "EW", "kind": "time_delay", "severity": "foul"}
    response = ref_client.post(api, json.dumps(body), content_type="application/json")
    assert response.status_code == 400 and "没有被分配到第3台" in response.json()["error"]
    assert nothing_saved(round1)


def test_confirming_another_table_is_refused(round1, referee, chief, ref_client):
    t3 = round1.tables.get(number=3)
    t3 = submit_result(t3, WIN, version=t3.version, by=user_actor(chief))
    with pytest.raises(Refused, match="没有被分配到第3台"):
        confirm_result(t3, version=t3.version, by=user_actor(referee))
    ref_client.post(reverse("table_confirm", args=["spring", 1, 3]), {"version": t3.version})
    t3.refresh_from_db()
    assert t3.state == Table.ENTERED and t3.confirmed_by is None


def test_absence_at_another_table_is_refused(round1, referee, ref_client):
    round1.started_at = timezone.now() - timedelta(hours=1)
    round1.save()
    t3 = round1.tables.get(number=3)
    with pytest.raises(Refused, match="没有被分配到第3台"):
        record_absence(t3, "EW", by=user_actor(referee))
    ref_client.post(reverse("table_absent", args=["spring", 1, 3]), {"side": "EW"})
    assert nothing_saved(round1)
    t1 = round1.tables.get(number=1)
    assert record_absence(t1, "EW", by=user_actor(referee)).forfeit == "EW"  # own table: allowed


def test_an_anonymous_staff_write_is_refused(round1):
    t1 = round1.tables.get(number=1)
    with pytest.raises(Refused, match="没有权限"):
        submit_result(t1, WIN, version=t1.version, by=user_actor(None, "referee"))
    assert nothing_saved(round1)
