"""Knockout brackets (淘汰制)."""

from __future__ import annotations

import pytest

from pairing import PairingError, advance, knockout_bracket, record_game, round_name
from pairing.knockout import THIRD_PLACE, bracket_order


def play_out(bracket, pick=min):
    """Decide every match, the better seed (smaller id) winning unless ``pick`` says."""
    for r in range(1, bracket.rounds + 1):
        for m in bracket.round_matches(r):
            if m.ready:
                bracket = advance(bracket, m.id, pick(m.a, m.b))
    if bracket.third_place and bracket.match(THIRD_PLACE).ready:
        third = bracket.match(THIRD_PLACE)
        bracket = advance(bracket, THIRD_PLACE, pick(third.a, third.b))
    return bracket


def test_standard_seeding_one_against_sixteen_eight_against_nine():
    assert bracket_order(16)[:4] == [1, 16, 8, 9]
    bracket = knockout_bracket(list(range(1, 17)))
    assert [(m.a, m.b) for m in bracket.round_matches(1)][:2] == [(1, 16), (8, 9)]
    assert round_name(bracket, 4) == "决赛" and round_name(bracket, 3) == "半决赛"


def test_thirteen_pairs_three_byes_to_the_top_seeds():
    bracket = knockout_bracket(list(range(1, 14)))
    assert bracket.size == 16
    byes = [m for m in bracket.round_matches(1) if m.bye]
    assert sorted(m.winner for m in byes) == [1, 2, 3]
    assert all(m.b is None for m in byes)
    # The bye winners already wait in round 2.
    waiting = {p for m in bracket.round_matches(2) for p in (m.a, m.b) if p is not None}
    assert waiting == {1, 2, 3}
    done = play_out(bracket)
    assert (done.champion, done.runner_up, done.third) == (1, 2, 3)
    assert sorted(done.semi_final_losers) == [3, 4]


def test_three_pairs_the_semi_final_loser_is_third_without_playing():
    done = play_out(knockout_bracket(["a", "b", "c"]))
    assert (done.champion, done.runner_up, done.third) == ("a", "b", "c")


def test_two_pairs_play_only_a_final():
    bracket = knockout_bracket(["x", "y"])
    assert bracket.rounds == 1 and not bracket.third_place
    done = advance(bracket, "R1-1", "y")
    assert (done.champion, done.runner_up, done.third) == ("y", "x", None)


def test_same_unit_pairs_go_to_different_halves():
    units = {1: "red", 2: "blue", 3: "blue", 4: "red", 5: "red", 6: None, 7: None, 8: None}
    bracket = knockout_bracket(list(range(1, 9)), units=units)
    top, bottom = set(bracket.slots[:4]), set(bracket.slots[4:])
    assert 1 in top and 2 in bottom  # seeds 1 and 2 never move
    for unit in ("red", "blue"):
        members = {p for p, u in units.items() if u == unit}
        assert members & top and members & bottom
    # 1 and 4 would meet in the semi-final by the standard order; 4 swaps with 3.
    assert {1, 3} <= top


def test_units_never_take_a_bye_from_a_top_seed():
    units = {k: "same" for k in range(1, 7)}
    bracket = knockout_bracket(list(range(1, 7)), units=units)
    assert sorted(m.winner for m in bracket.round_matches(1) if m.bye) == [1, 2]


def test_best_of_three_is_decided_at_two_games():
    bracket = knockout_bracket(["a", "b"], best_of=3)
    bracket = record_game(bracket, "R1-1", "b")
    bracket = record_game(bracket, "R1-1", "a")
    assert bracket.champion is None
    bracket = record_game(bracket, "R1-1", "a")
    assert bracket.champion == "a" and bracket.final.games == ("b", "a", "a")


def test_a_result_can_be_corrected_until_the_next_match_is_decided():
    bracket = knockout_bracket([1, 2, 3, 4])
    bracket = advance(bracket, "R1-1", 4)
    bracket = advance(bracket, "R1-1", 1)  # corrected
    assert bracket.match("R2-1").a == 1
    bracket = advance(bracket, "R1-2", 2)
    bracket = advance(bracket, "R2-1", 1)
    with pytest.raises(PairingError) as error:
        advance(bracket, "R1-1", 4)
    assert error.value.code == "decided"


def test_bad_results_are_user_errors():
    bracket = knockout_bracket(list(range(1, 6)))
    with pytest.raises(PairingError):
        advance(bracket, "R1-2", 99)  # not in that match
    with pytest.raises(PairingError):
        advance(bracket, "R2-1", 1)  # opponent not known yet
    with pytest.raises(PairingError):
        advance(bracket, "R1-1", 1)  # a bye
    with pytest.raises(PairingError):
        knockout_bracket([1])
    with pytest.raises(PairingError):
        knockout_bracket([1, 2], best_of=2)


def test_draw_brackets_are_reproducible():
    first = knockout_bracket(list(range(10)), method="draw", seed=5)
    assert knockout_bracket(list(range(10)), method="draw", seed=5) == first
    assert sorted(p for p in first.slots if p is not None) == list(range(10))
