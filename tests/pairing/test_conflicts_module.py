"""Conflicts shown during manual adjustment."""

from __future__ import annotations

from pairing.conflicts import check_pairing
from pairing.entrants import Entrant
from pairing.result import Bye, Pairing, Table
from rules.messages import Message


def field():
    return [
        Entrant(1, 1, unit="南京", opponents=frozenset({2})),
        Entrant(2, 2, unit="南京", opponents=frozenset({1}), seat_balance=2),
        Entrant(3, 3, unit="苏州"),
        Entrant(4, 4, unit="无锡"),
    ]


def kinds(pairing, **kw):
    return sorted(c.kind for c in check_pairing(pairing, field(), **kw))


def test_clean_pairing_has_no_conflict():
    assert kinds(Pairing((Table(1, 1, 3), Table(2, 4, 2)))) == []


def test_rematch_same_unit_and_seat_are_warnings():
    found = check_pairing(
        Pairing((Table(1, 2, 1), Table(2, 3, 4))), field(), avoid_same_unit="hard"
    )
    assert sorted(c.kind for c in found) == ["rematch", "same_unit", "seat_imbalance"]
    assert not any(c.blocking for c in found)
    names = {1: "甲", 2: "乙"}
    rematch = Message("conflict_rematch", {"a": "乙", "b": "甲", "n": 0, "m": 0})
    assert Message("conflict_at_table", {"table": 1, "conflict": rematch}) in [
        c.message(names) for c in found
    ]


def test_pair_twice_missing_unknown_are_blocking():
    found = check_pairing(Pairing((Table(1, 1, 3), Table(2, 1, 9))), field())
    assert sorted(c.kind for c in found if c.blocking) == [
        "duplicate",
        "missing",
        "missing",
        "unknown",
    ]


def test_extra_bye_is_flagged():
    p = Pairing((Table(1, 1, 3),), (Bye(2), Bye(4)))
    assert kinds(p) == ["extra_bye"]


def test_a_forbidden_pairing_is_a_warning_that_names_both_pairs():
    pairing = Pairing((Table(1, 1, 3), Table(2, 4, 2)))
    assert kinds(pairing, forbidden=[(3, 1)]) == ["forbidden"]
    (conflict,) = check_pairing(pairing, field(), forbidden=[(3, 1)])
    assert not conflict.blocking and conflict.table == 1
    inner = conflict.message({1: "甲队", 3: "丙队"}).params["conflict"]
    assert inner == Message("conflict_forbidden", {"a": "甲队", "b": "丙队", "n": 0, "m": 0})
