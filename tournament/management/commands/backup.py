"""``manage.py backup [--dir DIR] [--keep N]``: one backup file of the whole database, made
while the server runs (see tournament/backups/create.py); ``--keep N`` then deletes all
but the N newest backups of the folder."""

from __future__ import annotations

from django.core.management.base import CommandError

from tournament.backups.create import make_backup
from tournament.backups.files import BackupError
from tournament.management.commands._base import BaseCommand


class Command(BaseCommand):
    help = "备份整个数据库和密钥到一个文件 (back up the whole database and the secret key)"

    def add_arguments(self, parser):
        parser.add_argument("--dir", default=None, help="backup folder (default: var/backups/)")
        parser.add_argument("--keep", type=int, default=None, help="keep only the N newest")

    def handle(self, *args, **o):
        if o["keep"] is not None and o["keep"] < 1:
            raise CommandError("--keep 必须是大于 0 的整数")
        try:
            path = make_backup(directory=o["dir"], keep=o["keep"], reason="command")
        except BackupError as exc:
            raise CommandError(f"备份失败：{exc}") from None
        size = path.stat().st_size
        self.note(f"已备份：{path}（{size / 1024 / 1024:.1f} MB）")
