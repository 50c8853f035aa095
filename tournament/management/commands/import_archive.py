"""``manage.py import_archive FILE [--slug NEW] [--owner USERNAME] [--map-users]``: load an
event archive made by ``manage.py export SLUG archive -o FILE.json.gz`` (or ``.json``, also
the archives of earlier versions); all of it or nothing.

Archived usernames that already exist here are refused unless ``--map-users`` says they are
the same people; the file is refused unread above ``ARCHIVE_MAX_MB``, and when it unpacks to
more than ``ARCHIVE_MAX_RAW_MB``. It is read as a stream: memory stays flat."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from tournament.archive.importer import import_archive_file
from tournament.archive.write import ArchiveError
from tournament.management.commands._base import BaseCommand


class Command(BaseCommand):
    help = "导入赛事存档 (import an event archive; nothing is saved on any error)"

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--slug", default=None, help="new slug when the archived one is taken")
        parser.add_argument(
            "--owner", default=None, help="local username to own the event (default: archived)"
        )
        parser.add_argument(
            "--map-users",
            action="store_true",
            help="attach archived usernames that exist here to those accounts (same people)",
        )

    def handle(self, *args, **o):
        path: Path = o["file"]
        if not path.is_file():
            raise CommandError(f"找不到文件：{path}")
        owner = None
        if o["owner"]:
            owner = get_user_model().objects.filter(username=o["owner"]).first()
            if owner is None:
                raise CommandError(f"找不到用户“{o['owner']}”")
        try:
            result = import_archive_file(
                path,
                slug=o["slug"],
                owner=owner,
                actor="cli",
                map_users=o["map_users"],
            )
        except ArchiveError as exc:
            raise self.refused_import(exc) from None
        t = result.tournament
        counts = "，".join(f"{k} {v}" for k, v in result.counts.items())
        self.note(f"已导入赛事“{t.name}”（网址代号 {t.slug}）：{counts}")
        if result.created_users:
            self.stdout.write(
                "以下用户在本系统中不存在，已创建为停用账号（需管理员启用并设置密码）："
                + "、".join(result.created_users)
            )
        if result.ignored_fields:
            self.stdout.write(
                "存档中以下字段本系统没有，已忽略：" + "、".join(result.ignored_fields)
            )
