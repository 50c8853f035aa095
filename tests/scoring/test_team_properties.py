"""Property tests over random team events (hypothesis, docs/rules.md §16).

Each event: 2–9 teams of 2 or 3 pairs, 1–4 rounds; each round the teams in a random order
are paired off two by two (tables laid out by pairing.team_seats, so with crossed seats), the
odd one out has the bye. Every table has random levels from the rules' scale (at most one
pair past A) or a forfeit. Checked: team totals equal the sum of their tables (scored again
here, table by table, with score_match), team match points per match sum to 2 (a bye too,
under ``forfeit_win``), levels and 级差分 stay in the rules' range, the standings rank every
team once with ranks that only grow, and the pairs' ranking counts every pair.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import lay_out_team_round
from rules.levels import LEVELS
from scoring import (
    SYSTEMS,
    MatchRecord,
    TeamMatch,
    TeamRules,
    best_pairs,
    score_match,
    score_team_match,
    team_standings,
)
from scoring.team_ranking import scored_team_matches
from tests.budget import examples

PROPERTY_SETTINGS = settings(max_examples=examples(40), deadline=None)
MAX_LEVEL_POINTS = 15
"""The largest 级差分 of one table: a 100+ pass counted as A plus its upgrade (docs/rules.md §6.3)."""


@st.composite
def table_result(draw) -> dict:
    kind = draw(st.sampled_from(["played", "played", "played", "forfeit"]))
    if kind == "forfeit":
        return {"forfeit": draw(st.sampled_from(["EW", "NS", "both"]))}
    ew = draw(st.sampled_from(LEVELS))
    ns = draw(st.sampled_from([level for level in LEVELS if not (ew == level == "A+")]))
    return {"ew_level": ew, "ns_level": ns}


@st.composite
def team_events(draw):
    size = draw(st.sampled_from([2, 3]))
    count = draw(st.integers(2, 9))
    line_ups = {f"T{i}": [f"T{i}p{k}" for k in range(size)] for i in range(count)}
    matches: list[TeamMatch] = []
    for rnd in range(1, draw(st.integers(1, 4)) + 1):
        teams = draw(st.permutations(sorted(line_ups)))
        pairs = [(teams[i], teams[i + 1]) for i in range(0, count - 1, 2)]
        bye = teams[-1] if count % 2 else None
        laid = lay_out_team_round(pairs, line_ups, bye)
        for m in laid.matches:
            records = tuple(
                MatchRecord(rnd, ew=t.ew, ns=t.ns, **draw(table_result())) for t in m.tables
            )
            matches.append(TeamMatch(rnd, m.x, m.y, m.x_pairs, records))
        if bye is not None:
            matches.append(TeamMatch.bye(rnd, bye, line_ups[bye]))
    return draw(st.sampled_from(sorted(SYSTEMS))), line_ups, matches


@PROPERTY_SETTINGS
@given(team_events())
def test_team_totals_are_their_tables_and_every_match_hands_out_two(event):
    system, _, matches = event
    for match in matches:
        score = score_team_match(match, system)
        for side, is_x in ((score.x, True), (score.y, False)):
            if side is None:
                continue
            again = []
            for table in match.tables:
                s = score_match(
                    system,
                    ew=table.ew_level,
                    ns=table.ns_level,
                    forfeit=table.forfeit,
                    bye=table.ns is None,
                )
                # X's pair sits NS where the NS pair is in X's line-up; Y sits the other way.
                ns = (table.ns in match.x_pairs) == is_x
                again.append(
                    (s.ns_points, s.ns_level_points) if ns else (s.ew_points, s.ew_level_points)
                )
            assert side.total == sum(p for p, _ in again)
            assert side.level_diff == sum(d for _, d in again)
        other = score.y.points if score.y is not None else 0
        assert score.x.points + other == 2
        for table in score.tables:
            assert table.ew_level is None or table.ew_level in LEVELS
            assert table.ns_level is None or table.ns_level in LEVELS
            assert 0 <= table.level_difference <= MAX_LEVEL_POINTS
            assert abs(table.ew_level_points) <= MAX_LEVEL_POINTS


@PROPERTY_SETTINGS
@given(team_events(), st.sampled_from(["match_points", "total"]))
def test_the_standings_rank_every_team_once_by_its_matches(event, team_rank):
    system, line_ups, matches = event
    rules = TeamRules(system, team_rank=team_rank)
    rows = team_standings(matches, rules, teams=sorted(line_ups))
    assert sorted(r.team for r in rows) == sorted(line_ups)
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    assert rows[0].rank == 1
    scores = scored_team_matches(matches, rules)
    assert sum(r.match_points for r in rows) == 2 * len(scores)
    for row in rows:
        sides = [s.side(row.team) for s in scores if row.team in (s.x.team, s.y and s.y.team)]
        assert row.total == sum(side.total for side in sides)
        assert row.level_diff == sum(side.level_diff for side in sides)
        assert row.points == (row.total if team_rank == "total" else row.match_points)
        assert row.matches == len(sides)
    points = [(r.points, r.total) for r in rows]
    assert [p for p, _ in points] == sorted((p for p, _ in points), reverse=True)
    pairs = best_pairs(matches, rules)
    assert sorted(r.pair for r in pairs) == sorted(p for lu in line_ups.values() for p in lu)
    assert sum(r.points for r in pairs) == sum(r.total for r in rows)
