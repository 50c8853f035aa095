"""Knockout brackets: seeding, byes to the top seeds, advancing, third place, units."""

from __future__ import annotations

import pytest

from pairing.bracket import Bracket, advance, knockout_bracket, seed_order
from pairing.errors import PairingError


def test_seed_order_of_sixteen():
    order = seed_order(16)
    assert order == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    # Every first-round match adds up to 17 (1 v 16, 8 v 9, …); seeds 1–4 are in different quarters.
    assert all(order[k] + order[k + 1] == 17 for k in range(0, 16, 2))
    assert sorted(order.index(s) // 4 for s in (1, 2, 3, 4)) == [0, 1, 2, 3]


def test_thirteen_pairs_get_three_byes_for_the_top_seeds():
    seeds = [f"S{i}" for i in range(1, 14)]
    b = knockout_bracket(seeds)
    assert b.size == 16 and len(b.rounds) == 4
    byes = [m for m in b.rounds[0] if m.is_bye]
    assert sorted(m.winner for m in byes) == ["S1", "S2", "S3"]
    # 1 v 16 is a bye, 8 v 9 is played; the bye winners already stand in round 2.
    assert (b.rounds[0][0].ew, b.rounds[0][0].ns) == ("S1", None)
    assert (b.rounds[0][1].ew, b.rounds[0][1].ns) == ("S8", "S9")
    assert b.rounds[1][0].ew == "S1" and b.rounds[1][0].ns is None
    assert len(b.ready_matches(1)) == 5


def play_out(b: Bracket, pick=min) -> Bracket:
    """Let the lower seed number win every match, round by round."""
    for r in range(1, len(b.rounds) + 1):
        for m in b.ready_matches(r):
            b = advance(b, m.id, pick(m.ew, m.ns, key=lambda s: int(s[1:])))
    return b


def test_a_whole_bracket_gives_champion_runner_up_and_third():
    b = play_out(knockout_bracket([f"S{i}" for i in range(1, 14)]))
    assert (b.champion, b.runner_up, b.third) == ("S1", "S2", "S3")
    # The third-place match was between the two losing semi-finalists.
    assert {b.third_place.ew, b.third_place.ns} == {"S3", "S4"}


def test_round_trip_through_plain_data():
    b = knockout_bracket(list("ABCDEF"))
    b = advance(b, "R1-2", b.rounds[0][1].ew)
    assert Bracket.from_dict(b.to_dict()) == b


def test_wrong_winner_and_second_result_are_refused():
    b = knockout_bracket(list("ABCD"))
    with pytest.raises(PairingError):
        advance(b, "R1-1", "Z")
    b = advance(b, "R1-1", "A")
    with pytest.raises(PairingError):
        advance(b, "R1-1", "D")


def test_same_unit_pairs_land_in_different_halves_where_possible():
    seeds = [
        "A1",
        "B1",
        "A2",
        "C1",
        "C2",
        "D1",
        "B2",
        "D2",
    ]  # A1 and A2 would both be in the top half
    units = {s: s[0] for s in seeds}
    b = knockout_bracket(seeds, units=units)
    first = [x for m in b.rounds[0] for x in (m.ew, m.ns)]
    top, bottom = set(first[:4]), set(first[4:])
    for unit in "ABCD":
        members = {s for s in seeds if s[0] == unit}
        assert members & top and members & bottom, (unit, first)
