"""The event archive: export → import under a new slug → export again gives the same data."""

from __future__ import annotations

import io
import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile

from tests.app.finished_event import build_event
from tournament.archive.checks import IMPORTED_MARK
from tournament.archive.importer import import_archive, import_archive_file
from tournament.archive.write import (
    MSG_NOT_ARCHIVE,
    MSG_SLUG_EXISTS,
    NOT_ARCHIVED,
    PARTS,
    ArchiveError,
    export_archive,
)
from tournament.models import AuditEntry, Pair, Stage, Table, Tournament
from tournament.printing.makers import Request
from tournament.printing.registry import run
from tournament.standings.selectors import standings_for

# Each test writes media (photos of score sheets, files an archive brings) in a folder of its own.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]


def comparable(archive: dict) -> dict:
    """The archive without what legitimately differs: slug, export time, the import entry."""
    a = json.loads(json.dumps(archive))
    del a["exported_at"]
    del a["tournament"]["slug"]
    a["audit"] = [row for row in a["audit"] if row["action"] != "archive.import"]
    for row in a["audit"]:  # entries read from an archive are marked as such
        row["summary"] = row["summary"].removeprefix(IMPORTED_MARK)
    return a


def with_bracket(t: Tournament) -> None:
    """A knockout stage as the pairing adapter stores it, and a rotation stage's groups."""
    ids = list(Pair.objects.filter(tournament=t).order_by("pk").values_list("pk", flat=True))
    final = {"id": "2-1", "round": 2, "ew": ids[0], "ns": ids[1], "winner": ids[1], "bye": False}
    semis = [
        {"id": "1-1", "round": 1, "ew": ids[0], "ns": None, "winner": ids[0], "bye": True},
        {"id": "1-2", "round": 1, "ew": ids[1], "ns": ids[2], "winner": ids[1], "bye": False},
    ]
    bracket = {"size": 4, "seeds": ids[:3], "rounds": [semis, [final]], "third_place": None}
    Stage.objects.create(
        tournament=t, order=2, name="淘汰赛", kind="knockout", state={"bracket": bracket}
    )
    Stage.objects.create(
        tournament=t,
        order=3,
        name="分组",
        kind="rotation",
        state={"groups": [ids[:4], ids[4:8]], "method": "draw"},
    )


def test_archive_round_trips_to_identical_data(event):
    with_bracket(event)
    event.certificate_background.save("bg.png", ContentFile(b"\x89PNG fake"))
    first = export_archive(event)
    result = import_archive(json.loads(json.dumps(first)), slug="spring-copy", map_users=True)
    copy = result.tournament
    assert copy.slug == "spring-copy" and copy.pk != event.pk
    second = export_archive(copy)
    # The stored file may get a new name in the same storage; its bytes are the same.
    assert list(first["files"].values()) == list(second["files"].values())
    for a in (first, second):
        a["tournament"]["certificate_background"] = ""
        a["files"] = {}
    assert comparable(second) == comparable(first)
    assert AuditEntry.objects.filter(tournament=copy, action="archive.import").count() == 1


def test_imported_event_has_the_same_standings_matches_and_bracket(event):
    with_bracket(event)
    copy = import_archive(export_archive(event), slug="copy", map_users=True).tournament

    def standings(t):
        names = dict(Pair.objects.filter(tournament=t).values_list("pk", "name"))
        return [(r.rank, names[r.pair], r.points, r.level_diff) for r in standings_for(t)]

    def codes(t):
        return sorted(Table.objects.filter(round__tournament=t).values_list("ew_code", "deals"))

    assert standings(copy) == standings(event)
    assert codes(copy) == codes(event)

    def named(t):
        """Every pair id in the stage states, as pair names."""
        names = dict(Pair.objects.filter(tournament=t).values_list("pk", "name"))
        out = []
        for stage in Stage.objects.filter(tournament=t).order_by("order"):
            bracket = stage.state.get("bracket") or {}
            out.append(
                [
                    [names[m[k]] for k in ("ew", "ns", "winner") if m[k]]
                    for r in bracket.get("rounds", [])
                    for m in r
                ]
            )
            out.append([names[s] for s in bracket.get("seeds", [])])
            out.append([[names[x] for x in g] for g in stage.state.get("groups", [])])
        return out

    assert named(copy) == named(event)
    assert any(named(copy))


@pytest.mark.both_databases
def test_an_existing_slug_is_refused_and_nothing_is_saved(event):
    archive = export_archive(event)
    before = Tournament.objects.count(), Pair.objects.count()
    with pytest.raises(ArchiveError, match="已被本系统的赛事使用") as refused:
        import_archive(archive)
    assert refused.value.msg.code == MSG_SLUG_EXISTS
    assert (Tournament.objects.count(), Pair.objects.count()) == before


@pytest.mark.both_databases
def test_a_broken_archive_rolls_back_completely(event):
    archive = export_archive(event)
    archive["tournament"]["organizer"] = "new-user"  # would be created if the import went on
    archive["matches"][3]["ew"] = 9999  # a pair that is not in the archive
    before = Tournament.objects.count(), Pair.objects.count(), get_user_model().objects.count()
    with pytest.raises(ArchiveError, match="引用了存档中没有的记录"):
        import_archive(archive, slug="broken", map_users=True)
    after = Tournament.objects.count(), Pair.objects.count(), get_user_model().objects.count()
    assert after == before


def test_missing_users_are_created_inactive_and_owner_can_be_given(event, django_user_model):
    archive = export_archive(event)
    assert "alice" in archive["users"] and "chief" in archive["users"]
    archive["tournament"]["organizer"] = "far-away-organizer"
    archive["fouls"][0]["referee"] = "far-away-referee"
    me = django_user_model.objects.create_user("importer", password="x")
    result = import_archive(archive, slug="mine", owner=me, map_users=True)
    assert result.tournament.organizer == me
    ghost = django_user_model.objects.get(username="far-away-referee")
    assert not ghost.is_active and not ghost.has_usable_password()
    assert result.created_users == ["far-away-referee"]  # the replaced organizer is not needed
    assert result.tournament.staff.get(user__username="chief").role == "chief_referee"


def test_load_json_refuses_other_files():
    with pytest.raises(ArchiveError, match="这不是掼蛋赛事存档文件") as refused:
        read_bytes(b'{"hello": 1}')
    assert refused.value.msg.code == MSG_NOT_ARCHIVE
    with pytest.raises(ArchiveError, match="版本"):
        read_bytes(b'{"format": "guandan-archive", "version": 99}')
    with pytest.raises(ArchiveError, match="JSON"):
        read_bytes(b"not json")


def test_every_tournament_model_is_archived():
    """A model added to the app must be added to the archive (or deliberately left out)."""
    archived = {p.model for p in PARTS} | {Tournament}
    app_models = set(apps.get_app_config("tournament").get_models())
    missing = {m for m in app_models - archived if m.__name__ not in NOT_ARCHIVED}
    assert not missing, missing


def test_archive_kind_writes_utf8_json(organizer):
    t = build_event(organizer, slug="json", size=4)
    out = io.BytesIO()
    run(Request(tournament=t, kind="archive", fmt="json"), out)
    data = json.loads(out.getvalue().decode("utf-8"))
    assert data["tournament"]["name"] == "2025春季掼蛋公开赛"
    assert "春季" in out.getvalue().decode("utf-8")  # not \\u-escaped


def test_an_archive_from_before_the_game_field_keeps_the_knockout_game(event):
    """Archives written before ``Table.bracket_game`` carried the game as a ``game:<n>`` flag."""
    archive = json.loads(json.dumps(export_archive(event)))
    row = next(r for r in archive["matches"] if r["ns"] is not None)
    del row["bracket_game"]
    row["bracket_id"], row["flags"] = "R1-1", ["game:2", "manual"]
    copy = import_archive(archive, slug="old", map_users=True).tournament
    table = Table.objects.get(round__tournament=copy, ew_code=row["ew_code"])
    assert (table.bracket_id, table.bracket_game, table.flags) == ("R1-1", 2, ["manual"])


def read_bytes(data: bytes):
    """Import an archive file holding ``data``."""
    return import_archive_file(io.BytesIO(data))
