"""The pure rating core (rating/): properties over random chronological tables."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from rating import MODELS, RatedTable, RatingError, rate, strength
from rating.seeding import divisions, seeded_numbers, strength_order

PEOPLE = st.integers(min_value=1, max_value=12)


@st.composite
def tables(draw) -> RatedTable:
    people = draw(st.lists(PEOPLE, min_size=2, max_size=4, unique=True))
    cut = draw(st.integers(min_value=1, max_value=len(people) - 1))
    left, right = people[:cut][:2], people[cut:][:2]
    winner = draw(st.sampled_from([0, 1, None]))
    margin = 0 if winner is None else draw(st.integers(min_value=1, max_value=13))
    return RatedTable((tuple(left), tuple(right)), winner, margin)


SEASONS = st.lists(tables(), max_size=40)
SETTINGS = settings(max_examples=60, deadline=None)


@SETTINGS
@given(SEASONS, st.sampled_from(sorted(MODELS)), st.booleans())
def test_ordinals_finite_and_tables_counted(season, model, use_margin):
    ratings = rate(season, model=model, use_margin=use_margin)
    for person, r in ratings.items():
        assert math.isfinite(r.mu) and math.isfinite(r.sigma) and math.isfinite(r.ordinal)
        assert r.ordinal == pytest.approx(r.mu - 3 * r.sigma)
        assert r.tables == sum(person in t.sides[0] + t.sides[1] for t in season)


@SETTINGS
@given(SEASONS, tables(), st.booleans())
def test_sigma_never_grows_with_more_play(season, extra, use_margin):
    before = rate(season, use_margin=use_margin)
    after = rate([*season, extra], use_margin=use_margin)
    for person, r in after.items():
        if person in before:
            assert r.sigma <= before[person].sigma + 1e-12


@SETTINGS
@given(SEASONS, st.booleans())
def test_symmetric_outcomes(season, use_margin):
    """Listing each table's sides the other way round (the winner with them) changes
    nothing."""
    swapped = [
        RatedTable((t.sides[1], t.sides[0]), None if t.winner is None else 1 - t.winner, t.margin)
        for t in season
    ]
    a, b = rate(season, use_margin=use_margin), rate(swapped, use_margin=use_margin)
    assert a.keys() == b.keys()
    for person in a:
        assert a[person].mu == pytest.approx(b[person].mu)
        assert a[person].sigma == pytest.approx(b[person].sigma)


@SETTINGS
@given(SEASONS, st.booleans())
def test_deterministic(season, use_margin):
    assert rate(season, use_margin=use_margin) == rate(list(season), use_margin=use_margin)


@SETTINGS
@given(st.sampled_from(sorted(MODELS)), st.integers(1, 13), st.booleans(), st.integers(1, 2))
def test_a_win_against_equals_never_lowers_the_winner(model, margin, use_margin, size):
    winners, losers = (1, 2)[:size], (3, 4)[:size]
    ratings = rate([RatedTable((winners, losers), 0, margin)], model=model, use_margin=use_margin)
    for p in winners:
        assert ratings[p].ordinal > 0 and ratings[p].mu > 25
    for p in losers:
        assert ratings[p].ordinal < ratings[winners[0]].ordinal and ratings[p].mu < 25


def test_a_draw_between_equals_moves_no_mu():
    ratings = rate([RatedTable(((1, 2), (3, 4)), None)])
    assert all(r.mu == pytest.approx(25) for r in ratings.values())


@pytest.mark.parametrize("margin", range(1, 6))  # MARGIN_CAP 6: more counts as 6
def test_a_bigger_margin_moves_more_with_margin_only(margin):
    small = rate([RatedTable(((1, 2), (3, 4)), 0, margin)], use_margin=True)
    big = rate([RatedTable(((1, 2), (3, 4)), 0, margin + 1)], use_margin=True)
    plain = rate([RatedTable(((1, 2), (3, 4)), 0, margin)])
    plain_big = rate([RatedTable(((1, 2), (3, 4)), 0, margin + 7)])
    assert big[1].mu > small[1].mu
    assert plain[1] == plain_big[1]


def test_the_same_as_openskill_itself():
    """Without the margin, the core is OpenSkill's Plackett–Luce (sigma limited)."""
    model = PlackettLuce(limit_sigma=True)
    a, b, c, d = (model.rating() for _ in range(4))
    [[a, b], [c, d]] = model.rate([[a, b], [c, d]], ranks=[0, 1])
    [[a], [c]] = model.rate([[a], [c]], ranks=[1, 0])
    ours = rate([RatedTable(((1, 2), (3, 4)), 0), RatedTable(((1,), (3,)), 1)])
    assert ours[1].mu == pytest.approx(a.mu) and ours[1].sigma == pytest.approx(a.sigma)
    assert ours[3].mu == pytest.approx(c.mu) and ours[2].mu == pytest.approx(b.mu)
    assert ours[4].tables == 1 and ours[1].tables == 2


def test_a_person_twice_at_a_table_is_skipped():
    assert rate([RatedTable(((1, 2), (2, 3)), 0)]) == {}
    assert rate([RatedTable(((1, 1), (2, 3)), 0)]) == {}


@pytest.mark.parametrize(
    "bad",
    [
        RatedTable(((), (1,)), 0),
        RatedTable(((1, 2, 3), (4,)), 0),
        RatedTable(((1,), (2,)), 2),
        RatedTable(((1,), (2,)), 0, -1),
    ],
)
def test_bad_tables_refused(bad):
    with pytest.raises(RatingError):
        rate([bad])
    with pytest.raises(RatingError):
        rate([], model="elo")


def test_strength_is_the_mean_mu_or_ordinal_with_a_default_for_unknowns():
    ratings = rate([RatedTable(((1, 2), (3, 4)), 0)])
    assert strength([1, 2], ratings) == pytest.approx(ratings[1].mu)
    assert strength([1, None], ratings) == pytest.approx((ratings[1].mu + 25) / 2)
    assert strength([1, 2], ratings, key="ordinal") == pytest.approx(ratings[1].ordinal)
    assert strength([1, None], ratings, key="ordinal") == pytest.approx(ratings[1].ordinal / 2)
    assert strength([99], ratings, default=-5) == -5
    assert strength([], ratings) == 25
    with pytest.raises(RatingError):
        strength([1], ratings, key="sigma")


@SETTINGS
@given(
    st.dictionaries(st.integers(1, 200), st.floats(-30, 30), min_size=2, max_size=40),
    st.integers(0, 10**6),
)
def test_seeded_numbers_put_the_top_half_against_the_bottom_half(strengths, seed):
    numbers = seeded_numbers(strengths, seed)
    n = len(strengths)
    assert sorted(numbers.values()) == list(range(1, n + 1))
    assert seeded_numbers(strengths, seed) == numbers
    by_number = {k: i for i, k in numbers.items()}
    order = strength_order(strengths, seed)
    top = set(order[: (n - n % 2) // 2])
    for k in range(1, n - n % 2, 2):  # table (k, k+1): one of the top half, one not
        assert (by_number[k] in top) != (by_number[k + 1] in top)
        assert strengths[by_number[k]] >= strengths[by_number[k + 1]]
    if n % 2:
        assert by_number[n] == order[-1]


def test_seeded_numbers_keep_hand_numbers():
    strengths = {1: 10.0, 2: 8.0, 3: 6.0, 4: 4.0}
    assert seeded_numbers(strengths, 1) == {1: 1, 3: 2, 2: 3, 4: 4}
    assert seeded_numbers(strengths, 1, {4: 1}) == {4: 1, 1: 2, 3: 3, 2: 4}
    assert seeded_numbers(strengths, 1, fold=False) == {1: 1, 2: 2, 3: 3, 4: 4}


@SETTINGS
@given(
    st.dictionaries(st.integers(1, 200), st.floats(-30, 30), max_size=40),
    st.integers(1, 5),
)
def test_divisions_are_balanced_and_ordered(strengths, count):
    parts = divisions(strengths, count, seed=3)
    assert len(parts) == count
    assert sorted(i for part in parts for i in part) == sorted(strengths)
    sizes = [len(p) for p in parts]
    assert max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)
    for upper, lower in zip(parts, parts[1:], strict=False):
        if upper and lower:
            assert min(strengths[i] for i in upper) >= max(strengths[i] for i in lower)


def _openskill_season(season):
    model = PlackettLuce(limit_sigma=True)
    state = {}
    for t in season:
        people = [p for side in t.sides for p in side]
        if len(set(people)) != len(people):
            continue
        teams = [[state.get(p) or model.rating() for p in side] for side in t.sides]
        ranks = [0, 0] if t.winner is None else [t.winner, 1 - t.winner]
        new = model.rate(teams, ranks=ranks)
        for side, rated in zip(t.sides, new, strict=True):
            for p, r in zip(side, rated, strict=True):
                state[p] = r
    return state


@settings(max_examples=150, deadline=None)
@given(SEASONS)
def test_the_fast_plackett_luce_is_openskills(season):
    """The written-out two-team update gives OpenSkill's own numbers, season after season."""
    ours = rate(season)
    theirs = _openskill_season(season)
    assert ours.keys() == theirs.keys()
    for p, r in theirs.items():
        assert ours[p].mu == pytest.approx(r.mu, abs=1e-9)
        assert ours[p].sigma == pytest.approx(r.sigma, abs=1e-9)
