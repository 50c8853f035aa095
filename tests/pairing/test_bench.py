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
