"""A series' points table and its standings (系列赛积分, docs/rules.md §20): pure, no Django.

Vocabulary
----------
series
    A set of events (系列赛/联赛) whose players collect points by their places.
class
    An event's level in the series (``county`` 县级, ``city`` 市级, ``province`` 省级,
    ``national`` 全国): a factor on its awards.
field
    The number of entries an event ranked (pairs, teams or players): the field factor
    grows with it, by a step table, as bridge masterpoints grow with the tables in play.
top award
    ``base × class factor × field factor``: what first place earns.
cut
    The share of the field that scores: the first ``ceil(field × cut)`` places (at least
    one). Place ``p`` of those ``k`` earns ``top × (k − p + 1) / k``: the last scoring
    place a ``k``-th of the top award. The event awards ``top × (k + 1) / 2`` in all.
tie
    Entries tied on a rank share the awards of the places they fill, equally.
best N
    A player's series points are the sum of their best ``N`` events' points.

Every figure here is an exact :class:`~fractions.Fraction`. A series counts each award
rounded half up to hundredths (:func:`cents`, integer hundredths of a point): the figures a
page shows then add up, and summing and ranking thousands of players stays cheap.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.errors import BAD_SERIES_CONFIG, ScoringError
from scoring.errors import UNKNOWN_EVENT_CLASS as UNKNOWN_CLASS

CLASSES = ("county", "city", "province", "national")
DEFAULT_CONFIG: dict = {
    "base": 100,
    "classes": {"county": 1, "city": 1.5, "province": 2, "national": 3},
    # [least entries, factor]: the field factor of an event is that of the last step its
    # field reaches (16 entries: 1; 100 entries: 1.5).
    "field": [[1, 0.5], [8, 0.75], [16, 1], [32, 1.25], [64, 1.5], [128, 1.75], [256, 2]],
    "cut": 0.34,
    "best_n": 5,
}


@dataclass(frozen=True)
class SeriesConfig:
    base: Fraction
    classes: Mapping[str, Fraction]
    field: tuple[tuple[int, Fraction], ...]
    cut: Fraction
    best_n: int


def _number(value, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ScoringError(BAD_SERIES_CONFIG, detail=f"{what}={value!r}")
    try:
        number = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        raise ScoringError(BAD_SERIES_CONFIG, detail=f"{what}={value!r}") from None
    if number <= 0:
        raise ScoringError(BAD_SERIES_CONFIG, detail=f"{what}={value!r}")
    return number


def _steps(value) -> tuple[tuple[int, Fraction], ...]:
    if not isinstance(value, list) or not value:
        raise ScoringError(BAD_SERIES_CONFIG, detail=f"field={value!r}")
    steps = []
    for step in value:
        if not (isinstance(step, list | tuple) and len(step) == 2):
            raise ScoringError(BAD_SERIES_CONFIG, detail=f"field step {step!r}")
        least = step[0]
        if isinstance(least, bool) or not isinstance(least, int) or least < 1:
            raise ScoringError(BAD_SERIES_CONFIG, detail=f"field step {step!r}")
        steps.append((least, _number(step[1], "field factor")))
    if steps[0][0] != 1 or any(
        a[0] >= b[0] or a[1] > b[1] for a, b in zip(steps, steps[1:], strict=False)
    ):
        # From one entry up, growing: a bigger field never earns less.
        raise ScoringError(BAD_SERIES_CONFIG, detail=f"field={value!r}")
    return tuple(steps)


def parse_config(data: Mapping | None) -> SeriesConfig:
    """A series' JSON settings, each key defaulting to :data:`DEFAULT_CONFIG`'s."""
    data = {**DEFAULT_CONFIG, **(data or {})}
    unknown = set(data) - set(DEFAULT_CONFIG)
    if unknown:
        raise ScoringError(BAD_SERIES_CONFIG, detail=f"unknown keys {sorted(unknown)}")
    classes = data["classes"]
    if not isinstance(classes, Mapping) or not classes:
        raise ScoringError(BAD_SERIES_CONFIG, detail=f"classes={classes!r}")
    cut = _number(data["cut"], "cut")
    best_n = data["best_n"]
    if cut > 1 or isinstance(best_n, bool) or not isinstance(best_n, int) or best_n < 1:
        raise ScoringError(BAD_SERIES_CONFIG, detail=f"cut={cut} best_n={best_n!r}")
    return SeriesConfig(
        base=_number(data["base"], "base"),
        classes={str(k): _number(v, f"class {k}") for k, v in classes.items()},
        field=_steps(data["field"]),
        cut=cut,
        best_n=best_n,
    )


def field_factor(n: int, config: SeriesConfig) -> Fraction:
    """The factor of the last step of the field table that ``n`` entries reach."""
    return [factor for least, factor in config.field if n >= least][-1]


def scoring_places(n: int, config: SeriesConfig) -> int:
    """How many places score in a field of ``n``: ``ceil(n × cut)``, at least 1."""
    return max(1, math.ceil(n * config.cut))


def top_award(n: int, event_class: str, config: SeriesConfig) -> Fraction:
    if event_class not in config.classes:
        raise ScoringError(UNKNOWN_CLASS, detail=repr(event_class))
    return config.base * config.classes[event_class] * field_factor(n, config)


def place_award(place: int, n: int, event_class: str, config: SeriesConfig) -> Fraction:
    """The award of place ``place`` (1 = first) in a field of ``n``, untied."""
    k = scoring_places(n, config)
    if place > k:
        return Fraction(0)
    return top_award(n, event_class, config) * (k - place + 1) / k


def total_awarded(n: int, event_class: str, config: SeriesConfig) -> Fraction:
    """Everything an event of ``n`` entries awards: ``top × (k + 1) / 2``."""
    if n < 1:
        return Fraction(0)
    return top_award(n, event_class, config) * (scoring_places(n, config) + 1) / 2


def rank_points(ranks: Sequence[int], event_class: str, config: SeriesConfig) -> dict:
    """Each rank's points (exact), for the entries' ranks ``ranks`` in the event's
    standings (equal ranks are a tie; the field is ``len(ranks)``). Tied entries fill
    consecutive places and share those places' awards equally, whatever numbers the ranks
    use (1, 1, 3 or 1, 1, 2). A rank past the scoring places gets ``0``."""
    n = len(ranks)
    k = scoring_places(n, config) if n else 0
    top = top_award(n, event_class, config) if n else Fraction(0)
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    shares: dict[int, Fraction | int] = {}
    place = 1
    for rank in sorted(counts):
        m = counts[rank]
        last = min(place + m - 1, k)
        # Places place … last score top × (k − p + 1) / k each: an arithmetic series.
        steps = sum(k - p + 1 for p in (place, last)) * (last - place + 1) // 2
        shares[rank] = top * steps / (k * m) if last >= place else 0
        place += m
    return shares


def event_points(ranks: Sequence[int], event_class: str, config: SeriesConfig) -> list[Fraction]:
    """Each entry's points, in the order of ``ranks`` (see :func:`rank_points`)."""
    shares = rank_points(ranks, event_class, config)
    return [Fraction(shares[rank]) for rank in ranks]


@dataclass(frozen=True)
class Result:
    """One player's result in one event of the series; ``order`` places the event in the
    series (it breaks no tie, it only orders equal results)."""

    event: Hashable
    points: Fraction
    place: int
    field: int
    order: int = 0


@dataclass(frozen=True)
class SeriesRow:
    rank: int
    person: Hashable
    points: Fraction
    counted: tuple[Result, ...]
    results: tuple[Result, ...] = field(default=())


def best_results(results: Iterable[Result], best_n: int) -> tuple[Result, ...]:
    """The ``best_n`` results that count: most points first (equal points: the earlier
    event of the series first)."""
    ranked = sorted(results, key=lambda r: (-r.points, r.order))
    return tuple(ranked[:best_n])


def _key(row: SeriesRow, best_n: int) -> tuple:
    # Points, then countback: the best counted result, the second best, … (a missing
    # result counts as 0 points).
    points = [-r.points for r in row.counted]
    return (-row.points, tuple(points + [0] * (best_n - len(points))))


def series_standings(
    results: Mapping[Hashable, Sequence[Result]], best_n: int, *, order: Mapping | None = None
) -> list[SeriesRow]:
    """Rank every person of ``results`` (person -> their results in the series' events) by
    the sum of their ``best_n`` best results; a tie on points goes to the better best
    result, then the better second best, and so on (countback); still tied, the rank is
    shared (1, 1, 3) and ``order`` (person -> a sort key,
    e.g. the name) lists them."""
    keyed = []
    for person, person_results in results.items():
        counted = best_results(person_results, best_n)
        total = sum((r.points for r in counted), 0)
        row = SeriesRow(0, person, total, counted, tuple(person_results))
        keyed.append((_key(row, best_n), row))  # once per row: 8,000 persons, one key each
    order = order or {}
    keyed.sort(key=lambda kr: (kr[0], order.get(kr[1].person, ()), str(kr[1].person)))
    ranked, previous = [], None
    for index, (key, row) in enumerate(keyed, start=1):
        rank = ranked[-1].rank if previous == key else index
        ranked.append(SeriesRow(rank, row.person, row.points, row.counted, row.results))
        previous = key
    return ranked


def cents(value: Fraction) -> int:
    """An award in hundredths of a point, rounded half up: what a series counts."""
    return math.floor(value * 100 + Fraction(1, 2))


def hundredths(value: Fraction) -> float:
    """A figure rounded half up to 0.01, as a number."""
    return cents(value) / 100


def points_text(in_cents: int) -> str:
    """Hundredths of a point as the pages print them: ``12345`` → ``"123.45"``."""
    return f"{in_cents // 100}.{in_cents % 100:02d}"
