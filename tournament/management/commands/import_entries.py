"""``manage.py import_entries SLUG FILE``: the registration sheet of the event's entry kind, all
rows or nothing (pairs: the pairs' sheet, as ``import_pairs``; teams: the team sheet;
individuals: the players' sheet, 姓名, 单位, 手机).

Exit codes as ``import_pairs``: 0 when every row is imported, 1 (a ``CommandError``) when
the file cannot be read or any row has a problem; then each problem is written to stderr
with its row and column, and nothing is saved."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError

from tournament.core.actors import command_actor
from tournament.core.errors import ServiceError
from tournament.individuals.import_sheet import individuals_import
from tournament.management.commands._base import BaseCommand, get_tournament
from tournament.registration.services import pairs_import
from tournament.spreadsheets.uploads import read_file
from tournament.teams.import_sheet import teams_import


class Command(BaseCommand):
    help = (
        "按赛事的参赛单位导入报名表：双人赛导入组合，团体赛导入团体，个人赛导入选手 (import the "
        "registration sheet of the event's entry kind, pairs, teams or individuals; nothing is "
        "saved on any error)"
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("file", type=Path)

    def handle(self, *args, **o):
        tournament = get_tournament(o["slug"])
        path: Path = o["file"]
        if not path.is_file():
            raise CommandError(f"找不到文件：{path}")
        teams = tournament.is_team_event
        load = teams_import if teams else pairs_import
        if tournament.is_individual_event:
            load = individuals_import
        try:
            check = load(
                tournament=tournament,
                data=read_file(path),
                filename=path.name,
                actor="cli",
                by=command_actor(),
            )
        except ServiceError as exc:  # the file unreadable (TableFileError), or the event's kind
            raise self.refused_import(exc) from None
        if not check.ok:
            raise self.refused_rows(check.problems)
        if teams:
            units = len(check.units())
            self.note(f"已导入{len(check.rows)}个团体（{units}个单位）")
        elif tournament.is_individual_event:
            self.note(f"已导入{len(check.rows)}名选手（{len(check.units())}个单位）")
        else:
            self.note(f"已导入{len(check.rows)}个组合")
