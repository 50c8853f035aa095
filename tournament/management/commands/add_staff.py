"""``manage.py add_staff SLUG USERNAME --role chief|referee [--name NAME] [--tables 1-10,15]``.

Creates the account (or attaches an existing one) as a chief referee or referee of the
event and prints a generated password once. ``--password-stdin`` reads the password from
the first line of standard input instead (nothing is printed then).
"""

from __future__ import annotations

import sys

from django.core.management.base import CommandError

from tournament.core.actors import command_actor
from tournament.core.errors import ServiceError
from tournament.events.staff import staff_add
from tournament.management.commands._base import BaseCommand, get_tournament
from tournament.models import Staff

ROLES = {"chief": Staff.CHIEF_REFEREE, "referee": Staff.REFEREE}


def read_password(stdin) -> str:
    """The first line of standard input, without its line break; refused when empty."""
    password = stdin.readline().rstrip("\r\n")
    if not password:
        raise CommandError("标准输入中没有密码")
    return password


class Command(BaseCommand):
    stealth_options = ("stdin",)  # tests pass a stream, like createsuperuser
    help = "添加裁判账号 (create or attach a staff account; prints a generated password once)"

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("username")
        parser.add_argument("--role", choices=sorted(ROLES), required=True)
        parser.add_argument("--name", default="", help="display name (姓名), shown on sheets")
        parser.add_argument("--tables", default="", help='tables of a referee, e.g. "1-10,15"')
        parser.add_argument("--password-stdin", action="store_true")

    def handle(self, *args, **o):
        tournament = get_tournament(o["slug"])
        password = read_password(o.get("stdin") or sys.stdin) if o["password_stdin"] else None
        try:
            change = staff_add(
                tournament=tournament,
                username=o["username"],
                role=ROLES[o["role"]],
                name=o["name"],
                tables=o["tables"],
                password=password,
                actor="cli",
                by=command_actor(),
            )
        except ServiceError as exc:
            raise CommandError(str(exc)) from None
        role = change.staff.get_role_display()
        self.note(f"{tournament.name}：{o['username']} → {role}")
        if change.created and password is None:
            self.password_once(o["username"], change.password)
        elif not change.created:
            self.password_kept()
