"""The series' points table and best-N standings (scoring.series_points, docs/rules.md §20):
worked figures, and properties over random fields, classes, ties and configurations."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import BAD_SERIES_CONFIG, UNKNOWN_EVENT_CLASS, ScoringError
from scoring.series_points import (
    CLASSES,
    DEFAULT_CONFIG,
    Result,
    best_results,
    cents,
    event_points,
    field_factor,
    hundredths,
    parse_config,
    place_award,
    points_text,
    rank_points,
    scoring_places,
    series_standings,
    top_award,
    total_awarded,
)
from tests.budget import examples

DEFAULT = parse_config(None)


def test_worked_example_of_the_rules():
    # docs/rules.md §20's example: a 市级 event of 20 pairs. Field factor 1 (16–31),
    # top award 100 × 1.5 × 1 = 150; ceil(20 × 0.34) = 7 places score: 150 × 7/7, 6/7, …
    assert field_factor(20, DEFAULT) == 1
    assert scoring_places(20, DEFAULT) == 7
    assert top_award(20, "city", DEFAULT) == 150
    assert [place_award(p, 20, "city", DEFAULT) for p in (1, 2, 7, 8)] == [
        150,
        Fraction(900, 7),
        Fraction(150, 7),
        0,
    ]
    # Places 2 and 3 tied: each gets (6/7 + 5/7) / 2 of 150.
    ranks = [1, 2, 2, 4, 5, 6, 7, 8] + [9] * 12
    points = event_points(ranks, "city", DEFAULT)
    assert points[1] == points[2] == Fraction(150 * 11, 14)
    assert hundredths(points[1]) == 117.86
    assert sum(points) == total_awarded(20, "city", DEFAULT) == 600


def test_hundredths_round_half_up_and_print_exactly():
    assert [cents(Fraction(x)) for x in ("100/3", "1/200", "1/300", "0")] == [3333, 1, 0, 0]
    assert hundredths(Fraction(2357, 200)) == 11.79  # 11.785 rounds up
    assert [points_text(c) for c in (0, 5, 12345, 7500)] == ["0.00", "0.05", "123.45", "75.00"]
    # A rank past the scoring places costs no arithmetic: plain 0.
    assert rank_points([1, 2, 3, 4], "county", DEFAULT) == {1: 50, 2: 25, 3: 0, 4: 0}


def test_field_steps_and_cut():
    assert [field_factor(n, DEFAULT) for n in (1, 7, 8, 16, 100, 256, 5000)] == [
        Fraction(1, 2),
        Fraction(1, 2),
        Fraction(3, 4),
        1,
        Fraction(3, 2),
        2,
        2,
    ]
    assert [scoring_places(n, DEFAULT) for n in (1, 2, 3, 4, 100)] == [1, 1, 2, 2, 34]


def test_config_refused():
    for bad in (
        {"base": 0},
        {"base": "x"},
        {"cut": 1.5},
        {"best_n": 0},
        {"field": [[2, 1]]},
        {"field": [[1, 2], [8, 1]]},
        {"classes": {}},
        {"typo": 1},
    ):
        with pytest.raises(ScoringError) as err:
            parse_config(bad)
        assert err.value.code == BAD_SERIES_CONFIG, bad
    with pytest.raises(ScoringError) as err:
        top_award(8, "club", DEFAULT)
    assert err.value.code == UNKNOWN_EVENT_CLASS


def test_standings_best_n_countback_and_shared_ranks():
    def r(event, points):
        return Result(event, Fraction(points), 1, 8, order=event)

    results = {
        "a": [r(1, 50), r(2, 10), r(3, 40)],  # best 2: 50 + 40 = 90
        "b": [r(1, 60), r(2, 30)],  # 90, best single 60 > 50: above a
        "c": [r(2, 45), r(3, 45)],  # 90, best 45: below a
        "d": [r(1, 45), r(3, 45)],  # as c: rank shared with c
        "e": [r(1, 0)],
    }
    rows = series_standings(results, 2)
    assert [(row.rank, row.person, row.points) for row in rows] == [
        (1, "b", 90),
        (2, "a", 90),
        (3, "c", 90),
        (3, "d", 90),
        (5, "e", 0),
    ]
    assert [res.event for res in rows[1].counted] == [1, 3]
    assert best_results([r(2, 5), r(1, 5)], 1)[0].event == 1  # equal: the earlier event


configs = st.fixed_dictionaries(
    {
        "base": st.integers(1, 500),
        "classes": st.just(DEFAULT_CONFIG["classes"]),
        "cut": st.sampled_from([0.1, 0.25, 0.34, 0.5, 1]),
        "best_n": st.integers(1, 6),
    }
)


@st.composite
def events(draw):
    n = draw(st.integers(1, 300))
    # Ranks as standings give them: sorted, ties share the first rank (1, 1, 3).
    cuts = sorted(draw(st.sets(st.integers(2, n), max_size=min(n - 1, 20)))) if n > 1 else []
    ranks, start = [], 1
    for end in [*cuts, n + 1]:
        ranks += [start] * (end - start)
        start = end
    return ranks


@settings(max_examples=examples(200), deadline=None)
@given(configs, events(), st.sampled_from(CLASSES))
def test_event_points_properties(data, ranks, event_class):
    config = parse_config(data)
    n = len(ranks)
    points = event_points(ranks, event_class, config)
    # Never more points for a worse place; equal ranks, equal points; nothing negative.
    assert all(a >= b for a, b in zip(points, points[1:], strict=False))
    assert all(
        p == q for p, q, r, s in zip(points, points[1:], ranks, ranks[1:], strict=False) if r == s
    )
    assert min(points) >= 0
    # Ties share: the event awards exactly top × (k + 1) / 2, tied or not.
    assert sum(points) == total_awarded(n, event_class, config)
    # The winner's award is the top award when untied, never more.
    assert points[0] <= top_award(n, event_class, config)
    if ranks.count(1) == 1:
        assert points[0] == top_award(n, event_class, config)


@settings(max_examples=examples(200), deadline=None)
@given(configs, st.integers(1, 400), st.integers(1, 400), st.integers(1, 50))
def test_awards_scale_with_field_and_class(data, n, m, place):
    config = parse_config(data)
    small, big = sorted((n, m))
    for event_class in CLASSES:
        assert place_award(place, big, event_class, config) >= place_award(
            place, small, event_class, config
        )
    for low, high in zip(CLASSES, CLASSES[1:], strict=False):
        assert place_award(place, n, high, config) >= place_award(place, n, low, config)
    # Place p scores exactly when it is within the cut.
    assert (place_award(place, n, "county", config) > 0) == (place <= scoring_places(n, config))


results_st = st.lists(st.integers(0, 1000), max_size=8)


@settings(max_examples=examples(200), deadline=None)
@given(st.dictionaries(st.integers(1, 30), results_st, max_size=12), st.integers(1, 6))
def test_standings_properties(points_by_person, best_n):
    results = {
        person: [Result(i, Fraction(p, 7), 1, 10, order=i) for i, p in enumerate(points)]
        for person, points in points_by_person.items()
    }
    rows = series_standings(results, best_n)
    assert sorted(row.person for row in rows) == sorted(results)
    for row in rows:
        everything = sum((r.points for r in results[row.person]), Fraction(0))
        assert row.points <= everything
        assert len(row.counted) == min(best_n, len(results[row.person]))
        assert row.points == sum((r.points for r in row.counted), Fraction(0))
        left_out = set(results[row.person]) - set(row.counted)
        assert all(r.points <= min(c.points for c in row.counted) for r in left_out)
    assert all(a.points >= b.points for a, b in zip(rows, rows[1:], strict=False))
    # Ranks: the first is 1, equal ranks only for equal points, a shared rank skips.
    for index, (a, b) in enumerate(zip(rows, rows[1:], strict=False), start=2):
        assert b.rank in (a.rank, index)
        if b.rank == a.rank:
            assert b.points == a.points
    assert not rows or rows[0].rank == 1
