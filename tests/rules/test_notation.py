"""The score-sheet notation: examples, errors and round trips."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RuleError, format_notation, parse_notation
from rules.errors import BAD_TOKEN
from rules.messages import Message
from rules.steps import FORFEIT_REASONS, FOUL_KINDS, WARNING_KINDS
from tests.budget import examples

EXAMPLES = [
    ("EW12", {"win": "EW", "partner": 2}),
    ("NS14", {"win": "NS", "partner": 4}),
    ("+NS", {"penalty": "NS", "levels": 1}),
    ("-EW", {"penalty": "EW", "levels": -1}),
    ("+2NS", {"penalty": "NS", "levels": 2}),
    ("-12EW", {"penalty": "EW", "levels": -12}),
    ("F:NS:O", {"foul": "NS", "kind": "out_of_turn"}),
    ("F:EW:H", {"foul": "EW", "kind": "card_hiding"}),
    ("F:EW:C", {"foul": "EW", "kind": "wrong_count"}),
    ("F:EW:D", {"foul": "EW", "kind": "time_delay"}),
    ("F:EW:S:-1", {"foul": "EW", "kind": "signalling", "levels": -1}),
    ("F:NS:X:+2", {"foul": "NS", "kind": "other", "levels": 2}),
    ("W:EW:O", {"warning": "EW", "kind": "out_of_turn"}),
    ("FF:NS", {"forfeit_by": "NS", "reason": "forfeit"}),
    ("FF:NS:LATE", {"forfeit_by": "NS", "reason": "late"}),
    ("FF:EW:3F", {"forfeit_by": "EW", "reason": "three_fouls"}),
    ("FF:EW:3H", {"forfeit_by": "EW", "reason": "three_hidden"}),
    ("T", {"time": True}),
]


@pytest.mark.parametrize(("token", "step"), EXAMPLES)
def test_each_token(token, step):
    assert parse_notation(token) == [step]
    assert format_notation([step]) == token


def test_the_example_from_the_issue():
    assert parse_notation("EW12 NS14 EW13 +NS -EW") == [
        {"win": "EW", "partner": 2},
        {"win": "NS", "partner": 4},
        {"win": "EW", "partner": 3},
        {"penalty": "NS", "levels": 1},
        {"penalty": "EW", "levels": -1},
    ]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("ew12, ns13;t", "EW12 NS13 T"),
        ("ＥＷ１２　ＮＳ１４", "EW12 NS14"),  # full-width, from a Chinese input method
        ("EW12、NS14，+1ns", "EW12 NS14 +NS"),
        ("f:ns:card_hiding ff:ew:three_fouls", "F:NS:H FF:EW:3F"),
        ("\n EW12 \t\n", "EW12"),
        ("", ""),
    ],
)
def test_loose_input_prints_canonically(text, canonical):
    assert format_notation(parse_notation(text)) == canonical


@pytest.mark.parametrize(
    ("text", "token", "position", "column"),
    [
        ("EW12 XX NS14", "XX", 2, 6),
        ("EW15", "EW15", 1, 1),
        ("EW12 NS11", "NS11", 2, 6),
        ("+0NS", "+0NS", 1, 1),
        ("+13EW", "+13EW", 1, 1),
        ("F:NS:Q", "F:NS:Q", 1, 1),
        ("F:NS:O:+1", "F:NS:O:+1", 1, 1),  # out of turn has a fixed penalty
        ("W:NS:H", "W:NS:H", 1, 1),
        ("FF:NS:SICK", "FF:NS:SICK", 1, 1),
        ("EW12  T  TT", "TT", 3, 10),
        ("EW 12", "EW", 1, 1),
    ],
)
def test_parse_errors_name_the_token_and_its_position(text, token, position, column):
    with pytest.raises(RuleError) as exc:
        parse_notation(text)
    err = exc.value
    assert err.msg == Message(BAD_TOKEN, {"token": token, "position": position, "column": column})


def test_formatting_validates_steps():
    with pytest.raises(RuleError) as exc:
        format_notation([{"win": "EW", "partner": 5}])
    assert exc.value.code == "bad_partner"


# --- round trips --------------------------------------------------------------------------

sides = st.sampled_from(["EW", "NS"])
nonzero = st.integers(-12, 12).filter(bool)
fixed = sorted({"out_of_turn", "card_hiding", "wrong_count"})
free = sorted(set(FOUL_KINDS) - set(fixed))
steps = st.one_of(
    st.builds(lambda s, p: {"win": s, "partner": p}, sides, st.sampled_from([2, 3, 4])),
    st.builds(lambda s, n: {"penalty": s, "levels": n}, sides, nonzero),
    st.builds(lambda s, k: {"foul": s, "kind": k}, sides, st.sampled_from(sorted(FOUL_KINDS))),
    st.builds(
        lambda s, k, n: {"foul": s, "kind": k, "levels": n}, sides, st.sampled_from(free), nonzero
    ),
    st.builds(
        lambda s, k: {"warning": s, "kind": k}, sides, st.sampled_from(sorted(WARNING_KINDS))
    ),
    st.builds(lambda s, r: {"forfeit_by": s, "reason": r}, sides, st.sampled_from(FORFEIT_REASONS)),
    st.just({"time": True}),
)


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(steps, max_size=30))
def test_steps_round_trip_through_the_notation(step_list):
    text = format_notation(step_list)
    assert parse_notation(text) == step_list


separators = st.sampled_from([" ", ", ", ";", "\n", "  ", "、", "，"])


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.tuples(steps, separators, st.booleans()), max_size=20))
def test_text_round_trips_whatever_the_case_and_separators(items):
    # Write the sheet sloppily (random case and separators); it reads back the same steps.
    parts = []
    for step, sep, lower in items:
        token = format_notation([step])
        parts.append((token.lower() if lower else token) + sep)
    text = "".join(parts)
    parsed = parse_notation(text)
    assert parsed == [step for step, _, _ in items]
    assert parse_notation(format_notation(parsed)) == parsed
