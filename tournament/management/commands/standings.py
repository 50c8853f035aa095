"""``manage.py standings SLUG [--round N] [--json]``."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from tournament.management.commands._base import get_tournament
from tournament.selectors import standings_for, teams_by_id
from tournament.standings_table import metric_text, standings_rows


class Command(BaseCommand):
    help = "成绩排名 (print the standings; --json for a list of objects)"

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--round", type=int, default=None, help="standings after round N")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **o):
        tournament = get_tournament(o["slug"])
        chain = list(tournament.tiebreaks)
        rows = standings_rows(
            standings_for(tournament, after_round=o["round"]), teams_by_id(tournament), chain
        )
        if o["json"]:
            out = []
            for row in rows:
                item = {
                    "rank": row["rank"],
                    "team": row["team"],
                    "points": row["points"],
                    "unit": row["unit"],
                }
                for key in chain:
                    if key != "points":
                        value = row[key]
                        item[key] = list(value) if isinstance(value, tuple) else value
                item["decided_by"] = row["decided_by"] or None
                out.append(item)
            self.stdout.write(json.dumps(out, ensure_ascii=False, indent=1))
            return
        header = ["名次", "队名", "积分"] + [k for k in chain if k != "points"]
        self.stdout.write("\t".join(header))
        for row in rows:
            cells = [str(row["rank"]), row["team"], str(row["points"])]
            cells += [metric_text(k, row[k]) for k in chain if k != "points"]
            self.stdout.write("\t".join(cells))
