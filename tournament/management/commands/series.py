"""``manage.py series create SLUG --name N``, ``series add SLUG EVENT_SLUG [--class C]``,
``series remove SLUG EVENT_SLUG``, ``series standings SLUG [--json]`` (docs/rules.md §20).

``standings --json`` prints one object per person: ``rank``, ``player`` (name), ``points``
(rounded to 0.01), ``events`` (how many of the series' events they have a place in), and
``person_id``, ``number`` (会员号 or null), ``hidden`` and ``counted`` (their counted
events: ``event`` slug, ``place``, ``field``, ``points``). The command shows hidden persons
too: it is the organizer's.
"""

from __future__ import annotations

import json

from django.core.management.base import CommandError

from scoring.series_points import points_text
from tournament.core.actors import command_actor
from tournament.core.errors import ServiceError
from tournament.management.commands._base import BaseCommand
from tournament.models import Series
from tournament.models.series import EVENT_CLASSES
from tournament.series.services import series_add, series_create, series_remove
from tournament.series.standings import SeriesLine, series_lines

BY = command_actor()


def line_json(line: SeriesLine) -> dict:
    return {
        "rank": line.rank,
        "player": line.name,
        "points": line.points / 100,
        "events": len(line.results),
        "person_id": line.person_id,
        "number": line.number,
        "hidden": line.hidden,
        "counted": [
            {"event": r.slug, "place": r.place, "field": r.field, "points": r.points / 100}
            for r in line.counted
        ],
    }


class Command(BaseCommand):
    help = "系列赛 (a series of events: create, add, remove, standings)"

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        create = sub.add_parser("create")
        create.add_argument("slug")
        create.add_argument("--name", required=True)
        create.add_argument("--best-n", type=int, default=5)
        create.add_argument("--config", default="", help="the points settings, JSON")
        add = sub.add_parser("add")
        add.add_argument("slug")
        add.add_argument("event")
        add.add_argument(
            "--class", dest="event_class", default="county", choices=dict(EVENT_CLASSES)
        )
        remove = sub.add_parser("remove")
        remove.add_argument("slug")
        remove.add_argument("event")
        standings = sub.add_parser("standings")
        standings.add_argument("slug")
        standings.add_argument("--json", action="store_true")

    def handle(self, *args, **o):
        try:
            getattr(self, "_" + o["action"])(o)
        except ServiceError as exc:
            raise CommandError(str(exc)) from exc

    def _series(self, slug: str) -> Series:
        try:
            return Series.objects.get(slug=slug)
        except Series.DoesNotExist:
            raise CommandError(f"没有系列赛“{slug}”") from None

    def _create(self, o) -> None:
        series = series_create(
            slug=o["slug"], name=o["name"], best_n=o["best_n"], config=o["config"] or {}
        )
        self.note(f"已创建系列赛 {series.slug}")

    def _add(self, o) -> None:
        series = self._series(o["slug"])
        series_add(series=series, event_slug=o["event"], event_class=o["event_class"], by=BY)
        self.note(f"已将 {o['event']} 加入系列赛 {series.slug}")

    def _remove(self, o) -> None:
        series = self._series(o["slug"])
        series_remove(series=series, event_slug=o["event"], by=BY)
        self.note(f"已将 {o['event']} 移出系列赛 {series.slug}")

    def _standings(self, o) -> None:
        lines = series_lines(self._series(o["slug"]))
        if o["json"]:
            data = [line_json(line) for line in lines]
            self.stdout.write(json.dumps(data, ensure_ascii=False, indent=1))
            return
        for line in lines:
            counted = "，".join(f"{r.name} 第{r.place}名" for r in line.counted)
            self.stdout.write(f"{line.rank:>4}  {line.name}  {points_text(line.points)}  {counted}")
