"""``manage.py draw SLUG [--seed N]``: computer draw of the draw numbers (抽签号)."""

from __future__ import annotations

from django.core.management.base import CommandError

from tournament.core.actors import command_actor
from tournament.core.errors import ServiceError
from tournament.management.commands._base import BaseCommand, get_tournament
from tournament.models import Pair, Team
from tournament.rounds.pairing import draw


class Command(BaseCommand):
    help = "抽签 (draw numbers from a recorded seed; the same seed gives the same draw)"

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--seed", type=int, default=None)

    def handle(self, *args, **o):
        tournament = get_tournament(o["slug"])
        try:
            draw(tournament, seed=o["seed"], by=command_actor())
        except ServiceError as exc:
            raise CommandError(str(exc)) from None
        tournament.refresh_from_db()
        self.note(f"抽签完成（随机码 {tournament.draw_seed}）")
        # A team event draws its teams (docs/rules.md §16.5), a pairs event its pairs.
        entries = Team if tournament.is_team_event else Pair
        for entry in entries.objects.filter(tournament=tournament).order_by("draw_number"):
            self.stdout.write(f"{entry.draw_number}\t{entry.name}")
