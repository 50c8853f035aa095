"""A team event survives a backup and its restore on a second laptop: teams, rosters,
line-ups, team matches and the team standings come back as they were."""

from __future__ import annotations

import pytest

from tests.servers.laptop import manage, python

pytestmark = [pytest.mark.slow]

SETUP = """
import django
django.setup()
from django.core.management import call_command
from django.contrib.auth.models import User
from tests.app.teams.team_event import build_team_event, play_round
from tournament.core.actors import user_actor
from tournament.models import Team
from tournament.teams.line_ups import change_line_up
call_command("migrate", verbosity=0)
organizer = User.objects.create_user("organizer", password="pw-organizer")
t = build_team_event(organizer, teams=6, rounds=3)
play_round(t, organizer, lambda table: ("A+", "J") if table.number % 2 else ("9", "Q"))
team = Team.objects.get(tournament=t, name="无锡队")
change_line_up(team=team, round_number=2, members=[(1, 5), (3, 4)], by=user_actor(organizer))
play_round(t, organizer, lambda table: ("K", "10"))
"""

STATE = """
import django, json
django.setup()
from tournament.models import LineUp, Table, Team, Tournament
from tournament.teams.standings import best_pairs_for, team_standings_for
t = Tournament.objects.get(slug="teams")
names = dict(Team.objects.values_list("pk", "name"))
print(json.dumps({
    "entry": t.entry,
    "standings": [[r.rank, names[r.team], r.points, r.total, r.level_diff]
                  for r in team_standings_for(t)],
    "best": [[r.rank, r.points] for r in best_pairs_for(t)],
    "line_ups": sorted([l.team.name, l.round_number, len(l.pairs)] for l in LineUp.objects.all()),
    "matches": sorted(Table.objects.exclude(team_match=None).values_list("round__number",
                      "number", "team_match")),
    "roster": sorted(Team.objects.values_list("name", "members__name")),
}, ensure_ascii=False))
"""


def test_a_team_event_is_backed_up_and_restored(tmp_path):
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
    assert '"entry": "teams"' in after and "无锡队" in after
