"""The knockout round as plain data (:mod:`pairing.knockout`): settle, finish, next games."""

from __future__ import annotations

from pairing.bracket import knockout_bracket
from pairing.knockout import is_finished, next_games, settle

ALL = {"A", "B", "C", "D"}


def test_semi_final_winners_meet_in_the_final_and_losers_play_for_third():
    b = knockout_bracket(["A", "B", "C", "D"])  # 1 v 4, 2 v 3
    done = settle(b, {"R1-1": ({"D": 1}, "D"), "R1-2": ({"B": 1}, "B")}, ALL)
    tables = next_games(done, {"R1-1": 1, "R1-2": 1}).tables
    assert [(t.bracket_id, t.game, {t.ew, t.ns}) for t in tables] == [
        ("R2-1", 1, {"D", "B"}),
        ("3rd", 1, {"A", "C"}),
    ]
    assert not is_finished(done)


def test_finished_only_when_the_final_and_third_place_have_winners():
    b = knockout_bracket(["A", "B", "C", "D"])
    results = {"R1-1": ({"A": 1}, "A"), "R1-2": ({"B": 1}, "B"), "R2-1": ({"A": 1}, "A")}
    assert not is_finished(settle(b, results, ALL))
    results["3rd"] = ({"C": 1}, "C")
    done = settle(b, results, ALL)
    assert (done.champion, done.runner_up, done.third, is_finished(done)) == ("A", "B", "C", True)
    assert next_games(done, {}) is None


def test_a_withdrawn_pair_gives_a_walkover_unless_a_game_was_played():
    b = knockout_bracket(["A", "B", "C", "D"])
    assert settle(b, {}, ALL - {"D"}).rounds[0][0].winner == "A"
    played = settle(b, {"R1-1": ({"A": 0, "D": 1}, None)}, ALL - {"D"})
    assert played.rounds[0][0].winner is None  # a best-of-three under way: no walkover


def test_an_undecided_best_of_three_plays_its_next_game_with_seats_swapped():
    b = knockout_bracket(["A", "B"], third_place=False)
    g1, g2, g3 = (next_games(b, {"R1-1": n}).tables[0] for n in (0, 1, 2))
    assert [(t.ew, t.ns, t.game) for t in (g1, g2, g3)] == [
        ("A", "B", 1),
        ("B", "A", 2),
        ("A", "B", 3),
    ]


def test_a_corrected_result_moves_the_right_pair_on():
    b = knockout_bracket(["A", "B", "C", "D"])
    first = settle(b, {"R1-1": ({"A": 1}, "A"), "R1-2": ({"B": 1}, "B")}, ALL)
    again = settle(first, {"R1-1": ({"D": 1}, "D"), "R1-2": ({"B": 1}, "B")}, ALL)
    assert {again.final.ew, again.final.ns} == {"D", "B"}
