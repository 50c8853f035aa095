"""A full round of the demo event played through the web, as the staff would."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.conftest import login
from tournament.models import Round, Staff, Table, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(make_user):
    call_command("load_demo", stdout=io.StringIO())
    t = Tournament.objects.get(slug="demo")
    ref2 = make_user("ref2")
    Staff.objects.create(tournament=t, user=ref2, role=Staff.REFEREE)
    return t


@pytest.mark.both_databases
def test_a_whole_round_of_the_demo_event(demo, make_user):
    from django.contrib.auth.models import User

    organizer = login(User.objects.get(username="organizer"))
    chief = login(User.objects.get(username="chief"))
    referee = login(User.objects.get(username="referee"))
    ref2 = login(User.objects.get(username="ref2"))
    slug = demo.slug
    # The demo plays 《淮安掼蛋比赛规则》; this round also checks the three-fouls defeat (docs/rules.md §7.3).
    Tournament.objects.filter(pk=demo.pk).update(three_fouls_defeat=True)

    # Draw, pair round 1 (adjacent draw numbers), publish.
    assert organizer.post(reverse("draw", args=[slug]), {"seed": "2026"}).status_code == 302
    assert organizer.post(reverse("pair_next", args=[slug])).status_code == 302
    round_ = Round.objects.get(tournament=demo, number=1)
    assert round_.status == Round.DRAFT and round_.tables.count() == 24
    page = organizer.get(reverse("round_adjust", args=[slug, 1])).content.decode()
    assert "没有冲突" in page
    organizer.post(reverse("round_action", args=[slug, 1, "publish"]), {"version": round_.version})
    round_.refresh_from_db()
    assert round_.status == Round.PUBLISHED
    chief.post(reverse("round_action", args=[slug, 1, "start"]), {"version": round_.version})
    round_.refresh_from_db()
    assert round_.status == Round.IN_PLAY

    tables = {m.number: m for m in round_.tables.all()}
    # Tables 1–3 deal by deal (EW passes A in five deals).
    for table in (1, 2, 3):
        steps = []
        for partner in (2, 2, 2, 2, 3):
            steps.append({"win": "EW", "partner": partner})
            m = Table.objects.get(pk=tables[table].pk)
            url = reverse("table_sheet_api", args=[slug, 1, table])
            r = referee.post(
                url,
                json.dumps({"version": m.version, "steps": steps}),
                content_type="application/json",
            )
            assert r.status_code == 200, r.content
    # Table 4: a forfeit; table 5: three fouls; tables 6–24: final levels.
    entry = {"ew_level": "", "ns_level": "", "forfeit": "NS", "ew_fouls": 0, "ns_fouls": 0}
    for table in range(4, 25):
        m = Table.objects.get(pk=tables[table].pk)
        data = dict(entry, version=m.version)
        if table == 5:
            data.update(forfeit="", ew_level="K", ns_level="9", ew_fouls=3)
        elif table > 5:
            data.update(forfeit="", ew_level="A+", ns_level=str(2 + table % 8))
        r = referee.post(reverse("table_entry", args=[slug, 1, table]), data)
        assert r.status_code == 302, r.content.decode()[-3000:]
    # An impossible result is refused and changes nothing.
    m = Table.objects.get(pk=tables[6].pk)
    bad = dict(entry, forfeit="", ew_level="A+", ns_level="A+", version=m.version)
    r = ref2.post(reverse("table_entry", args=[slug, 1, 6]), bad)
    assert r.status_code == 200 and "过A" in r.content.decode()
    assert Table.objects.get(pk=m.pk).ns_level == m.ns_level

    control = chief.get(reverse("round_control", args=[slug, 1])).content.decode()
    assert "已录入" in control
    # The referee who entered cannot confirm; the chief confirms everything.
    m = Table.objects.get(pk=tables[7].pk)
    r = referee.post(reverse("table_confirm", args=[slug, 1, 7]), {"version": m.version})
    assert Table.objects.get(pk=m.pk).state == Table.ENTERED
    chief.post(reverse("round_action", args=[slug, 1, "confirm_all"]))
    assert not round_.tables.exclude(state=Table.CONFIRMED).exists()
    round_.refresh_from_db()
    chief.post(reverse("round_action", args=[slug, 1, "lock"]), {"version": round_.version})
    round_.refresh_from_db()
    assert round_.status == Round.LOCKED

    t5 = Table.objects.get(pk=tables[5].pk)
    assert (t5.defeat_side, t5.defeat_reason, t5.winner) == ("EW", "three_fouls", "NS")
    t4 = Table.objects.get(pk=tables[4].pk)
    assert (t4.forfeit, t4.winner) == ("NS", "EW")
    # Standings are public now that the round is locked.
    from django.test import Client

    page = Client().get(reverse("standings", args=[slug])).content.decode()
    assert tables[1].ew.name in page and "级差分" in page
    # And the next round can be paired from the locked results.
    assert organizer.post(reverse("pair_next", args=[slug])).status_code == 302
    assert Round.objects.filter(tournament=demo, number=2, status=Round.DRAFT).exists()
