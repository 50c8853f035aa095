"""Team Swiss (docs/rules.md §16.5): worked rounds by hand, and hypothesis properties over
simulated events (every team placed once, the bye rule, no rematch or same-unit match while
avoidable, crossed tables).

Vocabulary as in :mod:`pairing.team_swiss`: a *team* is 2 or 3 pairs, a *team match* is
team X against team Y at one table per pair; ``played`` lists the team matches so far and
``byes`` the team byes so far.
"""

from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import PairingError, pair_team_swiss
from pairing import errors as codes
from pairing.flags import FLAG_BYE, FLAG_REMATCH_AVOIDED, FLAG_UNIT_AVOIDED
from tests.budget import examples

LINE_UPS = {t: [f"{t}1", f"{t}2"] for t in "ABCDEF"}


def test_six_teams_over_three_rounds():
    # Round 1: nothing played, the teams meet in the order given.
    r1 = pair_team_swiss(list("ABCDEF"), LINE_UPS)
    assert r1.matches == (("A", "B"), ("C", "D"), ("E", "F")) and r1.bye is None
    # A, C and E win: 2 match points each. Ranked A C E (2), B D F (0): the top group is
    # odd, E floats down to the best of the rest (B), D–F.
    played = list(r1.matches)
    r2 = pair_team_swiss(
        list("ACEBDF"), LINE_UPS, played=played, points=dict(A=2, C=2, E=2, B=0, D=0, F=0)
    )
    assert r2.matches == (("A", "C"), ("E", "B"), ("D", "F"))
    # A beats C, E beats B, D–F is a draw: A 4, E 4, C 2, D 1, F 1, B 0. C–D would be the
    # closest table for C but is a rematch (round 1): C meets F and D meets B (gaps 1 and 1).
    played += r2.matches
    r3 = pair_team_swiss(
        list("AECDFB"), LINE_UPS, played=played, points=dict(A=4, E=4, C=2, D=1, F=1, B=0)
    )
    assert r3.matches == (("A", "E"), ("C", "F"), ("D", "B"))
    assert FLAG_REMATCH_AVOIDED in r3.teams.tables[1].flags
    # Laid out: match k at tables 2k-1 and 2k, X North–South at its first table.
    assert [(t.number, t.ew, t.ns) for t in r3.round.tables] == [
        (1, "E1", "A1"),
        (2, "A2", "E2"),
        (3, "F1", "C1"),
        (4, "C2", "F2"),
        (5, "B1", "D1"),
        (6, "D2", "B2"),
    ]


def test_an_odd_field_gives_the_bye_to_the_lowest_ranked_team_without_one():
    r1 = pair_team_swiss(list("ABCDE"), LINE_UPS)
    assert r1.matches == (("A", "B"), ("C", "D")) and r1.bye == "E"
    assert r1.round.byes[0].pairs == ("E1", "E2")
    # A and C win, E's bye counts as a win: A C E on 2, B D on 0. D is the lowest-ranked
    # team without a bye; E, below none but already given one, plays.
    r2 = pair_team_swiss(
        list("ACEBD"), LINE_UPS, played=r1.matches, byes=["E"], points=dict(A=2, C=2, E=2)
    )
    assert r2.bye == "D" and r2.matches == (("A", "C"), ("E", "B"))
    assert r2.teams.byes[0].flags == frozenset({FLAG_BYE})


def test_a_second_bye_only_once_every_team_had_one():
    line_ups = {t: [f"{t}1", f"{t}2"] for t in "ABC"}
    # Every team had a bye: the lowest-ranked has the second one.
    r = pair_team_swiss(["A", "B", "C"], line_ups, byes=["A", "B", "C"])
    assert r.bye == "C" and r.matches == (("A", "B"),)
    # B and C had one, A not: A has it although it leads.
    r = pair_team_swiss(["A", "B", "C"], line_ups, played=[("B", "C")], byes=["B", "C"])
    assert r.bye == "A" and r.matches == (("B", "C"),)  # the rematch is unavoidable


def test_same_unit_teams_are_kept_apart_as_the_event_says():
    units = {"A": "南京", "B": "南京"}
    # Round 1: A–B would meet; avoidance moves them apart, "off" leaves them.
    assert pair_team_swiss(list("ABCD"), LINE_UPS, units=units).matches == (
        ("A", "B"),
        ("C", "D"),
    )
    for mode in ("soft", "hard"):
        r = pair_team_swiss(list("ABCD"), LINE_UPS, units=units, avoid_same_unit=mode)
        assert r.matches == (("A", "C"), ("B", "D"))
    # Round 2: A and B lead on 2 points; they meet unless avoidance says otherwise.
    kwargs = dict(played=[("A", "C"), ("B", "D")], points=dict(A=2, B=2), units=units)
    assert pair_team_swiss(list("ABCD"), LINE_UPS, **kwargs).matches == (("A", "B"), ("C", "D"))
    for mode in ("soft", "hard"):
        r = pair_team_swiss(list("ABCD"), LINE_UPS, avoid_same_unit=mode, **kwargs)
        assert r.matches == (("A", "D"), ("B", "C"))
        assert all(FLAG_UNIT_AVOIDED in t.flags for t in r.teams.tables)


def test_withdrawn_teams_in_the_history_and_teams_kept_apart():
    # Z withdrew after meeting A: ignored. A and B must not meet (回避), so 1–2 moves.
    r = pair_team_swiss(
        list("ABCD"), LINE_UPS, played=[("A", "Z"), ("C", "D")], forbidden=[("A", "B")]
    )
    assert r.matches == (("A", "C"), ("B", "D"))


def test_refusals():
    with pytest.raises(PairingError) as err:
        pair_team_swiss(["A", "B", "A"], LINE_UPS)
    assert err.value.code == codes.DUPLICATE_TEAM
    with pytest.raises(PairingError) as err:
        pair_team_swiss(["A"], LINE_UPS)
    assert err.value.code == codes.TOO_FEW
    with pytest.raises(PairingError) as err:
        pair_team_swiss(["A", "B"], LINE_UPS, avoid_same_unit="always")
    assert err.value.code == codes.OPTION
    with pytest.raises(PairingError) as err:
        pair_team_swiss(["A", "B"], {"A": ["a1", "a2"], "B": ["b1", "b2", "b3"]})
    assert err.value.code == codes.LINEUP_SIZE


# --- properties ---------------------------------------------------------------------------


def least_conflicts(field: list[int], met: dict, unit: dict, mode: str, big: int) -> int:
    """The fewest (rematches, then same-unit matches when avoidance is on) over every way of
    pairing ``field`` (even in size), as one number: rematches × ``big`` + same-unit matches
    (``big`` more than the matches of a round)."""
    graph = nx.Graph()
    graph.add_nodes_from(field)
    for x, a in enumerate(field):
        for b in field[x + 1 :]:
            graph.add_edge(a, b, weight=big * big - conflict(a, b, met, unit, mode, big))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    assert 2 * len(matching) == len(field)
    return sum(conflict(a, b, met, unit, mode, big) for a, b in matching)


def conflict(a: int, b: int, met: dict, unit: dict, mode: str, big: int) -> int:
    same_unit = mode != "off" and unit[a] is not None and unit[a] == unit[b]
    return big * (b in met[a]) + same_unit


def check_team_round(teams, line_ups, result, met, byes: Counter, unit, mode, size) -> None:
    """Assert the rules of one team Swiss round against an independent referee."""
    placed = [team for match in result.matches for team in match]
    if result.bye is not None:
        placed.append(result.bye)
    assert sorted(placed) == sorted(teams), "a team is missing or placed twice"
    assert (result.bye is not None) == (len(teams) % 2 == 1)
    candidates = [t for t in teams if byes[t] == min(byes[t] for t in teams)]
    if result.bye is not None:
        assert result.bye in candidates, "a second bye while a team has had none"
    # No rematch (then no same-unit match) while any pairing with an allowed bye avoids it.
    big = len(teams) + 1
    ours = sum(conflict(x, y, met, unit, mode, big) for x, y in result.matches)
    if len(teams) % 2 == 0:
        assert ours == least_conflicts(teams, met, unit, mode, big)
    else:
        # The bye: the lowest-ranked candidate whose absence allows the fewest conflicts.
        least = {
            c: least_conflicts([t for t in teams if t != c], met, unit, mode, big)
            for c in candidates
        }
        assert ours == min(least.values())
        lowest = [c for c in reversed(candidates) if least[c] == ours][0]
        assert result.bye == lowest, "the bye should have gone lower"
    # Crossed tables, numbered together; X is the higher-ranked team.
    number = 1
    for match in result.round.matches:
        assert teams.index(match.x) < teams.index(match.y)
        assert [t.number for t in match.tables] == list(range(number, number + size))
        assert match.seats_of(match.x) == ("NS", "EW", "NS")[:size]
        assert match.seats_of(match.y) == ("EW", "NS", "EW")[:size]
        for i, table in enumerate(match.tables):
            assert {table.ew, table.ns} == {line_ups[match.x][i], line_ups[match.y][i]}
        number += size


@st.composite
def events(draw):
    n = draw(st.integers(3, 11))
    rounds = draw(st.integers(1, n))
    units = draw(st.lists(st.sampled_from([None, "u", "v"]), min_size=n, max_size=n))
    mode = draw(st.sampled_from(["off", "soft", "hard"]))
    size = draw(st.sampled_from([2, 3]))
    scores = draw(st.lists(st.integers(0, 2), min_size=n * rounds, max_size=n * rounds))
    return n, rounds, units, mode, size, scores


@given(events())
@settings(max_examples=examples(60), deadline=None)
def test_simulated_team_swiss_keeps_the_rules(event):
    n, rounds, unit_list, mode, size, scores = event
    unit = dict(enumerate(unit_list))
    line_ups = {t: [(t, i) for i in range(size)] for t in range(n)}
    points = Counter({t: 0 for t in range(n)})
    met: dict[int, set[int]] = {t: set() for t in range(n)}
    byes: Counter = Counter()
    played: list[tuple[int, int]] = []
    results = iter(scores)
    for _ in range(rounds):
        teams = sorted(range(n), key=lambda t: (-points[t], t))
        result = pair_team_swiss(
            teams,
            line_ups,
            played=played,
            byes=list(byes.elements()),
            units=unit,
            points=points,
            avoid_same_unit=mode,
        )
        check_team_round(teams, line_ups, result, met, byes, unit, mode, size)
        for x, y in result.matches:
            played.append((x, y))
            met[x].add(y)
            met[y].add(x)
            score = next(results)
            points[x] += score
            points[y] += 2 - score
        if result.bye is not None:
            byes[result.bye] += 1
            points[result.bye] += 2


@given(st.integers(2, 12), st.sampled_from([2, 3]))
@settings(max_examples=examples(20), deadline=None)
def test_round_one_is_the_order_given(n, size):
    teams = list(range(n))
    line_ups = {t: [(t, i) for i in range(size)] for t in teams}
    result = pair_team_swiss(teams, line_ups)
    assert result.matches == tuple((2 * k, 2 * k + 1) for k in range(n // 2))
    assert result.bye == (n - 1 if n % 2 else None)
