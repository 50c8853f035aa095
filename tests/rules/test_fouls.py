"""docs/rules.md §7: fouls, warnings and penalties."""

import pytest

from rules import RuleError
from rules.messages import Message

from .helpers import EW_TO_A, codes, play

# Every row of the §7 table, from EW 5 / NS 2 (after EW12), with the offender NS unless
# the row says otherwise: (sheet, ew, ns, fouls of NS, why).
SECTION_7 = [
    ("EW12 F:NS:O", "6", "2", 1, "out-of-turn play: 1 foul, opponents +1, own unchanged"),
    ("EW12 W:NS:O", "5", "2", 0, "a gesture of out-of-turn play is only a warning"),
    ("EW12 W:NS:O W:NS:O", "6", "2", 1, "2 warnings to NS in one deal = 1 foul, EW +1"),
    ("EW12 F:NS:H", "6", "2", 1, "hiding a card: EW +1, NS −1 (stays at 2, the floor)"),
    ("EW12 F:EW:H", "4", "3", 0, "EW hides: NS +1, EW 5 − 1 = 4 (offender EW)"),
    ("EW12 F:NS:C", "5", "2", 0, "first wrong card count: replay and warning, no foul"),
    ("EW12 F:NS:C F:NS:C", "5", "2", 1, "second wrong card count: 1 foul, no level change"),
    ("EW12 F:NS:D", "5", "2", 1, "time delay: 1 foul, no level change"),
    ("EW12 F:NS:S", "5", "2", 1, "signalling: a foul with no automatic level change"),
    ("EW12 NS14 F:NS:S:-1", "5", "2", 1, "serious signalling: the referee demotes NS 3 → 2"),
    ("EW12 F:NS:X", "5", "2", 1, "another foul: no automatic level change"),
]


@pytest.mark.parametrize(("sheet", "ew", "ns", "fouls", "why"), SECTION_7)
def test_each_row_of_the_foul_table(sheet, ew, ns, fouls, why):
    state = play(sheet)
    assert (state.ew, state.ns) == (ew, ns), why
    assert state.fouls["NS"] == fouls, why
    assert not state.finished


def test_three_fouls_by_one_side_end_the_match():
    # docs/rules.md §7.3: NS's third foul (O, D, S) loses the round. Only the O changed a level (EW +1).
    state = play("EW12 F:NS:O F:NS:D F:NS:S", three_fouls_defeat=True)
    assert state.finished
    assert (state.winner, state.end_reason, state.forfeit_by) == ("EW", "three_fouls", "NS")
    assert (state.ew, state.ns) == ("6", "2")  # levels as they are
    result = state.result()
    assert (result.fouls_ew, result.fouls_ns) == (0, 3)


def test_fouls_of_both_sides_are_counted_apart():
    state = play("F:NS:D F:NS:D F:EW:D F:EW:D")
    assert (state.fouls["EW"], state.fouls["NS"], state.finished) == (2, 2, False)


def test_two_warnings_that_make_the_third_foul_end_the_match():
    state = play("F:NS:D F:NS:D W:NS:O W:NS:S", three_fouls_defeat=True, two_warnings="any")
    assert (state.end_reason, state.winner) == ("three_fouls", "EW")
    assert codes(state)[-4:] == ["warnings_to_foul", "foul", "level_change", "three_fouls"]


def test_warnings_in_different_deals_do_not_add_up():
    # The deal EW14 ends between the two warnings.
    state = play("W:NS:O EW14 W:NS:O")
    assert state.fouls["NS"] == 0
    assert state.warnings_this_deal["NS"] == 1
    assert state.warnings["NS"] == 2


def test_warnings_to_different_sides_do_not_add_up():
    state = play("W:NS:O W:EW:O")
    assert (state.fouls["EW"], state.fouls["NS"]) == (0, 0)


def test_a_third_warning_in_one_deal_starts_a_new_pair():
    state = play("W:NS:O W:NS:O W:NS:O")
    assert state.fouls["NS"] == 1
    assert state.warnings_this_deal["NS"] == 1


def test_three_hidden_cards_end_the_match_with_the_opponents_at_a_plus():
    # docs/rules.md §6.1. EW 5 after EW12; each hiding NS: EW +1 (6, 7, 8), NS −1 (stays at 2).
    # Card hiding is a foul too, but the specific rule wins: the opponents win as A+.
    state = play("EW12 F:NS:H F:NS:H F:NS:H")
    assert (state.ew, state.ns) == ("A+", "2")
    assert (state.winner, state.end_reason, state.forfeit_by) == ("EW", "three_hidden", "NS")
    assert state.hidden["NS"] == 3


def test_hidden_cards_below_three_do_not_end_the_match():
    state = play("EW12 F:NS:H F:NS:H")
    assert (state.ew, state.hidden["NS"], state.finished) == ("7", 2, False)


def test_the_first_wrong_count_is_a_warning_that_does_not_pair_with_a_gesture():
    # The wrong-count warning and the gesture warnings are separate rules (docs/rules.md §7.1).
    state = play("F:NS:C W:NS:O")
    assert state.fouls["NS"] == 0


@pytest.mark.parametrize(
    ("sheet", "ew", "why"),
    [
        ("-EW", "2", "a penalty never takes a side below 2"),
        ("-3EW", "2", "not even a big one"),
        ("EW12 -2EW", "3", "5 − 2 = 3"),
        (f"{EW_TO_A} +EW", "A", "a penalty +1 never passes A"),
        (f"{EW_TO_A} F:NS:O", "A", "nor does the out-of-turn bonus"),
        ("EW12 EW12 EW12 +2EW", "K", "J + 2 = K"),
        ("EW12 EW12 EW12 +5EW", "A", "J + 5 stops at A"),
    ],
)
def test_penalties_stay_between_2_and_a(sheet, ew, why):
    state = play(sheet)
    assert state.ew == ew, why
    assert not state.finished


def test_a_bare_penalty_is_no_foul():
    state = play("+NS -EW")
    assert (state.fouls["EW"], state.fouls["NS"]) == (0, 0)
    assert (state.ew, state.ns) == ("2", "3")


def test_a_clamped_penalty_says_so():
    state = play("-EW")
    assert state.events[-1].code == "level_clamped"
    assert state.events[-1].params == {
        "delta": -1,
        "old": "2",
        "new": "2",
        "side": "EW",
        "opp": "NS",
    }


@pytest.mark.parametrize(
    "step",
    [
        {"foul": "NS", "kind": "out_of_turn", "levels": -1},
        {"foul": "NS", "kind": "card_hiding", "levels": 2},
        {"foul": "NS", "kind": "wrong_count", "levels": -1},
    ],
)
def test_fixed_penalties_take_no_levels(step):
    with pytest.raises(RuleError) as exc:
        play("").apply(step)
    assert exc.value.msg == Message("levels_not_allowed", {"foul_kind": step["kind"]})


def test_card_hiding_is_never_a_mere_warning():
    with pytest.raises(RuleError) as exc:
        play("").apply({"warning": "NS", "kind": "card_hiding"})
    assert exc.value.code == "bad_warning_kind"
    assert exc.value.params["value"] == "card_hiding"
