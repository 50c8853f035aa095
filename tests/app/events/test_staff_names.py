"""A staff member's display name is kept per event: renaming a referee in one event renamed
the account in every event. The other events' staff page and audit log
keep the name they had."""

from __future__ import annotations

import pytest

from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.core.audit import log_action
from tournament.events.services import tournament_create
from tournament.events.staff import staff_add
from tournament.models import AuditEntry, Staff

pytestmark = pytest.mark.django_db


def test_renaming_a_referee_in_one_event_keeps_the_name_in_the_others(
    tournament, organizer, referee
):
    autumn = tournament_create(organizer=organizer, slug="autumn", name="秋季赛", rounds=3)
    staff_add(
        tournament=tournament,
        username="ref",
        role=Staff.REFEREE,
        name="王明",
        by=user_actor(organizer),
    )
    staff_add(
        tournament=autumn, username="ref", role=Staff.REFEREE, name="王明", by=user_actor(organizer)
    )
    staff_add(
        tournament=autumn,
        username="ref",
        role=Staff.REFEREE,
        name="王小明",
        by=user_actor(organizer),
    )
    pages = {
        slug: login(organizer).get(f"/t/{slug}/staff/").content.decode()
        for slug in ("spring", "autumn")
    }
    assert "王明" in pages["spring"] and "王小明" not in pages["spring"]
    assert "王小明" in pages["autumn"]
    # What the referee does next is logged under each event's own name for them.
    for event in (tournament, autumn):
        log_action(tournament=event, by=user_actor(referee), action="round.lock", summary="锁定")
    actors = dict(
        AuditEntry.objects.filter(action="round.lock").values_list("tournament__slug", "actor")
    )
    assert actors == {"spring": "王明（ref）", "autumn": "王小明（ref）"}
    renamed = AuditEntry.objects.filter(tournament=autumn, action="staff.set").order_by("pk").last()
    assert "王小明" in renamed.summary
