"""Property tests of a whole team event through the database (hypothesis): random results,
random line-up changes, random field sizes; the stored rounds keep the rules of §16.

- every team match sits crossed: the team North-South at a match's odd tables sits
  East-West at its even ones, and no team meets itself;
- no team meets another twice while some pairing of the round avoids it (4 rounds of 6 to
  8 teams: with 6, three rounds can leave two triangles of unplayed matches);
- the team totals the standings show are the sums of their tables' scores;
- every team plays once a round: a match or a bye.
"""

from __future__ import annotations

import itertools
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.levels import LEVELS
from scoring import score_record
from tests.app.teams.team_event import build_team_event, play_round
from tournament.core.actors import user_actor
from tournament.models import Table, Team
from tournament.standings.selectors import score_options, table_record
from tournament.teams.line_ups import change_line_up
from tournament.teams.standings import team_of_pairs, team_standings_for

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

levels = st.sampled_from(LEVELS)
EXAMPLES = itertools.count()


def playing_teams(tables, team_of) -> set:
    return {team_of[p] for table in tables for p in (table.ew_id, table.ns_id) if p}


def avoidable(teams: set, met: set) -> bool:
    """Whether the teams can all meet new opponents (one left out when they are odd)."""
    teams = sorted(teams)
    if len(teams) <= 1:
        return True
    first, rest = teams[0], teams[1:]
    if len(teams) % 2 and avoidable(set(rest), met):
        return True  # the first has the bye
    return any(
        frozenset((first, other)) not in met and avoidable(set(rest) - {other}, met)
        for other in rest
    )


@st.composite
def events(draw):
    teams = draw(st.integers(6, 8))
    results = draw(
        st.lists(
            st.tuples(levels, levels).filter(lambda t: t != ("A+", "A+")),  # one passes A
            min_size=40,
            max_size=40,
        )
    )
    changes = draw(st.lists(st.tuples(st.integers(0, teams - 1), st.integers(2, 4)), max_size=3))
    return teams, results, changes


@given(events())
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_a_random_team_event_keeps_the_rules(organizer, event):
    teams, results, changes = event
    # the examples share the test's database: each its own event
    t = build_team_event(organizer, slug=f"p{next(EXAMPLES)}", teams=teams, rounds=4)
    answers = iter(results * 3)
    met: set[frozenset] = set()
    for number in range(1, 5):
        for team_index, round_number in changes:
            if round_number == number:
                team = Team.objects.filter(tournament=t).order_by("pk")[team_index]
                change_line_up(
                    team=team,
                    round_number=number,
                    members=[(2, 5), (1, 3)],  # the substitute in, the order changed
                    by=user_actor(organizer),
                )
        rnd = play_round(t, organizer, lambda _table: next(answers))
        team_of = team_of_pairs(t)
        tables = list(Table.objects.filter(round=rnd).order_by("number", "pk"))
        seen = defaultdict(int)
        by_match = defaultdict(list)
        for table in tables:
            if table.ns_id is None:
                seen[team_of[table.ew_id]] += 0  # a bye
                seen.setdefault(("bye", team_of[table.ew_id]), 1)
                continue
            by_match[table.team_match].append(table)
        for group in by_match.values():
            x = team_of[group[0].ns_id]
            y = team_of[group[0].ew_id]
            assert x != y, "a team met itself"
            for i, table in enumerate(group):
                ns_team, ew_team = team_of[table.ns_id], team_of[table.ew_id]
                assert (ns_team, ew_team) == ((x, y) if i % 2 == 0 else (y, x)), "not crossed"
            pair = frozenset((x, y))
            if pair in met:  # only when every pairing of the round has one
                assert not avoidable(playing_teams(tables, team_of), met), number
            met.add(pair)
            seen[x] += 1
            seen[y] += 1
        playing = {team_of[p] for table in tables for p in (table.ew_id, table.ns_id) if p}
        assert all(seen[team] == 1 for team in playing if ("bye", team) not in seen)
        assert len(playing) == teams
    # the standings' totals are the sums of the tables' scores
    system, options = t.scoring, score_options(t)
    team_of = team_of_pairs(t)
    totals = defaultdict(int)
    for row in Table.objects.filter(round__tournament=t).values(
        "round__number",
        "ew_id",
        "ns_id",
        *("ew_level", "ns_level", "forfeit"),
        *("defeat_side", "defeat_reason", "ew_fouls", "ns_fouls", "pass_upgrade"),
    ):
        score = score_record(table_record(row["round__number"], row), system, t.bye_policy, options)
        totals[team_of[row["ew_id"]]] += score.seat("EW").points
        if row["ns_id"] is not None:
            totals[team_of[row["ns_id"]]] += score.seat("NS").points
    assert {r.team: r.total for r in team_standings_for(t)} == dict(totals)
