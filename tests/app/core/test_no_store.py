"""Answers carrying secrets are kept by no cache: ``Cache-Control: no-store`` on
the table page (both sides' PINs), the staff's exports (side slips, workbook, archive) and
backups; the offline copies of the service worker end with the session (X-Offline-Until)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import login
from tournament.backups.create import make_backup

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(tournament, pairs8, make_round):
    tournament.table_entry = True
    tournament.save()
    return make_round(tournament, pairs8)


def no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "")


def test_the_table_page_with_both_pins_is_kept_nowhere(event, referee):
    table = event.tables.get(number=1)
    response = login(referee).get(reverse("table_entry", args=["spring", 1, 1]))
    assert table.ew_pin in response.content.decode()  # the page does carry the PINs
    assert no_store(response) and "private" in response["Cache-Control"]


@pytest.mark.parametrize(
    ("kind", "ext"),
    [("side_slips", "pdf"), ("workbook", "xlsx"), ("archive", "json"), ("archive.json", "gz")],
)
def test_the_staffs_exports_are_kept_nowhere(event, organizer, kind, ext):
    response = login(organizer).get(
        reverse("export_download", args=["spring", kind, ext]), {"round": 1}
    )
    assert response.status_code == 200, (kind, ext)
    assert no_store(response), (kind, ext, response.get("Cache-Control"))


def test_a_backup_is_kept_nowhere(event):
    admin = get_user_model().objects.create_superuser("root", password="x")
    made = make_backup(reason="test")
    response = login(admin).get(reverse("backup_download", args=["spring", made.name]))
    assert response.status_code == 200 and no_store(response)


def test_a_public_export_is_still_cacheable(event, tournament):
    tournament.publish_pairings = True
    tournament.save()
    response = Client().get(
        reverse("export_download", args=["spring", "pairings", "pdf"]), {"round": 1}
    )
    assert response.status_code == 200 and not no_store(response)


def test_a_signed_in_answer_says_when_its_session_ends(event, referee):
    response = login(referee).get(reverse("table_entry", args=["spring", 1, 1]))
    until = int(response["X-Offline-Until"]) / 1000
    assert until > timezone.now().timestamp()
    assert "X-Offline-Until" not in Client().get(reverse("home"))
