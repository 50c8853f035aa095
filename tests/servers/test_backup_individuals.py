"""An individual event survives a backup and its restore on a second laptop: players, their
own entries, the partnerships, sit-outs and the players' standings come back as they were."""

from __future__ import annotations

import pytest

from tests.servers.laptop import manage, python

pytestmark = [pytest.mark.slow]

SETUP = """
import django
django.setup()
from django.core.management import call_command
from django.contrib.auth.models import User
from tests.app.individuals.individual_event import build_individual_event, play_round
call_command("migrate", verbosity=0)
organizer = User.objects.create_user("organizer", password="pw-organizer")
t = build_individual_event(organizer, players=18, rounds=3)
play_round(t, organizer, lambda table: ("A+", "J") if table.number % 2 else ("9", "Q"))
play_round(t, organizer, lambda table: ("K", "10"))
"""

STATE = """
import django, json
django.setup()
from tournament.individuals.partnerships import individuals_of_pairs
from tournament.individuals.standings import individual_standings_for
from tournament.models import Individual, Table, Tournament
t = Tournament.objects.get(slug="solo")
names = dict(Individual.objects.values_list("pk", "name"))
people = individuals_of_pairs(t)
print(json.dumps({
    "entry": t.entry,
    "standings": [[r.rank, names[r.player], r.points, r.level_diff, r.wins, r.sit_outs]
                  for r in individual_standings_for(t)],
    "tables": sorted([n, m or 0, [names[p] for p in people[ew]],
                      [names[p] for p in people[ns]] if ns else None]
                     for n, m, ew, ns in Table.objects.values_list(
                         "round__number", "number", "ew_id", "ns_id")),
    "own": sorted(Individual.objects.values_list("name", "own__name")),
}, ensure_ascii=False))
"""


def test_an_individual_event_is_backed_up_and_restored(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    python(a, SETUP)
    before = python(a, STATE)
    made = manage(a, "backup", "--dir", str(tmp_path / "usb"))
    assert made.returncode == 0, made.stderr
    backup_file = next((tmp_path / "usb").glob("guandan-backup-*.zip"))
    b.mkdir()
    restored = manage(b, "restore", str(backup_file))
    assert restored.returncode == 0, restored.stderr
    after = python(b, STATE)
    assert after == before
    assert '"entry": "individuals"' in after and ", null]" in after  # sit-outs came back
