"""The tables of team matches (docs/rules.md §16.2): worked layouts, the refusals, and
hypothesis properties (crossed seats, no team against itself, every pair placed once)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import (
    PairingError,
    Table,
    TeamBye,
    lay_out_team_round,
    team_match_tables,
)
from pairing import errors as codes
from tests.budget import examples


def test_a_match_of_two_pairs_sits_x_north_south_then_east_west():
    # X's pair 1 meets Y's pair 1 at the match's first table, X North–South; at the second
    # table X's pair 2 sits East–West against Y's pair 2.
    assert team_match_tables("X", "Y", ["x1", "x2"], ["y1", "y2"], first_table=7) == (
        Table(7, ew="y1", ns="x1"),
        Table(8, ew="x2", ns="y2"),
    )


def test_a_match_of_three_pairs_crosses_at_every_table():
    tables = team_match_tables("X", "Y", [1, 2, 3], [4, 5, 6])
    assert [(t.number, t.ew, t.ns) for t in tables] == [(1, 4, 1), (2, 2, 5), (3, 6, 3)]


def test_a_round_numbers_its_matches_from_one_and_its_tables_together():
    # Teams of three: match 1 at tables 1–3, match 2 at tables 4–6; X is NS at the 1st and
    # 3rd table of its own match (tables 4 and 6 for match 2), whatever their numbers.
    line_ups = {"A": [1, 2, 3], "B": [4, 5, 6], "C": [7, 8, 9], "D": [10, 11, 12]}
    laid = lay_out_team_round([("A", "B"), ("C", "D")], line_ups)
    assert [(m.number, m.x, m.y) for m in laid.matches] == [(1, "A", "B"), (2, "C", "D")]
    assert [(t.number, t.ew, t.ns) for t in laid.matches[1].tables] == [
        (4, 10, 7),
        (5, 8, 11),
        (6, 12, 9),
    ]
    assert laid.matches[1].seats_of("C") == ("NS", "EW", "NS")
    assert laid.match_of_table(5).number == 2
    assert laid.byes == ()


def test_a_team_bye_has_no_table_and_each_of_its_pairs_a_pair_bye():
    line_ups = {"A": [1, 2], "B": [3, 4], "C": [5, 6]}
    laid = lay_out_team_round([("A", "B")], line_ups, bye="C", first_table=11)
    assert [t.number for t in laid.tables] == [11, 12]
    assert laid.byes == (TeamBye("C", (5, 6)),)
    pairing = laid.as_pairing()
    assert [b.entrant for b in pairing.byes] == [5, 6]
    assert sorted(pairing.entrant_ids()) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("call", "code", "params"),
    [
        (lambda: team_match_tables("X", "X", [1, 2], [3, 4]), codes.TEAM_SELF_MATCH, {"team": "X"}),
        (
            lambda: team_match_tables("X", "Y", [1, 2], [3, 4, 5]),
            codes.LINEUP_SIZE,
            {"team": "X", "size": 2, "expected": 3},
        ),
        (
            lambda: team_match_tables("X", "Y", [1], [2]),
            codes.LINEUP_SIZE,
            {"team": "X", "size": 1, "expected": "2、3"},
        ),
        (
            lambda: team_match_tables("X", "Y", [1, 2], [2, 3]),
            codes.DUPLICATE_ENTRANT,
            {"entrant": 2},
        ),
        (
            lambda: team_match_tables("X", "Y", [1, 1], [2, 3]),
            codes.DUPLICATE_ENTRANT,
            {"entrant": 1},
        ),
        (
            lambda: lay_out_team_round([("A", "B"), ("C", "A")], {t: [] for t in "ABC"}),
            codes.DUPLICATE_TEAM,
            {"team": "A"},
        ),
        (
            lambda: lay_out_team_round([("A", "B")], {"A": [1, 2], "B": [3, 4]}, bye="B"),
            codes.DUPLICATE_TEAM,
            {"team": "B"},
        ),
        (
            lambda: lay_out_team_round([("A", "A")], {"A": [1, 2]}),
            codes.TEAM_SELF_MATCH,
            {"team": "A"},
        ),
        (
            lambda: lay_out_team_round(
                [("A", "B"), ("C", "D")], {"A": [1, 2], "B": [3, 4], "C": [5, 6], "D": [1, 7]}
            ),
            codes.DUPLICATE_ENTRANT,
            {"entrant": 1},
        ),
        (
            lambda: lay_out_team_round([("A", "B")], {"A": [1, 2]}),
            codes.LINEUP_SIZE,
            {"team": "B", "size": 0, "expected": 2},
        ),
        (
            lambda: lay_out_team_round([("A", "B")], {"A": [1, 2], "B": [3, 4]}, team_size=3),
            codes.LINEUP_SIZE,
            {"team": "A", "size": 2, "expected": 3},
        ),
    ],
)
def test_refusals(call, code, params):
    with pytest.raises(PairingError) as caught:
        call()
    assert caught.value.code == code
    assert caught.value.params == params


@st.composite
def rounds(draw):
    """A round of 1–12 teams of 2 or 3 pairs: the teams in a random order, paired off two by
    two, the odd one out (if any) with the bye."""
    size = draw(st.sampled_from([2, 3]))
    count = draw(st.integers(1, 12))
    teams = draw(st.permutations([f"T{i}" for i in range(count)]))
    line_ups = {team: [f"{team}p{k}" for k in range(size)] for team in teams}
    matches = [(teams[i], teams[i + 1]) for i in range(0, count - 1, 2)]
    bye = teams[-1] if count % 2 else None
    return matches, line_ups, bye, draw(st.integers(1, 50)), size


@settings(max_examples=examples(60), deadline=None)
@given(rounds())
def test_every_team_match_sits_crossed_and_every_pair_once(case):
    matches, line_ups, bye, first_table, size = case
    laid = lay_out_team_round(matches, line_ups, bye, first_table=first_table)
    numbers = [t.number for t in laid.tables]
    assert numbers == list(range(first_table, first_table + len(matches) * size))
    for number, match in enumerate(laid.matches, 1):
        assert match.number == number
        assert match.x != match.y  # no team meets itself
        for i, table in enumerate(match.tables):
            x_pair, y_pair = line_ups[match.x][i], line_ups[match.y][i]
            # Crossed: X North–South at the 1st and 3rd table of its match, East–West at the 2nd.
            assert (table.ns, table.ew) == ((x_pair, y_pair) if i % 2 == 0 else (y_pair, x_pair))
        assert list(match.seats_of(match.x)) == ["NS", "EW", "NS"][:size]
        assert all(
            a != b for a, b in zip(match.seats_of(match.x), match.seats_of(match.y), strict=True)
        )
    placed = sorted(laid.as_pairing().entrant_ids())
    assert placed == sorted(pair for line_up in line_ups.values() for pair in line_up)
