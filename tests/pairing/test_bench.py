"""The pairing benchmark runs, and its simulator is reusable."""

from __future__ import annotations

from bench.pairing import main, simulate_event


def test_simulate_event_plays_the_rounds():
    event = simulate_event(30, 4, seed=1)
    assert event.rounds_played == 4 and len(event.history) == 4
    entrants = event.entrants()
    assert [e.rank for e in entrants] == list(range(1, 31))
    assert all(len(e.opponents) == 4 - e.byes for e in entrants)


def test_benchmark_prints_its_figures(capsys):
    main(["--sizes", "60", "--no-exact"])
    out = capsys.readouterr().out
    assert "60 pairs" in out and "rematches 0" in out


def test_benchmark_compares_with_the_exact_reference(capsys):
    main(["--sizes", "30", "--compare", "60", "--seeds", "1"])
    out = capsys.readouterr().out
    assert "60 pairs, seed 1: ours" in out and "exact minimum" in out
    assert "match_points" in out and "points26" in out  # both scorings by default
    assert "worse than a reference: 0 of 2" in out


def test_individual_benchmark_prints_its_figures(capsys):
    from bench.individual_pairing import main as individual_main

    assert individual_main(["--players", "42", "--rounds", "3", "--units", "5"]) == 0
    out = capsys.readouterr().out
    assert "42 players, round 3:" in out and "repeated partners 0" in out
    assert "sitting out 2" in out and "slowest round" in out
