"""``manage.py unlock_login USERNAME``: lift an account's login lockout at every address.

The organizer's way in when nobody with the rights can open 登录锁定 (the chief referee and
the organizer both locked out): whoever runs commands on the server may unlock. The next
lockout of the account is then a first, short one again (tournament/core/login_lockout.py).
The unlock is written in the activity log of every event the account works on.
"""

from __future__ import annotations

from django.core.management.base import CommandError

from tournament.core.errors import ServiceError
from tournament.core.unlock import account_unlock
from tournament.management.commands._base import BaseCommand


class Command(BaseCommand):
    help = "解除账号的登录锁定 (lift an account's login lockout at every address)"

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, **o):
        username = o["username"]
        try:
            count = account_unlock(username)
        except ServiceError as exc:
            raise CommandError(str(exc)) from None
        self.note(f"已解锁 {username}（清除 {count} 条记录）")
