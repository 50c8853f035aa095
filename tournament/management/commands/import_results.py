"""``manage.py import_results SLUG ROUND FILE [--lock]``: a clerk's results sheet, all or nothing."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import transaction

from tournament.core.actors import command_actor
from tournament.core.errors import ServiceError
from tournament.management.commands._base import BaseCommand, get_tournament
from tournament.models import Round
from tournament.results.confirm_all import confirm_imported
from tournament.results.results_spreadsheet import blank_note
from tournament.results.spreadsheet_import import import_results
from tournament.rounds.lifecycle import lock_round
from tournament.spreadsheets.table_file import TableFileError
from tournament.spreadsheets.uploads import read_file


class Command(BaseCommand):
    help = "导入成绩表 (import a round's results; --lock confirms and locks when every table has a result)"

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("round", type=int)
        parser.add_argument("file", type=Path)
        parser.add_argument("--lock", action="store_true")
        parser.add_argument(
            "--user",
            help="act as this account, with its rights (a referee: only their tables)",
        )

    def handle(self, *args, **o):
        tournament = get_tournament(o["slug"])
        round_ = Round.objects.filter(tournament=tournament, number=o["round"]).first()
        if round_ is None:
            raise CommandError(f"找不到第{o['round']}轮")
        user = _user(o["user"]) if o["user"] else None
        by = command_actor(user, "import")
        path: Path = o["file"]
        if not path.is_file():
            raise CommandError(f"找不到文件：{path}")
        with transaction.atomic():
            try:
                check = import_results(round_, data=read_file(path), filename=path.name, by=by)
            except (TableFileError, ServiceError) as exc:
                raise CommandError(f"{exc}；没有导入任何成绩") from None
            if not check.ok:
                for problem in check.problems:
                    self.stderr.write(str(problem))
                raise CommandError(f"发现{len(check.problems)}个问题，没有导入任何成绩")
            self.note(f"已导入{len(check.rows)}台成绩")
            if check.blank_tables:
                self.stdout.write(blank_note(check.blank_tables))
        if not o["lock"]:
            return
        missing = round_.tables.exclude(ns=None).filter(state__in=["empty", "in_play", "disputed"])
        if missing.exists():
            tables = "、".join(str(t) for t in missing.values_list("number", flat=True)[:20])
            raise CommandError(f"成绩已导入，但第{tables}台还没有成绩（或有争议），本轮未锁定")
        with transaction.atomic():
            try:
                confirm_imported(round_, by=by.via("cli"))
                round_.refresh_from_db()
                lock_round(round_, by=command_actor(user or tournament.organizer))
            except ServiceError as exc:
                raise CommandError(str(exc)) from None
        self.note(f"已确认并锁定{round_}")


def _user(username: str):
    """The account named by ``--user``; a clear message when there is none."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise CommandError(f"找不到用户“{username}”")
    return user
