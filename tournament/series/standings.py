"""A series' standings (系列赛积分榜, docs/rules.md §20): the points table of
:mod:`scoring.series_points` over each person's places in the series' events
(:mod:`tournament.series.places`).

Vocabulary
----------
line
    One person of the standings (:class:`SeriesLine`): rank, points (exact), every event
    they have a place in (:class:`EventResult`, ``counted`` for their best N).
public
    The public page and the certificates show a hidden person (``Person.hidden``) as
    不公开, without name, number or link; the rank stays theirs. The command shows everyone.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring import ScoringError
from scoring.series_points import (
    Result,
    SeriesConfig,
    cents,
    parse_config,
    rank_points,
    series_standings,
)
from tournament.core.errors import Invalid
from tournament.models import Series, SeriesEvent
from tournament.series.places import PersonLinks, event_places, person_links


@dataclass(frozen=True)
class EventResult:
    event_id: int
    slug: str
    name: str
    place: int
    field: int
    points: int  # hundredths of a point (scoring.series_points.cents)
    counted: bool


@dataclass(frozen=True)
class SeriesLine:
    rank: int
    person_id: int
    number: str | None
    name: str
    hidden: bool
    points: int  # hundredths of a point: the sum of the counted results' (exact)
    results: tuple[EventResult, ...]  # in the series' order of events

    @property
    def counted(self) -> tuple[EventResult, ...]:
        return tuple(r for r in self.results if r.counted)


def series_config(series: Series) -> SeriesConfig:
    """The series' points table; a bad stored setting is the organizer's to fix."""
    try:
        return parse_config({**(series.config or {}), "best_n": series.best_n})
    except ScoringError as exc:
        raise Invalid.of(exc) from exc


def series_entries(series: Series) -> list[SeriesEvent]:
    return list(series.entries.select_related("tournament").order_by("added_at", "pk"))


def _results(
    entries: list[SeriesEvent], config: SeriesConfig
) -> tuple[dict[int, list[Result]], PersonLinks]:
    """Person id -> one :class:`Result` per event they have a place in (their best place
    when they have two rows in one event; ``Result.event`` is the event's position), and
    the persons' links with their shown fields."""
    places = [event_places(entry.tournament) for entry in entries]
    links = person_links(zip((e.tournament_id for e in entries), places, strict=True))
    results: dict[int, dict[int, Result]] = {}
    for index, (entry, event) in enumerate(zip(entries, places, strict=True)):
        awards = rank_points(event.ranks, entry.event_class, config)
        points = {rank: cents(award) if award else 0 for rank, award in awards.items()}
        for row, place in event.places:
            result = Result(index, points[place], place, event.field, order=index)
            for person in links.rows[event.kind].get(row, ()):
                mine = results.setdefault(person, {})
                if index not in mine or mine[index].place > place:
                    mine[index] = result
    return {person: list(by_event.values()) for person, by_event in results.items()}, links


def series_lines(series: Series, entries: list[SeriesEvent] | None = None) -> list[SeriesLine]:
    """Every person with a place in the series' events, ranked (statements: a fixed few,
    whatever the number of persons: the entries, the cached places, one per kind of
    event for the persons with their links)."""
    config = series_config(series)
    entries = series_entries(series) if entries is None else entries
    results, links = _results(entries, config)
    persons = links.persons
    order = {pk: (persons[pk][2], persons[pk][1]) for pk in results}
    lines = []
    for row in series_standings(results, config.best_n, order=order):
        number, name, _pinyin, hidden = persons[row.person]
        counted = {r.event for r in row.counted}
        events = tuple(
            _event_result(entries[r.event], r, r.event in counted)
            for r in sorted(row.results, key=lambda r: r.event)
        )
        lines.append(SeriesLine(row.rank, row.person, number, name, hidden, row.points, events))
    return lines


def _event_result(entry: SeriesEvent, result: Result, counted: bool) -> EventResult:
    t = entry.tournament
    return EventResult(t.pk, t.slug, t.name, result.place, result.field, result.points, counted)
