"""docs/rules.md §3: upgrades after a deal won, and "A must be played"."""

import pytest

from rules import LevelPlayed, RuleSet, new_match

from .helpers import codes, play

# Every row of the §3 table: one deal won by EW from 2 (index 0). The new level is the
# gain of the row: 2 + 3 = 5, 2 + 4 = 6, 2 + 5 = 7, 2 + 2 = 4, 2 + 1 = 3.
SECTION_3 = [
    ("jiangsu", "EW12", "5"),
    ("jiangsu", "EW13", "4"),
    ("jiangsu", "EW14", "3"),
    ("plus4", "EW12", "6"),
    ("plus4", "EW13", "4"),
    ("plus4", "EW14", "3"),
    ("plus5", "EW12", "7"),
    ("plus5", "EW13", "5"),
    ("plus5", "EW14", "3"),
]


@pytest.mark.parametrize(("preset", "sheet", "ew"), SECTION_3)
def test_each_row_of_the_upgrade_table(preset, sheet, ew):
    state = play(sheet, preset)
    assert (state.ew, state.ns) == (ew, "2")


@pytest.mark.parametrize(("preset", "sheet", "ew"), SECTION_3)
def test_ns_climbs_by_the_same_table(preset, sheet, ew):
    state = play(sheet.replace("EW", "NS"), preset)
    assert (state.ew, state.ns) == ("2", ew)


# Hand-worked sequences: (preset, sheet, ew, ns, level played next, why).
SEQUENCES = [
    (
        "jiangsu",
        "EW12 NS13 EW14 EW12",
        "9",
        "4",
        ("9", "EW"),
        "EW 2+3=5; NS 2+2=4; EW 5+1=6; EW 6+3=9; the next deal is EW's 9",
    ),
    (
        "plus4",
        "NS12 NS12 EW13 NS14",
        "4",
        "J",
        ("J", "NS"),
        "NS 2+4=6, 6+4=10; EW 2+2=4; NS 10+1=J",
    ),
    (
        "plus5",
        "EW13 EW13 NS12 EW14",
        "9",
        "7",
        ("9", "EW"),
        "EW 2+3=5, 5+3=8; NS 2+5=7; EW 8+1=9",
    ),
]


@pytest.mark.parametrize(("preset", "sheet", "ew", "ns", "played", "why"), SEQUENCES)
def test_hand_worked_sequences(preset, sheet, ew, ns, played, why):
    state = play(sheet, preset)
    assert (state.ew, state.ns) == (ew, ns), why
    assert state.level_played == LevelPlayed(*played), why
    assert state.deals == len(sheet.split())


def test_q_to_a_on_plus_3_stops_at_a():
    # EW 2 →5 →8 →J (three 1–2), J+1 = Q (1–4); Q+3 would be past A, so it stops at A.
    state = play("EW12 EW12 EW12 EW14 EW12")
    assert state.ew == "A"
    assert not state.finished
    assert codes(state)[-1] == "upgrade_capped"


def test_k_plus_5_stops_at_a_under_plus5():
    # plus5: EW 2+5=7, 7+3=10, 10+1=J, J+1=Q, Q+1=K; K+5 stops at A.
    state = play("EW12 EW13 EW14 EW14 EW14 EW12", "plus5")
    assert state.ew == "A"
    assert not state.finished


def test_k_winning_at_the_opponents_level_does_not_pass_a():
    # EW 2 →5 →8 →J (1–2), J+2 = K (1–3). NS wins 1–4 (NS 3), so the next deal is NS's 3.
    # EW wins it 1–2: K+3 stops at A — a deal at the opponents' level never passes A.
    state = play("EW12 EW12 EW12 EW13 NS14 EW12")
    assert (state.ew, state.ns) == ("A", "3")
    assert not state.finished
    # A must be played: the next deal is EW's own A, and 1–2 there passes A.
    assert state.level_played == LevelPlayed("A", "EW")
    assert state.apply({"win": "EW", "partner": 2}).ew == "A+"


def test_a_side_at_a_winning_the_opponents_deal_stays_at_a():
    # EW reaches A (4 × 1–2); NS wins EW's A deal 1–4 (attempt 1 fails, NS 3); EW wins the
    # NS deal 1–2: no attempt (not EW's level), EW stays at A and plays its own A next.
    state = play("EW12 EW12 EW12 EW12 NS14 EW12")
    assert (state.ew, state.ns) == ("A", "3")
    assert codes(state)[-1] == "stays_at_a"
    assert state.level_played == LevelPlayed("A", "EW")


def test_first_deal_is_played_at_2_and_is_nobodys():
    assert new_match(RuleSet()).level_played == LevelPlayed("2", None)


def test_the_next_deal_is_played_at_the_previous_winners_level():
    state = play("EW12 NS14")
    # NS won the last deal at 3; EW's 5 is not played next.
    assert state.level_played == LevelPlayed("3", "NS")


def test_penalty_during_a_deal_does_not_change_the_level_it_is_played_at():
    # EW won at 5; +EW during the next deal takes EW to 6, but the cards were dealt at 5.
    state = play("EW12 +EW")
    assert state.ew == "6"
    assert state.level_played == LevelPlayed("5", "EW")
    # After the deal the winner's current level is played.
    assert state.apply({"win": "EW", "partner": 4}).level_played == LevelPlayed("7", "EW")
