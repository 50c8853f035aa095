"""``manage.py add_organizer USERNAME [--name NAME] [--password-stdin] [--admin]``.

Creates an organizer account (organizers create tournaments) or makes an existing account
an organizer. A new account's generated password is printed once. ``--admin`` also makes it
the site's administrator (a superuser): on the organizer's own laptop, the account that
downloads the whole-database backups whoever's the events are (the demo's included).
"""

from __future__ import annotations

import sys

from django.core.management.base import CommandError

from tournament.core.errors import ServiceError
from tournament.events.staff import organizer_add
from tournament.management.commands._base import BaseCommand
from tournament.management.commands.add_staff import read_password


class Command(BaseCommand):
    stealth_options = ("stdin",)  # tests pass a stream, like createsuperuser
    help = "添加组织者账号 (create an organizer; prints a generated password once)"

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--name", default="", help="display name (姓名)")
        parser.add_argument("--password-stdin", action="store_true")
        parser.add_argument(
            "--admin",
            action="store_true",
            help="也设为本站管理员（可下载整库备份）/ also the site's administrator "
            "(downloads the whole-database backups)",
        )

    def handle(self, *args, **o):
        password = read_password(o.get("stdin") or sys.stdin) if o["password_stdin"] else None
        try:
            user, generated = organizer_add(
                o["username"], name=o["name"], password=password, admin=o["admin"]
            )
        except ServiceError as exc:
            raise CommandError(str(exc)) from None
        self.note(f"组织者 {user.username} 已可创建赛事")
        if o["admin"]:
            self.note(f"{user.username} 是本站管理员，可下载整库备份")
        if generated:
            self.password_once(user.username, generated)
        elif password is None:
            self.password_kept()
