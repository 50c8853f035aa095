"""Disputes (争议): both entries kept and shown, the chief picks one or enters a third."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.models import AuditEntry, Table
from tournament.results.checks import ResultValues
from tournament.results.services import dispute_entries, pick_entry, submit_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

FIRST = ResultValues("A+", "K", winner="EW")
SECOND = ResultValues("A+", "5", winner="EW")


@pytest.fixture
def disputed(tournament, pairs8, make_round, referee, ref2):
    m = make_round(tournament, pairs8).tables.get(number=1)
    m = submit_result(m, FIRST, version=m.version, by=user_actor(referee))
    return submit_result(m, SECOND, version=m.version, by=user_actor(ref2, "referee"))


def test_both_entries_are_kept_with_who_and_how(disputed, referee, ref2):
    entries = dispute_entries(Table.objects.get(pk=disputed.pk))
    assert [(e.submitted_by, e.source, e.values["ns_level"]) for e in entries] == [
        (referee, "referee", "K"),
        (ref2, "referee", "5"),
    ]


def test_the_audit_log_holds_each_entrys_values(disputed):
    entry = AuditEntry.objects.get(action="result.dispute")
    assert [(e["by"], e["values"]["ns_level"]) for e in entry.after["entries"]] == [
        ("ref", "K"),
        ("ref2", "5"),
    ]


def test_the_entry_page_shows_both_entries_side_by_side(disputed, chief):
    page = login(chief).get(reverse("table_entry", args=["spring", 1, 1])).content.decode()
    section = page[page.index('id="dispute"') :]
    assert section.index("过A : K") < section.index("过A : 5")
    assert "ref2" in section and section.count('value="pick"') == 2


def test_the_chief_picks_the_second_entry(disputed, chief):
    second = dispute_entries(disputed)[1]
    client = login(chief)
    url = reverse("table_entry", args=["spring", 1, 1])
    client.post(url, {"action": "pick", "entry": second.pk, "version": disputed.version})
    m = Table.objects.get(pk=disputed.pk)
    assert (m.state, m.ns_level, m.confirmed_by) == (Table.CONFIRMED, "5", chief)


def test_the_chief_enters_a_third_result(disputed, chief):
    data = {"action": "rule", "ew_level": "A+", "ns_level": "9", "forfeit": "", "ew_fouls": 0}
    data.update(ns_fouls=0, version=disputed.version)
    login(chief).post(reverse("table_entry", args=["spring", 1, 1]), data)
    m = Table.objects.get(pk=disputed.pk)
    assert (m.state, m.ns_level) == (Table.CONFIRMED, "9")


def test_a_referee_cannot_pick(disputed, ref2):
    with pytest.raises(Refused):
        pick_entry(disputed, dispute_entries(disputed)[1].pk, version=None, by=user_actor(ref2))
    assert Table.objects.get(pk=disputed.pk).state == Table.DISPUTED


def test_an_entry_of_another_table_cannot_be_picked(disputed, chief, referee):
    other = disputed.round.tables.get(number=2)
    submit_result(other, FIRST, version=other.version, by=user_actor(referee))
    foreign = other.submissions.get()
    with pytest.raises(Refused, match="没有找到"):
        pick_entry(disputed, foreign.pk, version=None, by=user_actor(chief))


def test_two_entries_differing_in_how_a_was_passed_read_apart(
    tournament, pairs8, make_round, referee, ref2, chief
):
    """100+ scores how A was passed: two entries "A+ : 9" that differ only there must not
    read the same to the chief."""
    tournament.scoring, tournament.format, tournament.rounds = "hundred_plus", "rotation", 3
    tournament.save()
    m = make_round(tournament, pairs8).tables.get(number=1)
    m = submit_result(
        m,
        ResultValues("A+", "9", winner="EW", pass_upgrade=3),
        by=user_actor(referee),
        version=m.version,
    )
    submit_result(
        m,
        ResultValues("A+", "9", winner="EW", pass_upgrade=2),
        version=m.version,
        by=user_actor(ref2, "referee"),
    )
    page = login(chief).get(reverse("table_entry", args=[tournament.slug, 1, 1])).content.decode()
    section = page[page.index('id="dispute"') :]
    assert "过A一副升3级" in section and "过A一副升2级" in section


def test_how_a_was_passed_offers_only_the_places_the_rule_allows(
    tournament, pairs8, make_round, referee
):
    tournament.scoring, tournament.format, tournament.rounds = "hundred_plus", "rotation", 3
    tournament.save()
    make_round(tournament, pairs8)
    url = reverse("table_entry", args=[tournament.slug, 1, 1])
    page = login(referee).get(url).content.decode()
    field = page[page.index('name="pass_how"') :]
    field = field[: field.index("</select>")]
    assert 'value="2"' in field and 'value="3"' in field  # 1–2 and 1–3 pass A (partner_not_last)
    assert 'value="4"' not in field and "1–4" not in field
