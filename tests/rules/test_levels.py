"""docs/rules.md §2: the level scale and the level difference."""

import pytest

from rules import LEVELS, LevelError, level_difference, level_index, normalize_level


def test_the_scale_has_14_levels_from_2_to_a_plus():
    assert LEVELS[0] == "2" and LEVELS[12] == "A" and LEVELS[13] == "A+"
    assert len(LEVELS) == 14


@pytest.mark.parametrize(
    ("a", "b", "difference", "why"),
    [
        ("A+", "K", 2, "淮安规则: 一方过A，一方打K，级差为2级"),
        ("A+", "2", 13, "淮安规则: 一方过A，一方为2，级差为13级"),
        ("2", "A+", 13, "the order of the arguments does not matter"),
        ("10", "10", 0, "equal levels"),
        ("J", "10", 1, "J follows 10"),
    ],
)
def test_level_difference(a, b, difference, why):
    assert level_difference(a, b) == difference, why


@pytest.mark.parametrize(
    ("raw", "level"),
    [(5, "5"), ("q", "Q"), (" k ", "K"), ("ａ＋", "A+"), ("过A", "A+"), ("１０", "10")],
)
def test_normalize_level_accepts_what_referees_type(raw, level):
    assert normalize_level(raw) == level
    assert LEVELS[level_index(level)] == level


@pytest.mark.parametrize("raw", ["B", "11", "A-", ""])
def test_normalize_level_refuses_the_rest(raw):
    with pytest.raises(LevelError):
        normalize_level(raw)
