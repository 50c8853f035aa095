"""``manage.py draw SLUG [--seed N]``: computer draw of the draw numbers (抽签号)."""

from __future__ import annotations

from django.core.management.base import CommandError

from tournament.core.actors import command_actor
from tournament.core.errors import ServiceError
from tournament.management.commands._base import BaseCommand, get_tournament
from tournament.rounds.pairing import draw, entry_model


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
        entries = entry_model(tournament).objects.filter(tournament=tournament)
        for entry in entries.order_by("draw_number"):
            self.stdout.write(f"{entry.draw_number}\t{entry.name}")
