"""``manage.py unlock_login USERNAME``: lift an account's login lockout at every address.

The organizer's way in when nobody with the rights can open 登录锁定 (the chief referee and
the organizer both locked out): whoever runs commands on the server may unlock. The next
lockout of the account is then a first, short one again (tournament/core/login_guard.py).
"""

from __future__ import annotations

from axes.utils import reset
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import transaction

from tournament.core.login_guard import forget_steps
from tournament.management.commands._base import BaseCommand


class Command(BaseCommand):
    help = "解除账号的登录锁定 (lift an account's login lockout at every address)"

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, **o):
        username = o["username"]
        if not get_user_model().objects.filter(username=username).exists():
            raise CommandError(f"没有账号“{username}”")
        with transaction.atomic():
            count = reset(username=username)
            forget_steps(username)
        self.note(f"已解锁 {username}（清除 {count} 条记录）")
