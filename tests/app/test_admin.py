"""The admin: every model of the app registered, each page opening for a superuser, the
audit log (操作记录) read-only."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse
from django.utils import timezone

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.core.audit import log_action
from tournament.models import (
    Absence,
    ApiToken,
    AppliedEntry,
    AuditEntry,
    CheckIn,
    Counter,
    ForbiddenPairing,
    Foul,
    Individual,
    LineUp,
    Pair,
    Person,
    PersonMerge,
    ScoreSheetPhoto,
    Series,
    SeriesEvent,
    SignUp,
    SignUpConfig,
    Submission,
    Table,
    Team,
    TeamMember,
    Tournament,
    Unit,
    Upload,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

MODELS = list(apps.get_app_config("tournament").get_models())


def url(model, view: str, *args) -> str:
    return reverse(f"admin:tournament_{model._meta.model_name}_{view}", args=args)


@pytest.fixture
def filled(tournament, pairs8, make_round, referee):
    """One row of every model: a round with a foul, a submission and an audit entry."""
    round_ = make_round(tournament, pairs8[:5])
    table = round_.tables.get(number=1)
    Foul.objects.create(table=table, pair=table.ew, kind="other", severity="warning")
    Submission.objects.create(table=table, values={"ew_level": "A+"}, source="staff")
    tournament.forbidden_pairings.create(pair_a=pairs8[0], pair_b=pairs8[1])
    log_action(
        tournament=tournament, by=user_actor(referee), action="login.unlock", summary="一条记录"
    )
    ScoreSheetPhoto.objects.create(table=table, image="sheets/a.jpg", source="referee")
    ApiToken.objects.create(tournament=tournament, name="大屏", prefix="abcd", digest="0" * 64)
    ApiToken.objects.create(kind="upload", slug="autumn", name="", prefix="gdu_", digest="1" * 64)
    Upload.objects.create(tournament=tournament, server_url="https://a.example", token="gdu_x")
    SignUpConfig.objects.create(tournament=tournament, is_open=True)
    SignUp.objects.create(tournament=tournament, token="t" * 43, seq=1, state="pending")
    CheckIn.objects.create(pair=pairs8[0], method=CheckIn.TYPED)
    team = Team.objects.create(tournament=tournament, name="团体一队")
    TeamMember.objects.create(team=team, number=1, name="队员甲")
    Individual.objects.create(tournament=tournament, name="个人甲")
    LineUp.objects.create(team=team, round_number=1, pairs=[pairs8[0].pk, pairs8[1].pk])
    Absence.objects.create(pair=pairs8[1], round_number=2)
    Counter.objects.create(key="pin:1:EW", count=1, expires_at=timezone.now())
    AppliedEntry.objects.create(tournament=tournament, key="k" * 36, table=table, kind="result")
    kept, absorbed = Person.objects.create(name="甲"), Person.objects.create(name="甲")
    PersonMerge.objects.create(kept=kept, absorbed=absorbed)
    series = Series.objects.create(slug="league", name="联赛")
    SeriesEvent.objects.create(series=series, tournament=tournament)
    return tournament


@pytest.fixture
def superuser_client(make_user):
    return login(make_user("root", superuser=True))


def test_every_model_of_the_app_is_registered():
    missing = [m.__name__ for m in MODELS if not admin.site.is_registered(m)]
    assert missing == []
    assert len(MODELS) >= 12  # the app's models, not an empty list


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_list_and_record_pages_open_for_a_superuser(model, filled, superuser_client):
    assert model.objects.exists()
    assert superuser_client.get(url(model, "changelist")).status_code == 200
    assert superuser_client.get(url(model, "changelist"), {"q": "队"}).status_code == 200
    record = model.objects.first()
    assert superuser_client.get(url(model, "change", record.pk)).status_code == 200


def test_the_audit_log_cannot_be_written_even_by_a_superuser(filled, superuser_client):
    entry = AuditEntry.objects.get(action="login.unlock")
    assert superuser_client.get(url(AuditEntry, "add")).status_code == 403
    changed = superuser_client.post(url(AuditEntry, "change", entry.pk), {"summary": "改过"})
    assert changed.status_code == 403
    assert (
        superuser_client.post(url(AuditEntry, "delete", entry.pk), {"post": "yes"}).status_code
        == 403
    )
    assert AuditEntry.objects.get(pk=entry.pk).summary == "一条记录"


def test_counters_and_codes_are_shown_but_not_editable(filled, superuser_client):
    table = Table.objects.filter(ns__isnull=False).first()
    page = superuser_client.get(url(Table, "change", table.pk)).content.decode()
    assert table.ew_code in page
    assert 'name="ew_code"' not in page
    assert 'name="version"' not in page


def test_the_admin_pages_under_the_models_former_names_go_on_to_the_same_page(
    filled, superuser_client
):
    table = filled.round_set.get().tables.exclude(ns=None).first()
    old = f"/admin/tournament/match/{table.pk}/change/?_changelist_filters=x"
    answer = superuser_client.get(old)
    assert answer.status_code == 302
    assert answer["Location"] == f"/admin/tournament/table/{table.pk}/change/?_changelist_filters=x"
    assert superuser_client.get(answer["Location"]).status_code == 200
    # "team" is a team event's team now (tournament.models.teams): its own pages
    assert superuser_client.get("/admin/tournament/team/").status_code == 200


def test_staff_without_superuser_rights_sees_no_admin(organizer, filled):
    response = login(organizer).get(url(Table, "changelist"))
    assert response.status_code == 302


def test_a_fix_in_the_admin_is_written_to_the_audit_log(filled, superuser_client):
    unit = filled.units.first()
    stamp = Tournament.objects.get(pk=filled.pk).stamp
    page = superuser_client.post(
        url(Unit, "change", unit.pk), {"tournament": filled.pk, "name": "新单位"}
    )
    assert page.status_code == 302
    entry = AuditEntry.objects.get(action="admin.change")
    assert (entry.tournament_id, entry.user.username, entry.object_id) == (
        filled.pk,
        "root",
        str(unit.pk),
    )
    assert (entry.before, entry.after) == ({"name": unit.name}, {"name": "新单位"})
    assert Tournament.objects.get(pk=filled.pk).stamp > stamp  # cached public pages renew
    apart = filled.forbidden_pairings.get()
    deleted = superuser_client.post(url(ForbiddenPairing, "delete", apart.pk), {"post": "yes"})
    assert deleted.status_code == 302
    assert not filled.forbidden_pairings.exists()
    assert AuditEntry.objects.filter(action="admin.delete", object_id=str(apart.pk)).count() == 1


def test_a_players_name_fixed_on_the_pairs_page_is_logged(filled, superuser_client):
    pair = filled.pairs.get(name="队1")
    first, second = pair.players.order_by("position")
    data = {
        "tournament": filled.pk,
        "name": pair.name,
        "unit": pair.unit_id,
        "status": "active",
        "joined_round": 1,
        "players-TOTAL_FORMS": 2,
        "players-INITIAL_FORMS": 2,
    }
    for i, (player, name) in enumerate([(first, "王五"), (second, second.name)]):
        prefix = f"players-{i}-"
        data |= {prefix + "id": player.pk, prefix + "team": pair.pk, prefix + "name": name}
        data[prefix + "position"] = player.position
    response = superuser_client.post(url(Pair, "change", pair.pk), data)
    assert response.status_code == 302
    first.refresh_from_db()
    assert first.name == "王五"
    entry = AuditEntry.objects.get(action="admin.change", object_type="player")
    assert (entry.object_id, entry.before, entry.after) == (
        str(first.pk),
        {"name": "队1甲"},
        {"name": "王五"},
    )
    # The event page lists it among the latest changes, like any other.
    organizer = login(filled.organizer)
    page = organizer.get(reverse("tournament_detail", args=[filled.slug])).content.decode()
    assert "管理后台：选手 王五" in page
