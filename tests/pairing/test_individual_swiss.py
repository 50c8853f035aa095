"""Individual Swiss (docs/rules.md §17.2): worked rounds by hand, an exact brute-force
reference on small fields, and hypothesis properties over simulated events of 8–200
players and 3–9 rounds (every player placed once, sit-outs spread evenly, no repeated
partner while one is avoidable, groups in rank order when nothing forces otherwise).

Vocabulary as in :mod:`pairing.individual_swiss`.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import PairingError, pair_individuals
from pairing import errors as codes
from pairing.individual_swiss import (
    FLAG_OPPONENT_AGAIN,
    FLAG_PARTNER_AGAIN,
    FLAG_REGROUPED,
    FLAG_SAME_UNIT_PARTNERS,
    choose_sit_outs,
)
from tests.budget import examples
from tests.pairing.individual_checks import (
    Simulation,
    brute_force_fewest,
    fewest_repeated_partners,
)

SHAPES = ((0, 3, 1, 2), (0, 2, 1, 3), (0, 1, 2, 3))


def seats(round_):
    return [(t.number, t.ew, t.ns) for t in round_.tables]


def test_round_one_groups_of_four_in_draw_order():
    r = pair_individuals(list("ABCDEFGHIJ"))
    assert seats(r) == [(1, ("A", "D"), ("B", "C")), (2, ("E", "H"), ("F", "G"))]
    assert r.sitting_out == ("I", "J") and not any(t.flags for t in r.tables)
    r = pair_individuals(list("ABCDEFGH"), seating="first_ns", first_table=5)
    assert seats(r) == [(5, ("B", "C"), ("A", "D")), (6, ("F", "G"), ("E", "H"))]
    assert r.tables[0].partner_of("A") == "D" and r.tables[0].seat_of("A") == "NS"
    assert r.table_of("G").number == 6 and r.table_of("Z") is None


def test_round_two_mixes_the_two_groups_when_each_would_repeat():
    # Round 1: A+D beat B+C, E+H beat F+G. Ranked A D E H B C F G: the top group A D E H
    # holds two old partnerships; every shape of it pairs old partners or sets old
    # partners against each other, and so does B C F G. Mixing the groups, each table
    # takes two old opponents as new partners: nobody meets a tablemate across the table.
    partners = [("A", "D"), ("B", "C"), ("E", "H"), ("F", "G")]
    opponents = [(a, b) for a in "AD" for b in "BC"] + [(a, b) for a in "EH" for b in "FG"]
    r = pair_individuals(list("ADEHBCFG"), partners=partners, opponents=opponents)
    assert seats(r) == [(1, ("A", "B"), ("E", "F")), (2, ("D", "C"), ("H", "G"))]
    assert (r.repeated_partners, r.repeated_opponents) == (0, 0)
    assert all(FLAG_REGROUPED in t.flags for t in r.tables)


def test_old_partners_in_one_group_are_split_by_the_nearest_exchange():
    # A and D were partners: in every shape of A B C D they would partner or face each
    # other again. The nearest change swaps the 4th and the 5th (D and E).
    r = pair_individuals(list("ABCDEFGH"), partners=[("A", "D")])
    assert seats(r) == [(1, ("A", "E"), ("B", "C")), (2, ("D", "H"), ("F", "G"))]
    assert r.repeated_opponents == 0 and all(FLAG_REGROUPED in t.flags for t in r.tables)


def test_same_unit_partners_hard_soft_and_off():
    units = {"A": "甲", "D": "甲"}
    hard = pair_individuals(list("ABCDEFGH"), units=units, avoid_same_unit="hard")
    assert seats(hard)[0] == (1, ("A", "C"), ("B", "D"))
    off = pair_individuals(list("ABCDEFGH"), units=units, avoid_same_unit="off")
    assert seats(off)[0] == (1, ("A", "D"), ("B", "C")) and off.same_unit_partners == 1
    assert not off.tables[0].flags  # off: nothing to flag
    # Everybody of one unit: unavoidable, flagged under soft.
    soft = pair_individuals(list("ABCD"), units=dict.fromkeys("ABCD", "乙"), avoid_same_unit="soft")
    assert FLAG_SAME_UNIT_PARTNERS in soft.tables[0].flags and soft.same_unit_partners == 2


def test_hard_units_yield_to_the_partner_rule():
    # Four players, all of one unit, A+D and A+C partnered before: only A+B is left for A.
    r = pair_individuals(
        list("ABCD"),
        partners=[("A", "D"), ("A", "C")],
        units=dict.fromkeys("ABCD", "丙"),
        avoid_same_unit="hard",
    )
    assert r.repeated_partners == 0 and seats(r)[0][1] == ("A", "B")


def test_an_unavoidable_repeated_partner_is_flagged():
    # Four players who have partnered everyone: every shape repeats both partnerships.
    everyone = [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"), ("B", "D"), ("C", "D")]
    r = pair_individuals(list("ABCD"), partners=everyone)
    assert r.repeated_partners == 2 and FLAG_PARTNER_AGAIN in r.tables[0].flags
    assert FLAG_OPPONENT_AGAIN in r.tables[0].flags and r.repeated_opponents == 4


def test_sit_outs_fewest_first_then_lowest_ranked():
    assert choose_sit_outs(list("ABCDEFG"), {}) == ["E", "F", "G"]
    assert choose_sit_outs(list("ABCDEFG"), {"G": 1, "F": 1}) == ["C", "D", "E"]
    assert choose_sit_outs(list("ABCDEFG"), dict.fromkeys("ABCDEF", 1)) == ["E", "F", "G"]
    assert choose_sit_outs(list("ABCDEFGH"), {}) == []


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: pair_individuals(list("ABC")), codes.TOO_FEW),
        (lambda: pair_individuals(list("ABCA")), codes.DUPLICATE_ENTRANT),
        (lambda: pair_individuals(list("ABCD"), avoid_same_unit="yes"), codes.OPTION),
        (lambda: pair_individuals(list("ABCD"), seating="x"), codes.OPTION),
        (lambda: pair_individuals(list("ABCD"), seed="1"), codes.BAD_SEED),
    ],
)
def test_refusals(call, code):
    with pytest.raises(PairingError) as caught:
        call()
    assert caught.value.code == code


def test_history_of_players_no_longer_playing_is_ignored():
    r = pair_individuals(list("ABCD"), partners=[("A", "Z"), ("A", "A")], opponents=[("Z", "B")])
    assert seats(r) == [(1, ("A", "D"), ("B", "C"))]


# --- references and properties ------------------------------------------------------------


def check_round(sim: Simulation, r) -> None:
    """Every property one round must have, against the simulation before it is played."""
    ranking = sim.ranking()
    placed = [p for t in r.tables for p in t.players] + list(r.sitting_out)
    assert sorted(placed) == sorted(ranking)
    assert len(r.sitting_out) == len(ranking) % 4
    # The sit-outs: fewest so far, then lowest-ranked.
    expected = sorted(ranking, key=lambda p: (sim.sit_outs[p], -ranking.index(p)))
    assert set(r.sitting_out) == set(expected[: len(ranking) % 4])
    playing = [p for p in ranking if p not in r.sitting_out]
    partnered = sim.partnered()
    again = sum(frozenset(pair) in partnered for t in r.tables for pair in (t.ew, t.ns))
    assert again == r.repeated_partners == fewest_repeated_partners(playing, partnered)
    if len(playing) <= 12:
        hard = sim.mode == "hard"
        same = sum(
            sim.units.get(a) is not None and sim.units.get(a) == sim.units.get(b)
            for t in r.tables
            for a, b in (t.ew, t.ns)
        )
        fewest = brute_force_fewest(playing, partnered, sim.units, hard)
        assert (again, same if hard else 0) == fewest
    check_rank_order(sim, playing, r)


def clean_shape(sim: Simulation, four: list):
    """The first shape of four players with no repeated partner or opponent and no
    same-unit partners (when avoided), or None."""
    partnered, met = sim.partnered(), sim.met()
    for a, b, c, d in ([four[i] for i in shape] for shape in SHAPES):
        if {frozenset((a, b)), frozenset((c, d))} & partnered:
            continue
        if any(frozenset((x, y)) in met for x in (a, b) for y in (c, d)):
            continue
        units = sim.units
        if sim.mode != "off" and any(
            units.get(x) is not None and units.get(x) == units.get(y) for x, y in ((a, b), (c, d))
        ):
            continue
        return ((a, b), (c, d))
    return None


def check_rank_order(sim: Simulation, playing: list, r) -> None:
    """When every group of four in rank order has a clean shape, the round is exactly
    those groups, each in its first clean shape."""
    groups = [playing[i : i + 4] for i in range(0, len(playing), 4)]
    shapes = [clean_shape(sim, group) for group in groups]
    if all(shape is not None for shape in shapes):
        made = [({*t.ew}, {*t.ns}) for t in r.tables]
        assert made == [tuple(map(set, shape)) for shape in shapes]
        assert not any(t.flags for t in r.tables)


@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(8, 12),
    rounds=st.integers(3, 9),
    unit_count=st.integers(0, 4),
    mode=st.sampled_from(["off", "soft", "hard"]),
    seed=st.integers(0, 10**6),
)
def test_small_fields_against_the_exact_reference(n, rounds, unit_count, mode, seed):
    units = {p: f"u{p % unit_count}" for p in range(n)} if unit_count else {}
    sim = Simulation(list(range(n)), units=units, mode=mode, seed=seed)
    for _ in range(rounds):
        r = sim.pair()
        check_round(sim, r)
        sim.play(r)
    assert (
        max(sim.sit_outs.values(), default=0)
        - min((sim.sit_outs[p] for p in sim.players), default=0)
        <= 1
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    n=st.integers(8, 200),
    rounds=st.integers(3, 9),
    unit_count=st.integers(0, 12),
    mode=st.sampled_from(["off", "soft", "hard"]),
    seed=st.integers(0, 10**6),
)
def test_random_fields_keep_every_rule(n, rounds, unit_count, mode, seed):
    units = {p: f"u{p % unit_count}" for p in range(n)} if unit_count else {}
    sim = Simulation(list(range(n)), units=units, mode=mode, seed=seed)
    for _ in range(rounds):
        r = sim.pair()
        check_round(sim, r)
        sim.play(r)
        counts = Counter({p: sim.sit_outs[p] for p in sim.players})
        assert max(counts.values()) - min(counts.values()) <= 1  # nobody sits out twice first


def test_a_field_that_runs_out_of_partners_repeats_as_few_as_possible():
    # Eight players, nine rounds: seven rounds without a repeated partner (every player
    # has seven others), then repeats, as few as the exact reference allows.
    sim = Simulation(list(range(8)), seed=3)
    repeats = []
    for _ in range(9):
        r = sim.pair()
        check_round(sim, r)
        repeats.append(r.repeated_partners)
        sim.play(r)
    assert repeats[:7] == [0] * 7 and all(repeats[7:])
