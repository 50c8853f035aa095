"""The worked examples in the docstrings run, and the benchmark script runs."""

from __future__ import annotations

import doctest
import importlib
import importlib.util
from pathlib import Path

import pytest

MODULES = [
    "scoring",
    "scoring.errors",
    "scoring.systems",
    "scoring.system_numbers",
    "scoring.records",
    "scoring.metrics",
    "scoring.standings",
    "scoring.history",
    "scoring.awards",
    "scoring.units",
    "scoring.rotation",
    "scoring.knockout",
    "scoring.cut",
    "scoring.places",
    "scoring.stages",
    "scoring.team_matches",
    "scoring.team_ranking",
    "scoring.individual_ranking",
    "scoring.series_points",
]
BENCH = Path(__file__).resolve().parents[2] / "bench" / "standings.py"


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_every_module_with_examples_is_listed():
    # A module whose examples are never run would rot silently.
    package = Path(importlib.import_module("scoring").__file__).parent
    names = {f"scoring.{p.stem}" for p in package.glob("*.py") if p.stem != "__init__"}
    assert names | {"scoring"} == set(MODULES)


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_standings", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bench_event_has_one_record_per_table_and_round():
    bench = load_bench()
    records = bench.random_event(41, 3)
    # 41 pairs: 20 tables and one bye per round.
    assert len(records) == 3 * 21
    assert sum(1 for r in records if r.ns is None) == 3
    assert records == bench.random_event(41, 3)  # seeded


def test_bench_prints_its_figures(capsys):
    bench = load_bench()
    assert bench.main(["--pairs", "30", "--rounds", "2", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "30 pairs x 2 rounds = 30 records" in out
    assert "median of 1" in out
