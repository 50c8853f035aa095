"""An archive written before the models were renamed (Team → Pair, Match → Table) imports
whole, and is written back with the same keys.

``fixtures/archive_v2_before_pair_table.json.gz`` was exported by the code of the commit
before the rename (bb04813): an 8-pair Swiss round with a dispute, a foul and a deal sheet,
then a knockout stage to its end, with sign-ups, check-ins, an absence, a forbidden pairing,
staff and the activity log. Its rows name a pair "team" (``teams``, ``team``, ``team_a``),
a table "match" (``matches``, ``match``) and a table's number "table"; so does every
archive written since (docs/archive.md).
"""

from __future__ import annotations

import gzip
import json
import uuid
from pathlib import Path

import pytest

from tests.app.archive.test_archive import comparable
from tournament.archive.importer import import_archive_file
from tournament.archive.write import export_archive
from tournament.models import AuditEntry, Foul, Pair, Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]

FIXTURE = Path(__file__).resolve().parents[3] / "fixtures" / "archive_v2_before_pair_table.json.gz"


def written_before() -> dict:
    return json.loads(gzip.decompress(FIXTURE.read_bytes()))


def test_an_archive_from_before_the_rename_imports_whole():
    before = written_before()
    t = import_archive_file(FIXTURE, slug="old", map_users=True).tournament
    assert t.pairs.count() == len(before["teams"]) == 8
    tables = Table.objects.filter(round__tournament=t)
    assert tables.count() == len(before["matches"])
    # Every table's number, pairs and result came across under the new names.
    by_number = {(m.round.number, m.number): m for m in tables.select_related("round", "ew")}
    rounds = {r["id"]: r["number"] for r in before["rounds"]}
    names = {p["id"]: p["name"] for p in before["teams"]}
    for row in before["matches"]:
        m = by_number[(rounds[row["round"]], row["table"])]
        assert (m.ew.name, m.ew_level, m.ns_level) == (
            names[row["ew"]],
            row["ew_level"],
            row["ns_level"],
        )
    (foul,) = Foul.objects.filter(table__round__tournament=t)
    assert foul.pair.name == names[before["fouls"][0]["team"]]
    # The activity log still points at the pairs and tables it was about.
    lines = AuditEntry.objects.filter(tournament=t, object_type__in=("team", "match"))
    assert lines.count() == sum(a["object_type"] in ("team", "match") for a in before["audit"])
    for line in lines:
        model = Pair if line.object_type == "team" else Table
        assert model.objects.filter(
            pk=int(line.object_id), **{"tournament" if model is Pair else "round__tournament": t}
        ).exists()


# What team and individual events (migrations 0030, 0031) and the projector (0032) added,
# at its value for a pairs event: an archive written before has none of it, and reads back
# as a pairs event.
ADDED_PARTS = {"squads": [], "team_members": [], "line_ups": [], "individuals": []}
ADDED_KEYS = {
    "tournament": {
        "entry": "pairs",
        "team_pairs": 2,
        "substitutes": 2,
        "team_rank": "match_points",
        "team_tiebreaks": ["points", "total", "level_diff", "opp_points", "head_to_head", "lot"],
        "individual_tiebreaks": ["points", "level_diff", "wins", "lot"],
        # The projector's pages (migration 0032).
        "projector_pages": "pairings",
        "projector_seconds": 12,
        "projector_sponsor": "",
        # The exchange file's identity (migration 0034): the imported revision, none here.
        "exchange_revision": None,
    },
    "teams": {"team": None, "team_slot": None},
    # The 会员号 (migration 0033; the rows' persons are not archived).
    "players": {"member": None, "individual": None, "member_no": ""},
    "matches": {"team_match": None},
}


def without_team_events(archive: dict) -> dict:
    """The archive less what team events added, checked to hold a pairs event's values."""
    for key, empty in ADDED_PARTS.items():
        assert archive.pop(key) == empty
    assert uuid.UUID(archive["tournament"].pop("exchange_uid"))  # a new event's own uid
    for part, added in ADDED_KEYS.items():
        for row in [archive[part]] if part == "tournament" else archive[part]:
            assert {key: row.pop(key) for key in added} == added
    return archive


def test_the_imported_event_is_written_back_with_the_same_keys_and_rows():
    before = written_before()
    t = import_archive_file(FIXTURE, slug="old", map_users=True).tournament
    again = export_archive(t)
    assert comparable(without_team_events(again)) == comparable(before)
