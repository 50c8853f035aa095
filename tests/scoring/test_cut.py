"""The cut of a qualification and its play-off tables (docs/rules.md §5.6)."""

from __future__ import annotations

from scoring import MatchRecord, StandingsRules, standings
from scoring.cut import cut_at, playoff_tables

CHAIN = StandingsRules("points26", tiebreaks=("points", "level_diff", "lot"))


def _rows(results):
    return standings([MatchRecord(1, ew, ns, a, b) for ew, ns, a, b in results], CHAIN)


def test_pairs_tied_only_by_lot_across_the_cut_play_off():
    # "如果第一轮结束后出现并列多名则多加一局定胜负进决赛"
    rows = _rows([("a", "b", "A+", "5"), ("c", "d", "A+", "5"), ("e", "f", "K", "5")])
    cut = cut_at(rows, 1)
    assert (cut.qualified, set(cut.tied), cut.places, cut.needs_playoff) == (
        (),
        {"a", "c"},
        1,
        True,
    )
    assert len(cut.tables) == 1 and set(cut.tables[0]) == {"a", "c"}


def test_a_tie_inside_the_qualified_pairs_needs_no_play_off():
    rows = _rows([("a", "b", "A+", "5"), ("c", "d", "A+", "5"), ("e", "f", "K", "5")])
    cut = cut_at(rows, 2)
    assert (set(cut.qualified), cut.tied, cut.needs_playoff) == ({"a", "c"}, (), False)


def test_three_tied_for_one_place_cannot_be_played_off_two_by_two():
    rows = _rows([("a", "b", "A+", "5"), ("c", "d", "A+", "5"), ("e", "f", "A+", "5")])
    cut = cut_at(rows, 1)
    assert (len(cut.tied), cut.places, cut.tables) == (3, 1, ())


def test_play_off_tables_set_best_against_worst():
    assert playoff_tables(["a", "b", "c", "d"], 2) == (("a", "d"), ("b", "c"))
    assert playoff_tables(["a", "b", "c"], 1) == ()
