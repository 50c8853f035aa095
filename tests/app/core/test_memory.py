"""Handing freed memory back (tournament/core/memory.py): a trim when the last request under
way ends, at most one each TRIM_EVERY seconds, never while another request runs."""

from __future__ import annotations

import pytest

from tournament.core import memory


class Trims(list):
    """The trims asked for, and the clock they were asked at."""

    now = 1000.0


@pytest.fixture
def trims(monkeypatch) -> Trims:
    calls = Trims()
    monkeypatch.setattr(memory, "_trim", calls.append)
    monkeypatch.setattr(memory, "_busy", 0)
    monkeypatch.setattr(memory, "_last", 0.0)
    monkeypatch.setattr(memory, "_clock", lambda: calls.now)
    return calls


def test_the_last_request_of_a_busy_moment_trims_once_a_second(trims):
    memory.request_started()
    memory.request_started()
    memory.request_finished()
    assert trims == []  # another request still runs
    memory.request_finished()
    assert trims == [0]
    memory.request_started()
    memory.request_finished()
    assert trims == [0]  # less than TRIM_EVERY after the last trim
    trims.now += memory.TRIM_EVERY
    memory.request_started()
    memory.request_finished()
    assert trims == [0, 0]


def test_a_request_ending_twice_never_counts_below_idle(trims):
    memory.request_finished()
    memory.request_finished()
    memory.request_started()
    assert memory._busy == 1


def test_glibc_is_found_here():
    assert memory._malloc_trim() is not None  # this Linux (and CI's) runs glibc
