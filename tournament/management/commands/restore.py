"""``manage.py restore FILE [--force]``: restore a backup made by ``manage.py backup`` (or
the automatic backups) onto this install: its events, logins and secret key (see
tournament/backups/restore.py). Nothing is changed when the file is damaged or
when this database already holds data and ``--force`` is not given."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError

from guandan.guandan_command import rerun
from guandan.startup import typed
from tournament.backups.files import BackupError
from tournament.backups.restore import restore_backup
from tournament.management.commands._base import BaseCommand


class Command(BaseCommand):
    help = "从备份文件恢复数据库和密钥 (restore a backup file: database and secret key)"

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--force",
            action="store_true",
            help="replace a database that holds data (it is set aside first, never deleted)",
        )

    def handle(self, *args, **o):
        try:
            report = restore_backup(o["file"], force=o["force"])
        except BackupError as exc:
            raise CommandError(str(exc)) from None
        for path in report.set_aside:
            self.stdout.write(f"原来的数据已另存为：{path}")
        if report.archives_folder:
            self.stdout.write(
                "这是逐个赛事的存档备份（不含账号）。请用 import_archive 导入每个文件："
                f"\n  {typed('import_archive')} {report.archives_folder}/<赛事>.json.gz"
            )
        else:
            events = "、".join(report.events) or "无"
            self.stdout.write(
                f"已恢复 {report.made_at} 的备份：{len(report.events)} 个赛事（{events}），"
                f"{report.users} 个账号，以及密钥（已打印的检录二维码和选手纸条继续有效）。"
            )
            if report.media:
                self.stdout.write(f"另恢复了 {report.media} 个上传的文件（记录表照片等）。")
        if report.env_key_differs:
            self.stdout.write(
                "注意：环境变量 SECRET_KEY 与备份中的密钥不同，它会覆盖恢复的密钥，"
                "已打印的检录二维码将失效。请删去该环境变量（或改为备份中的值）。"
            )
        # The command of this copy: installed, guandan; a clone, its script.
        self.stdout.write(
            "请（重新）启动服务器，新的设置才会生效：" + rerun("serve", "host", "0.0.0.0")
        )
