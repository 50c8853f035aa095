"""A team event goes through the archive whole: teams, rosters, line-ups, team matches."""

from __future__ import annotations

import json

import pytest

from tests.app.archive.test_archive import comparable
from tests.app.teams.team_event import build_team_event, play_round
from tournament.archive.importer import import_archive
from tournament.archive.write import export_archive
from tournament.core.actors import user_actor
from tournament.models import Team
from tournament.teams.line_ups import change_line_up, line_up_of
from tournament.teams.standings import team_standings_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]


def _standings(t):
    names = dict(Team.objects.filter(tournament=t).values_list("pk", "name"))
    return [(r.rank, names[r.team], r.points, r.total, r.level_diff) for r in team_standings_for(t)]


def test_a_team_event_round_trips(organizer):
    t = build_team_event(organizer, teams=5, rounds=3)
    play_round(t, organizer, lambda table: ("A+", "10") if table.number % 3 else ("9", "K"))
    team = Team.objects.get(tournament=t, name="无锡队")
    change_line_up(team=team, round_number=2, members=[(1, 5), (3, 4)], by=user_actor(organizer))
    play_round(t, organizer, lambda table: ("Q", "J"))
    first = export_archive(t)
    assert len(first["squads"]) == 5 and len(first["line_ups"]) == 1
    copy = import_archive(json.loads(json.dumps(first)), slug="teams-copy", map_users=True)
    t2 = copy.tournament
    assert t2.is_team_event and _standings(t2) == _standings(t)
    team2 = Team.objects.get(tournament=t2, name="无锡队")
    names = [p.name for p in team2.pairs.filter(pk__in=line_up_of(team2, 2))]
    assert "无锡队·无锡2号1/无锡2替1" in names
    assert comparable(export_archive(t2)) == comparable(first)
