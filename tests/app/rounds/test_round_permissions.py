"""Role × page for the round pages; table links reach only their own table."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import ONE_EVENT, login
from tournament.models import Round, Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]


@pytest.fixture
def round1(tournament, pairs8, make_round):
    return make_round(tournament, pairs8)


# The role × URL table over every URL name is tests/app/test_url_table.py.


def test_anonymous_and_outsiders_cannot_post_results(round1, outsider):
    table = round1.tables.get(number=1)
    data = {
        "ew_level": "A+",
        "ns_level": "2",
        "forfeit": "",
        "ew_fouls": 0,
        "ns_fouls": 0,
        "version": table.version,
    }
    url = reverse("table_entry", args=["spring", 1, 1])
    assert Client().post(url, data).status_code == 302
    assert login(outsider).post(url, data).status_code == 404
    api = reverse("table_sheet_api", args=["spring", 1, 1])
    assert Client().post(api, "{}", content_type="application/json").status_code == 403
    table.refresh_from_db()
    assert table.state == Table.EMPTY


def test_public_pages_follow_publication(tournament, round1):
    client = Client()
    assert client.get(reverse("pairings", args=["spring", 1])).status_code == 404
    assert client.get(reverse("standings", args=["spring"])).status_code == 404
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    assert client.get(reverse("pairings", args=["spring", 1])).status_code == 200
    assert client.get(reverse("standings", args=["spring"])).status_code == 200
    Round.objects.filter(pk=round1.pk).update(status=Round.DRAFT)
    assert client.get(reverse("pairings", args=["spring", 1])).status_code == 404
    assert client.get(reverse("round_status_json", args=["spring", 1])).status_code == 404


def test_table_link_reaches_only_its_own_table(tournament, round1):
    tournament.table_entry = True
    tournament.save()
    t1, t2 = round1.tables.get(number=1), round1.tables.get(number=2)
    client = Client()
    assert client.get(reverse("side_entry", args=["spring", t1.pk, t1.ew_code])).status_code == 200
    # Table 1's code on table 2, a made-up code, another event's slug: all 404.
    assert client.get(reverse("side_entry", args=["spring", t2.pk, t1.ew_code])).status_code == 404
    assert client.get(reverse("side_entry", args=["spring", t1.pk, "guess"])).status_code == 404
    assert client.get(reverse("side_entry", args=["autumn", t1.pk, t1.ew_code])).status_code == 404
    data = {
        "ew_level": "A+",
        "ns_level": "2",
        "forfeit": "",
        "ew_fouls": 0,
        "ns_fouls": 0,
        "version": t2.version,
    }
    client.post(reverse("side_entry", args=["spring", t2.pk, t1.ew_code]), data)
    t2.refresh_from_db()
    assert t2.state == Table.EMPTY
    # Staff pages stay closed to a table link holder.
    assert client.get(reverse("table_entry", args=["spring", 1, 1])).status_code == 302


def test_table_links_are_off_unless_the_event_allows_them(round1):
    t1 = round1.tables.get(number=1)
    assert (
        Client().get(reverse("side_entry", args=["spring", t1.pk, t1.ew_code])).status_code == 404
    )


def test_table_side_cannot_confirm_its_own_entry_through_the_web(tournament, round1):
    tournament.table_entry = True
    tournament.save()
    t1 = round1.tables.get(number=1)
    ew_phone, ns_phone = Client(REMOTE_ADDR="10.0.0.1"), Client(REMOTE_ADDR="10.0.0.2")
    data = {
        "ew_level": "A+",
        "ns_level": "5",
        "forfeit": "",
        "ew_fouls": 0,
        "ns_fouls": 0,
        "version": t1.version,
    }
    ew_phone.post(reverse("side_entry", args=["spring", t1.pk, t1.ew_code]), data)
    t1.refresh_from_db()
    assert t1.state == Table.ENTERED
    # The same side's code cannot confirm; nor can the entering phone with the other code.
    ew_phone.post(
        reverse("side_confirm", args=["spring", t1.pk, t1.ew_code]), {"version": t1.version}
    )
    ew_phone.post(
        reverse("side_confirm", args=["spring", t1.pk, t1.ns_code]), {"version": t1.version}
    )
    t1.refresh_from_db()
    assert t1.state == Table.ENTERED
    ns_phone.post(
        reverse("side_confirm", args=["spring", t1.pk, t1.ns_code]),
        {"version": t1.version, "pin": t1.ns_pin},
    )
    t1.refresh_from_db()
    assert t1.state == Table.CONFIRMED


def test_a_referee_cannot_confirm_through_a_table_link_what_they_entered(
    tournament, round1, referee
):
    tournament.table_entry = True
    tournament.save()
    t1 = round1.tables.get(number=1)
    client = login(referee)
    data = {
        "ew_level": "A+",
        "ns_level": "5",
        "forfeit": "",
        "ew_fouls": 0,
        "ns_fouls": 0,
        "version": t1.version,
    }
    client.post(reverse("table_entry", args=["spring", 1, 1]), data)
    t1.refresh_from_db()
    client.cookies.clear()
    client.force_login(referee)
    client.post(
        reverse("side_confirm", args=["spring", t1.pk, t1.ns_code]), {"version": t1.version}
    )
    t1.refresh_from_db()
    assert t1.state == Table.ENTERED


def test_stale_web_save_shows_current_values_and_keeps_the_input(round1, referee, chief):
    m = round1.tables.get(number=1)
    old = m.version
    data = {
        "ew_level": "A+",
        "ns_level": "K",
        "forfeit": "",
        "ew_fouls": 0,
        "ns_fouls": 0,
        "version": old,
    }
    login(referee).post(reverse("table_entry", args=["spring", 1, 1]), data)
    response = login(chief).post(
        reverse("table_entry", args=["spring", 1, 1]), dict(data, ns_level="3")
    )
    page = response.content.decode()
    assert response.status_code == 200 and "已被他人修改" in page and "现在保存的成绩" in page
    assert 'value="3" selected' in page  # the chief's own input is still in the form
    m.refresh_from_db()
    assert m.ns_level == "K"
