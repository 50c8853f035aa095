"""``manage.py import_pairs SLUG FILE`` (also ``import_teams``): all rows or nothing, errors with
row numbers."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError

from tournament.core.actors import command_actor
from tournament.core.errors import ServiceError
from tournament.management.commands._base import BaseCommand, get_tournament
from tournament.registration.services import pairs_import
from tournament.spreadsheets.uploads import read_file


class Command(BaseCommand):
    help = "从Excel/CSV导入报名表 (import pairs from .xlsx or .csv; nothing is saved on any error)"

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", type=Path)

    def handle(self, *args, **o):
        tournament = get_tournament(o["slug"])
        path: Path = o["file"]
        if not path.is_file():
            raise CommandError(f"找不到文件：{path}")
        try:
            check = pairs_import(
                tournament=tournament,
                data=read_file(path),
                filename=path.name,
                actor="cli",
                by=command_actor(),
            )
        except ServiceError as exc:  # the file unreadable (TableFileError), or a team event
            raise self.refused_import(exc) from None
        if not check.ok:
            raise self.refused_rows(check.problems)
        self.note(f"已导入{len(check.rows)}个组合")
