"""``manage.py pair SLUG [--seed N] [--publish] [--json]``: pair the next round of the current stage."""

from __future__ import annotations

import json

from django.core.management.base import CommandError

from tournament.core.actors import command_actor
from tournament.core.errors import ServiceError
from tournament.individuals.display import individual_tables
from tournament.management.commands._base import BaseCommand, get_tournament
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import pair_next_round


class Command(BaseCommand):
    help = (
        "编排下一轮 (pair the next round; --json prints [{table, ew, ns}, {table: null, bye}];"
        " a team event adds ew_team, ns_team, match and names the team of a bye; an individual"
        " event adds ew_players, ns_players and names each player sitting out)"
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument("--publish", action="store_true", help="publish the round at once")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **o):
        tournament = get_tournament(o["slug"])
        try:
            round_ = pair_next_round(tournament, seed=o["seed"], by=command_actor())
            if o["publish"]:
                # The command line acts for the organizer.
                publish_round(round_, by=command_actor(tournament.organizer))
        except ServiceError as exc:
            raise CommandError(str(exc)) from None
        # (table, EW's name, NS's name or None for a bye): names, not 2,500 Table objects.
        tables = round_.tables.order_by("number", "pk").values_list(
            "number", "ew__name", "ns__name"
        )
        if o["json"] and (tournament.is_team_event or tournament.is_individual_event):
            kind = team_tables if tournament.is_team_event else individual_tables
            self.stdout.write(json.dumps(kind(round_), ensure_ascii=False))
            return
        if o["json"]:
            out = [{"table": t, "ew": ew, "ns": ns} for t, ew, ns in tables if ns is not None]
            out += [{"table": None, "bye": ew} for _, ew, ns in tables if ns is None]
            self.stdout.write(json.dumps(out, ensure_ascii=False))
            return
        state = "已公布" if o["publish"] else "草稿"
        self.stdout.write(f"{round_}（{state}，随机码 {round_.seed}）")
        for t, ew, ns in tables:
            self.stdout.write(f"{t}\t{ew}\t{ns}" if ns is not None else f"轮空\t{ew}")


def team_tables(round_) -> list[dict]:
    """A team event's ``--json``: each table with its pairs' teams and its team match, then
    one ``{"table": null, "bye": TEAM}`` per team with a bye (not one per pair)."""
    fields = ("number", "ew__name", "ns__name", "ew__team__name", "ns__team__name", "team_match")
    rows = round_.tables.order_by("number", "pk").values_list(*fields)
    out = [
        {"table": t, "ew": ew, "ns": ns, "ew_team": ew_team, "ns_team": ns_team, "match": match}
        for t, ew, ns, ew_team, ns_team, match in rows
        if ns is not None
    ]
    byes = dict.fromkeys(ew_team for _, _, ns, ew_team, _, _ in rows if ns is None)
    return out + [{"table": None, "bye": team} for team in byes]
