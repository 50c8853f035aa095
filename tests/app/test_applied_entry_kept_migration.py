"""Migration 0026: a late entry kept for the record, stored before as a ``conflict`` whose
payload says ``kept``, becomes ``kept`` (a backup of an older version is migrated so on
restore); a real conflict stays one; and back."""

from __future__ import annotations

import pytest

from tests.app.migration_steps import migrate, migrate_to_latest

BEFORE = [("tournament", "0025_signup_held")]
AFTER = [("tournament", "0026_applied_entry_kept")]


@pytest.mark.slow  # migrates the chain down and up again
@pytest.mark.both_databases
@pytest.mark.django_db(transaction=True)
def test_kept_entries_stored_as_conflicts_become_kept_and_back():
    apps = migrate(BEFORE)
    get = apps.get_model
    owner = get("auth", "User").objects.create(username="owner")
    t = get("tournament", "Tournament").objects.create(slug="old", name="旧赛事", organizer=owner)
    stage = get("tournament", "Stage").objects.create(tournament=t, order=1, name="初赛")
    r = get("tournament", "Round").objects.create(tournament=t, stage=stage, number=1)
    a, b = (get("tournament", "Team").objects.create(tournament=t, name=n) for n in "甲乙")
    m = get("tournament", "Match").objects.create(round=r, table=1, ew=a, ns=b)
    Entry = get("tournament", "AppliedEntry")
    late = {"values": {"ns_level": "5"}, "kept": "after_confirmation", "by": "ref2"}
    rows = {
        "kept": Entry.objects.create(
            tournament=t, key="k-00000001", match=m, kind="result", outcome="conflict", payload=late
        ),
        "filed": Entry.objects.create(
            tournament=t, key="k-00000002", match=m, kind="result", outcome="conflict", payload={}
        ),
        "applied": Entry.objects.create(
            tournament=t, key="k-00000003", match=m, kind="result", outcome="applied"
        ),
    }
    Entry = migrate(AFTER).get_model("tournament", "AppliedEntry")
    outcomes = {name: Entry.objects.get(pk=row.pk).outcome for name, row in rows.items()}
    assert outcomes == {"kept": "kept", "filed": "conflict", "applied": "applied"}
    assert Entry.objects.get(pk=rows["kept"].pk).payload == late
    Entry = migrate(BEFORE).get_model("tournament", "AppliedEntry")
    assert Entry.objects.get(pk=rows["kept"].pk).outcome == "conflict"
    migrate_to_latest()
