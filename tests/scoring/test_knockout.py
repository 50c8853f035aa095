"""The final ranking of a staged event follows the knockout bracket."""

from __future__ import annotations

from scoring import StandingsRules, bracket_order, rank_by_bracket, standings
from tests.scoring.helpers import match, order

SEEDS = ["Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8"]


def m(ew, ns, winner):
    return {"ew": ew, "ns": ns, "winner": winner}


def bracket8(third_winner="Q4"):
    """Quarter-finals 1–8, 4–5, 2–7, 3–6; Q5 and Q7 upset; final Q2 beats Q1."""
    quarters = [m("Q1", "Q8", "Q1"), m("Q4", "Q5", "Q5"), m("Q2", "Q7", "Q2"), m("Q3", "Q6", "Q3")]
    semis = [m("Q1", "Q5", "Q1"), m("Q2", "Q3", "Q2")]
    third = m("Q5", "Q3", third_winner)
    return {
        "rounds": [quarters, semis, [m("Q1", "Q2", "Q2")]],
        "third_place": third,
        "seeds": SEEDS,
    }


def test_champion_runner_up_third_place_winner_then_loser_then_by_round_and_seed():
    # Quarter-final losers Q8, Q4, Q7, Q6 are ordered by qualifying rank: Q4, Q6, Q7, Q8.
    assert bracket_order(bracket8("Q3")) == ["Q2", "Q1", "Q3", "Q5", "Q4", "Q6", "Q7", "Q8"]
    assert bracket_order(bracket8("Q5"))[2:4] == ["Q5", "Q3"]


def test_without_a_third_place_match_semi_final_losers_follow_their_seed():
    b = bracket8()
    b["third_place"] = None
    assert bracket_order(b)[:4] == ["Q2", "Q1", "Q3", "Q5"]


def test_an_undecided_bracket_gives_no_order():
    b = bracket8()
    b["third_place"]["winner"] = None
    assert bracket_order(b) is None
    b = bracket8()
    b["rounds"][-1][0]["winner"] = None
    assert bracket_order(b) is None


def test_rank_by_bracket_puts_the_third_place_winner_third_and_keeps_the_rest():
    # The third-place winner (Q3) has fewer points than the loser (Q5): it is still 3rd.
    records = [
        match(1, "Q5", "Q3", "A+", "2"),
        match(1, "Q1", "Q2", "K", "Q"),
        match(1, "X", "Y", "5", "5"),
    ]
    rules = StandingsRules(system="points26", tiebreaks=("points", "level_diff"))
    rows = standings(records, rules, pairs=["Q1", "Q2", "Q3", "Q5", "X", "Y"])
    assert order(rows).index("Q5") < order(rows).index("Q3")
    ranked = rank_by_bracket(rows, ["Q2", "Q1", "Q3", "Q5"])
    assert [(r.rank, r.pair) for r in ranked] == [
        (1, "Q2"),
        (2, "Q1"),
        (3, "Q3"),
        (4, "Q5"),
        (5, "X"),
        (5, "Y"),
    ]
    assert ranked[2].points == next(r.points for r in rows if r.pair == "Q3")


def test_rounds_played_tell_a_missing_round_from_a_lost_one():
    records = [match(1, "A", "B", "A+", "K"), match(2, "A", "C", "K", "A+")]
    rows = standings(records, StandingsRules(system="points26"), pairs=["A", "B", "C"])
    played = {r.pair: r.rounds_played for r in rows}
    assert played == {"A": (1, 2), "B": (1,), "C": (2,)}
