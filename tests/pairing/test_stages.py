"""Stages and qualification."""

from __future__ import annotations

import pytest

from pairing import PairingError, Stage, group_qualifiers, qualifiers


def test_swiss_then_knockout():
    swiss = Stage("swiss", rounds=7, qualify=8)
    assert qualifiers(list(range(1, 21)), swiss) == list(range(1, 9))
    with pytest.raises(PairingError):
        qualifiers([1, 2, 3], swiss)


def test_group_winners_then_the_best_runners_up():
    stage = Stage("rotation", per_group=1, extra=1)
    assert stage.round_count == 3
    groups = [["a1", "a2"], ["b1", "b2"], ["c1", "c2"]]
    overall = ["b1", "a1", "a2", "c1", "b2", "c2"]
    assert group_qualifiers(groups, overall, stage) == ["b1", "a1", "c1", "a2"]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"kind": "league"},
        {"kind": "swiss"},
        {"kind": "swiss", "rounds": 3, "qualify": 0},
        {"kind": "knockout", "per_group": 1},
    ],
)
def test_bad_stages_are_user_errors(kwargs):
    with pytest.raises(PairingError):
        Stage(**kwargs)
