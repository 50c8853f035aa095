"""Property tests over random events (hypothesis).

The round totals follow docs/rules.md §6: every match in ``points26`` hands out 26 points
except forfeits (18 : 0, or 0 : 0 when both pairs are absent); every match in
``match_points`` hands out 2 (0 when both are absent); in ``hundred_plus`` a decided match
hands out 100 + the winner's level index (100 + d to the winner, the loser's index to the
loser).
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.levels import LEVELS, level_index
from scoring import (
    METRICS,
    SYSTEMS,
    MatchRecord,
    ScoreOptions,
    StandingsRules,
    score_match,
    standings,
)
from scoring.history import pair_history
from tests.budget import examples

PROPERTY_SETTINGS = settings(max_examples=examples(20), deadline=None)

# The bye score of each policy, from the systems' forfeit wins and draws (docs/rules.md §6).
BYE_POINTS = {
    "forfeit_win": {"points26": 18, "match_points": 2, "hundred_plus": 105},
    "draw": {"points26": 13, "match_points": 1, "hundred_plus": 0},
    "zero": {"points26": 0, "match_points": 0, "hundred_plus": 0},
}
BYE_LEVEL_POINTS = {
    "forfeit_win": {"points26": 5, "match_points": 10, "hundred_plus": 5},
    "draw": {"points26": 0, "match_points": 0, "hundred_plus": 0},
    "zero": {"points26": 0, "match_points": 0, "hundred_plus": 0},
}
FORFEIT_LEVEL_POINTS = {"points26": 5, "match_points": 10, "hundred_plus": 5}

levels = st.sampled_from(LEVELS)


@st.composite
def played_levels(draw) -> tuple[str, str]:
    ew = draw(levels)
    ns = draw(levels.filter(lambda level: not (level == "A+" == ew)))
    return ew, ns


@st.composite
def table_result(draw) -> dict:
    kind = draw(st.sampled_from(["played"] * 4 + ["forfeit", "defeat"]))
    fouls = {"ew_fouls": draw(st.integers(0, 3)), "ns_fouls": draw(st.integers(0, 3))}
    if kind == "played":
        ew, ns = draw(played_levels())
        return {"ew_level": ew, "ns_level": ns, **fouls}
    if kind == "forfeit":
        return {"forfeit": draw(st.sampled_from(["EW", "NS", "both"])), **fouls}
    side = draw(st.sampled_from(["EW", "NS"]))
    reason = draw(st.sampled_from(["three_fouls", "three_hidden", "late"]))
    return {"defeat": (side, reason), **fouls}


@st.composite
def events(draw, max_pairs: int = 11, max_rounds: int = 4) -> tuple[list[int], list]:
    pairs = list(range(1, draw(st.integers(2, max_pairs)) + 1))
    records: list[MatchRecord] = []
    for rnd in range(1, draw(st.integers(1, max_rounds)) + 1):
        seating = draw(st.permutations(pairs))
        if len(seating) % 2:
            records.append(MatchRecord(rnd, ew=seating[-1], ns=None))
        for i in range(0, len(seating) - 1, 2):
            records.append(
                MatchRecord(rnd, ew=seating[i], ns=seating[i + 1], **draw(table_result()))
            )
    return pairs, records


def expected_points(system: str, record: MatchRecord, bye_policy: str) -> int:
    """Points a table hands out in total, straight from docs/rules.md §6 and §8."""
    if record.ns is None:
        return BYE_POINTS[bye_policy][system]
    if record.forfeit == "both":
        return 0
    forfeit = record.forfeit is not None or (record.defeat and record.defeat[1] == "late")
    if system == "match_points":
        return 2
    if system == "points26":
        return 18 if forfeit else 26
    if forfeit:
        return 105
    if record.defeat:
        return 113
    high = max(level_index(record.ew_level), level_index(record.ns_level))
    low = min(level_index(record.ew_level), level_index(record.ns_level))
    if high == low or high < level_index("A+"):
        return high + low  # a draw, or time with nobody past A: climbed levels only
    return 100 + high


def round_totals(rows_by_round: list[list]) -> list[int]:
    totals = [sum(row.points for row in rows) for rows in rows_by_round]
    return [b - a for a, b in zip([0, *totals], totals, strict=False)]


@PROPERTY_SETTINGS
@given(
    event=events(),
    system=st.sampled_from(list(SYSTEMS)),
    bye_policy=st.sampled_from(list(BYE_POINTS)),
)
def test_points_awarded_in_each_round_add_up_as_the_rules_say(event, system, bye_policy):
    pairs, records = event
    rules = StandingsRules(system, bye_policy=bye_policy)
    last = max(r.round for r in records)
    after = [standings(records, rules, pairs=pairs, after_round=n) for n in range(1, last + 1)]
    expected = [
        sum(expected_points(system, r, bye_policy) for r in records if r.round == n)
        for n in range(1, last + 1)
    ]
    assert round_totals(after) == expected


@PROPERTY_SETTINGS
@given(event=events(), system=st.sampled_from(list(SYSTEMS)))
def test_level_points_cancel_out_except_double_forfeits_and_byes(event, system):
    pairs, records = event
    rows = standings(records, StandingsRules(system), pairs=pairs)
    both = sum(1 for r in records if r.forfeit == "both")
    byes = sum(1 for r in records if r.ns is None)
    expected = (
        -2 * FORFEIT_LEVEL_POINTS[system] * both + BYE_LEVEL_POINTS["forfeit_win"][system] * byes
    )
    assert sum(row.level_diff for row in rows) == expected


@PROPERTY_SETTINGS
@given(ew_ns=played_levels())
def test_a_played_points26_match_always_hands_out_26(ew_ns):
    ew, ns = ew_ns
    s = score_match("points26", ew=ew, ns=ns)
    assert s.ew_points + s.ns_points == 26
    assert s.ew_points - s.ns_points == 2 * s.ew_level_points
    assert s.ew_level_points == level_index(ew) - level_index(ns)


@PROPERTY_SETTINGS
@given(event=events(), system=st.sampled_from(list(SYSTEMS)), seed=st.integers(0, 2**31))
def test_default_chain_gives_a_strict_order_that_explains_itself(event, system, seed):
    pairs, records = event
    rows = standings(records, StandingsRules(system, lot_seed=seed), pairs=pairs)
    assert [r.rank for r in rows] == list(range(1, len(pairs) + 1))
    assert sorted(r.pair for r in rows) == pairs
    chain = StandingsRules(system).tiebreaks
    for above, below in zip(rows, rows[1:], strict=False):
        # Equal on every metric before the deciding one, better on the deciding one.
        key = below.decided_by
        assert key in chain
        for earlier in chain[: chain.index(key)]:
            assert above.values[earlier] == below.values[earlier]
        if key == "lot":
            assert above.lot_draw < below.lot_draw
        elif METRICS[key].higher_is_better:
            assert above.values[key] > below.values[key]
        else:
            assert above.values[key] < below.values[key]


@PROPERTY_SETTINGS
@given(event=events(), system=st.sampled_from(list(SYSTEMS)), shuffle_seed=st.integers())
def test_standings_do_not_depend_on_record_order(event, system, shuffle_seed):
    pairs, records = event
    rules = StandingsRules(system, lot_seed=7)
    shuffled = list(records)
    random.Random(shuffle_seed).shuffle(shuffled)
    first = [(r.pair, r.rank, r.points, r.values) for r in standings(records, rules)]
    second = [(r.pair, r.rank, r.points, r.values) for r in standings(shuffled, rules)]
    assert first == second


@PROPERTY_SETTINGS
@given(event=events(), system=st.sampled_from(list(SYSTEMS)), data=st.data())
def test_after_round_equals_dropping_the_later_rounds(event, system, data):
    pairs, records = event
    last = max(r.round for r in records)
    n = data.draw(st.integers(1, last))
    rules = StandingsRules(system)
    kept = [r for r in records if r.round <= n]
    assert standings(records, rules, pairs=pairs, after_round=n) == standings(
        kept, rules, pairs=pairs
    )


@PROPERTY_SETTINGS
@given(event=events(max_pairs=7), system=st.sampled_from(list(SYSTEMS)))
def test_team_history_adds_up_to_the_standings(event, system):
    pairs, records = event
    rules = StandingsRules(system)
    for row in standings(records, rules, pairs=pairs):
        lines = pair_history(records, rules, row.pair)
        assert (lines[-1].total if lines else 0) == row.points
        assert sum(line.level_points for line in lines) == row.level_diff
        assert sum(line.fouls for line in lines) == row.fouls
        assert len(lines) == row.tables == row.wins + row.draws + row.losses


def expected_hundred(record: MatchRecord, options: ScoreOptions, bye_policy: str) -> int:
    """Points a 100+ table hands out under ``options`` (docs/rules.md §6, its two options)."""
    if record.ns is None:
        return options.hundred_forfeit if bye_policy == "forfeit_win" else 0
    if record.forfeit == "both":
        return 0
    if record.forfeit is not None or (record.defeat and record.defeat[1] == "late"):
        return options.hundred_forfeit
    if record.defeat:
        return 113
    high = max(level_index(record.ew_level), level_index(record.ns_level))
    low = min(level_index(record.ew_level), level_index(record.ns_level))
    if high == low or (high < 13 and options.hundred_at_time == "climbed_only"):
        return high + low
    if high == 13 and record.pass_upgrade is not None:
        return 100 + min(12 + record.pass_upgrade - low, 15) + low
    return 100 + high


@PROPERTY_SETTINGS
@given(
    event=events(),
    bye_policy=st.sampled_from(list(BYE_POINTS)),
    at_time=st.sampled_from(["climbed_only", "higher_wins"]),
    forfeit=st.integers(100, 115),
    upgrades=st.lists(st.sampled_from([None, 1, 2, 3, 5]), min_size=1),
)
def test_hundred_plus_follows_its_options_and_the_pass_upgrade(
    event, bye_policy, at_time, forfeit, upgrades
):
    pairs, records = event
    records = [
        dataclasses.replace(r, pass_upgrade=upgrades[i % len(upgrades)])
        if "A+" in (r.ew_level, r.ns_level) and not r.forfeit and not r.defeat
        else r
        for i, r in enumerate(records)
    ]
    options = ScoreOptions(hundred_at_time=at_time, hundred_forfeit=forfeit)
    rules = StandingsRules("hundred_plus", bye_policy=bye_policy, options=options)
    rows = standings(records, rules, pairs=pairs)
    assert sum(row.points for row in rows) == sum(
        expected_hundred(r, options, bye_policy) for r in records
    )
    assert all(0 <= row.points <= 115 * len({r.round for r in records}) for row in rows)
