"""``manage.py import_exchange FILE.json [--slug NEW] [--owner USERNAME]``: import an event's
exchange file (成绩交换文件, made by ``manage.py export SLUG exchange -o FILE.json`` or the
event's 打印/导出 page; docs/exchange.md). All of it or nothing; the same file twice changes
nothing, a newer file of the same event replaces it, an older one is refused."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from tournament.core.actors import command_actor
from tournament.exchange.checks import ExchangeError
from tournament.exchange.files import read_file
from tournament.exchange.importer import import_document
from tournament.management.commands._base import BaseCommand


class Command(BaseCommand):
    help = "导入成绩交换文件 (import an exchange file; nothing is saved on any error)"

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--slug", default=None, help="the event's slug here (default: its own)")
        parser.add_argument(
            "--owner",
            default=None,
            help="local username to own a new event (default: an inactive account exchange-import)",
        )

    def handle(self, *args, **o):
        path: Path = o["file"]
        if not path.is_file():
            raise CommandError(f"找不到文件：{path}")
        user = None
        if o["owner"]:
            user = get_user_model().objects.filter(username=o["owner"]).first()
            if user is None:
                raise CommandError(f"找不到用户“{o['owner']}”")
        try:
            outcome = import_document(read_file(path), slug=o["slug"], by=command_actor(user))
        except ExchangeError as exc:
            raise self.refused_import(exc) from None
        self.note(outcome.message)
