"""``manage.py players [--json]``: every player (选手) across events, with their rating.

``--json``: a list of objects ``id``, ``number`` (会员号 or null), ``name``, ``events`` (the
count of distinct events), ``rating`` (the rating's ordinal to 1 decimal; null for a hidden
player and for one never rated). Without it, a plain text table. docs/rules.md §19.
"""

from __future__ import annotations

import json

from tournament.management.commands._base import BaseCommand
from tournament.ratings.players import player_rows


class Command(BaseCommand):
    help = "选手 (every player across events with events and rating; --json for objects)"

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **o):
        rows = player_rows()
        if o["json"]:
            self.stdout.write(json.dumps([r.as_dict() for r in rows], ensure_ascii=False))
            return
        self.stdout.write("id\t会员号\t姓名\t赛事\t等级分")
        for r in rows:
            rating = "" if r.rating is None else f"{r.rating:.1f}"
            self.stdout.write(f"{r.id}\t{r.number or ''}\t{r.name}\t{r.events}\t{rating}")
