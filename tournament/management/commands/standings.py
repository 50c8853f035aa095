"""``manage.py standings SLUG [--round N] [--json]``.

A team event prints its team standings (one object per team with ``--json``: rank, team,
points, total, level_diff, unit, then its team tiebreaks); an individual event its players'
(one object per player: rank, player, points, level_diff, unit, then its tiebreaks).

Without ``--round`` the standings are after the last locked round, like the staff page;
a round still open is marked provisional (暂定). Before any round is locked there is no
ranking: the command says so (``--json`` prints an empty list).
"""

from __future__ import annotations

import json

from django.core.management.base import CommandError

from tournament.individuals.display import individual_metric_keys, individual_rows
from tournament.management.commands._base import BaseCommand, get_tournament
from tournament.standings.cells import metric_keys, metric_text, standings_rows
from tournament.standings.selectors import (
    MSG_NO_RANKING,
    MSG_NO_ROUND,
    pairs_by_id,
    standings_choice,
    standings_for,
)
from tournament.teams.display import team_metric_keys, team_rows
from tournament.text.messages import render
from tournament.text.options import TEAM_TIEBREAK_METRICS


class Command(BaseCommand):
    help = "成绩排名 (print the standings; --json for a list of objects)"

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--round", type=int, default=None, help="standings after round N")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **o):
        tournament = get_tournament(o["slug"])
        choice = standings_choice(tournament, o["round"], public=False)
        if o["round"] is not None and choice.after_round != o["round"]:
            raise CommandError(render(MSG_NO_ROUND, n=o["round"]))
        if tournament.is_team_event:
            self._teams(tournament, choice, o["json"])
            return
        if tournament.is_individual_event:
            self._individuals(tournament, choice, o["json"])
            return
        chain = list(tournament.tiebreaks)
        rows = []
        if choice.after_round is not None:
            rows = standings_rows(
                standings_for(tournament, after_round=choice.after_round),
                pairs_by_id(tournament),
                chain,
            )
        if o["json"]:
            self.stdout.write(json.dumps(json_rows(rows, chain), ensure_ascii=False, indent=1))
            return
        if choice.after_round is None:
            self.stdout.write(render(MSG_NO_RANKING))
            return
        mark = "（暂定）" if choice.provisional else ""
        self.stdout.write(f"第{choice.after_round}轮后成绩{mark}")
        keys = metric_keys(chain)
        self.stdout.write("\t".join(["名次", "队名", "积分", *keys]))
        for row in rows:
            cells = [str(row["rank"]), row["team"], str(row["points"])]
            cells += [metric_text(row[k]) for k in keys]
            self.stdout.write("\t".join(cells))

    def _teams(self, tournament, choice, as_json: bool) -> None:
        """A team event's standings: one line (object) per team."""
        keys = team_metric_keys(list(tournament.team_tiebreaks))
        rows = []
        if choice.after_round is not None:
            rows = team_rows(tournament, choice.after_round, public=False)
        if as_json:
            out = [team_json(row, keys) for row in rows]
            self.stdout.write(json.dumps(out, ensure_ascii=False, indent=1))
            return
        if choice.after_round is None:
            self.stdout.write(render(MSG_NO_RANKING))
            return
        mark = "（暂定）" if choice.provisional else ""
        self.stdout.write(f"第{choice.after_round}轮后团体成绩{mark}")
        total = TEAM_TIEBREAK_METRICS["total"]
        self.stdout.write("\t".join(["名次", "团体", "积分", total, "级差分", *keys]))
        for row in rows:
            cells = [row["rank"], row["team"], row["points"], row["total"], row["level_diff"]]
            cells += [metric_text(row[k]) for k in keys]
            self.stdout.write("\t".join(str(c) for c in cells))

    def _individuals(self, tournament, choice, as_json: bool) -> None:
        """An individual event's standings: one line (object) per player."""
        keys = individual_metric_keys(list(tournament.individual_tiebreaks))
        rows = []
        if choice.after_round is not None:
            rows = individual_rows(tournament, choice.after_round, public=False)
        if as_json:
            first = ("rank", "player", "points", "level_diff", "unit")
            out = [{key: row[key] for key in (*first, *keys)} for row in rows]
            self.stdout.write(json.dumps(out, ensure_ascii=False, indent=1))
            return
        if choice.after_round is None:
            self.stdout.write(render(MSG_NO_RANKING))
            return
        mark = "（暂定）" if choice.provisional else ""
        self.stdout.write(f"第{choice.after_round}轮后个人成绩{mark}")
        self.stdout.write("\t".join(["名次", "选手", "积分", "级差分", *keys]))
        for row in rows:
            cells = [row["rank"], row["player"], row["points"], row["level_diff"]]
            cells += [metric_text(row[k]) for k in keys]
            self.stdout.write("\t".join(str(c) for c in cells))


def team_json(row: dict, keys: list[str]) -> dict:
    """One team of ``--json``: rank, team, points, total, level_diff, unit, then the
    tiebreak keys of the event's team chain (those not already there)."""
    item = {key: row[key] for key in ("rank", "team", "points", "total", "level_diff", "unit")}
    return item | {key: row[key] for key in keys}


def json_rows(rows: list[dict], chain: list[str]) -> list[dict]:
    """The rows as the JSON of ``--json``: the same cells as the page and the exports."""
    out = []
    for row in rows:
        item = {"rank": row["rank"], "team": row["team"], "points": row["points"]}
        item["unit"] = row["unit"]
        item.update({key: row[key] for key in metric_keys(chain)})
        item["decided_by"] = row["decided_by"] or None
        out.append(item)
    return out
