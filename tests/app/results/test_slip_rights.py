"""Slips cut to rights: a referee limited to some tables prints the slips
of those tables only; an entry made with a slip names who printed it; a lost slip is revoked
(a new link and PIN for one side) from the table's page; wrong PINs stay counted."""

from __future__ import annotations

import io
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from tests.conftest import ONE_EVENT
from tournament.models import AuditEntry, Counter, Staff, Table
from tournament.results.sides import PIN_TRIES, pin_key

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

FORM = {"ew_level": "A+", "ns_level": "5", "forfeit": "", "ew_fouls": 0, "ns_fouls": 0}


@pytest.fixture
def round1(tournament, pairs8, make_round, referee):
    """Round 1 (tables 1-4), players' links on; the referee may act at tables 1-2 only."""
    tournament.table_entry = True
    tournament.save()
    Staff.objects.filter(tournament=tournament, user=referee).update(tables="1-2")
    return make_round(tournament, pairs8)


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def slips_pdf(client: Client, **query) -> PdfReader:
    url = reverse("export_download", args=["spring", "side_slips", "pdf"])
    response = client.get(url, {"round": 1, **query})
    assert response.status_code == 200
    return PdfReader(io.BytesIO(b"".join(response.streaming_content)))


def text_of(pdf: PdfReader) -> str:
    return "".join(page.extract_text() for page in pdf.pages)


def links_of(pdf: PdfReader) -> list[str]:
    """The entry links of the slips (each QR code is also a link in the PDF)."""
    return [
        a.get_object()["/A"]["/URI"]
        for page in pdf.pages
        for a in page.get("/Annots", [])
        if "/A" in a.get_object()
    ]


def test_a_table_limited_referee_prints_the_slips_of_its_tables_only(round1, referee, chief):
    mine = text_of(slips_pdf(as_user(referee)))
    assert "第 1 台" in mine and "第 2 台" in mine
    assert "第 3 台" not in mine and "第 4 台" not in mine
    everything = text_of(slips_pdf(as_user(chief)))
    assert all(f"第 {n} 台" in everything for n in (1, 2, 3, 4))
    one = text_of(slips_pdf(as_user(chief), table=3))  # the reprint of one table
    assert "第 3 台" in one and "第 1 台" not in one


def test_an_entry_made_with_a_slip_names_who_printed_it(round1, referee):
    link = next(u for u in links_of(slips_pdf(as_user(referee))) if "?p=" in u)
    path, query = urlsplit(link).path, urlsplit(link).query
    phone = Client()
    assert phone.get(f"{path}?{query}").status_code == 200
    table = Table.objects.get(round=round1, number=1)
    side_code = path.rstrip("/").rsplit("/", 1)[1]
    assert side_code == table.ew_code
    phone.post(path, {**FORM, "version": table.version})
    entry = AuditEntry.objects.get(action="result.enter")
    assert entry.actor.startswith("table:EW slip:") and referee.username in entry.actor
    # A mark moved to another slip (or made up) names nobody.
    other = Table.objects.get(round=round1, number=2)
    stranger = Client()
    stranger.get(reverse("side_entry", args=["spring", other.pk, other.ns_code]) + f"?{query}")
    stranger.post(
        reverse("side_entry", args=["spring", other.pk, other.ns_code]),
        {**FORM, "version": other.version},
    )
    assert AuditEntry.objects.filter(action="result.enter").latest("pk").actor == "table:NS"


def test_a_revoked_slip_no_longer_opens_and_its_pin_tries_start_again(round1, referee):
    table = Table.objects.get(round=round1, number=1)
    old_link = reverse("side_entry", args=["spring", table.pk, table.ew_code])
    later = timezone.now() + timedelta(minutes=10)
    Counter.objects.create(key=pin_key(table, "EW"), count=PIN_TRIES, expires_at=later)
    url = reverse("table_revoke_slip", args=["spring", 1, 1])
    page = as_user(referee).post(url, {"side": "EW"}, follow=True).content.decode()
    assert "旧纸条已作废" in page
    fresh = Table.objects.get(pk=table.pk)
    assert fresh.ew_code != table.ew_code and fresh.ns_code == table.ns_code
    assert fresh.ns_pin == table.ns_pin
    assert Client().get(old_link).status_code == 404
    new_link = reverse("side_entry", args=["spring", table.pk, fresh.ew_code])
    assert Client().get(new_link).status_code == 200
    assert not Counter.objects.filter(key=pin_key(table, "EW")).exists()
    assert AuditEntry.objects.filter(action="slip.revoke", object_id=str(table.pk)).count() == 1


def test_a_referee_cannot_revoke_or_read_the_pins_of_another_table(round1, referee):
    table = Table.objects.get(round=round1, number=3)
    client = as_user(referee)
    page = client.get(reverse("table_entry", args=["spring", 1, 3])).content.decode()
    assert f"<b>{table.ew_pin}</b>" not in page and "revoke-slip" not in page
    client.post(reverse("table_revoke_slip", args=["spring", 1, 3]), {"side": "NS"})
    assert Table.objects.get(pk=table.pk).ns_code == table.ns_code
    assert not AuditEntry.objects.filter(action="slip.revoke").exists()


def test_wrong_pins_stay_counted_in_the_database(round1):
    table = Table.objects.get(round=round1, number=1)
    ew = Client()
    ew.post(reverse("side_entry", args=["spring", table.pk, table.ew_code]), {**FORM, "version": 1})
    wrong = "0000" if table.ns_pin != "0000" else "1111"
    url = reverse("side_confirm", args=["spring", table.pk, table.ns_code])
    for _ in range(2):
        Client().post(url, {"version": 2, "pin": wrong})
    assert Counter.objects.get(key=pin_key(table, "NS")).count == 2
