"""``manage.py create_tournament SLUG --name NAME [options]``."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournament import options as opt
from tournament.services.events import tournament_create


class Command(BaseCommand):
    help = "创建赛事 (create a tournament with its rule options)"

    def add_arguments(self, parser):
        parser.add_argument("slug", help="URL code, e.g. nanjing-2026")
        parser.add_argument("--name", required=True, help="tournament name (赛事名称)")
        parser.add_argument(
            "--format", default="swiss", choices=["swiss", "rotation", "knockout", "staged"]
        )
        parser.add_argument(
            "--rounds", type=int, default=None, help="number of rounds (default 7; 3 for rotation)"
        )
        parser.add_argument("--scoring", default="points26", choices=list(opt.SCORING))
        parser.add_argument("--levels", default="jiangsu", choices=list(opt.LEVEL_PRESETS))
        parser.add_argument("--pass-a", default="partner_not_last", choices=list(opt.PASS_A))
        parser.add_argument("--a-fail", default="unlimited", choices=list(opt.A_FAIL))
        parser.add_argument("--seating", default="first_ew", choices=list(opt.SEATING))
        parser.add_argument(
            "--avoid-same-unit", action="store_true", help="avoid same-unit pairings (hard)"
        )
        parser.add_argument(
            "--soft-same-unit", action="store_true", help="avoid same-unit pairings when possible"
        )
        parser.add_argument("--time-limit", type=int, default=60, help="minutes per round")
        parser.add_argument(
            "--late-minutes", type=int, default=10, help="forfeit after this lateness"
        )
        parser.add_argument("--games", type=int, default=1, choices=[1, 3])
        parser.add_argument(
            "--organizer", help="username of the organizer (default: first superuser)"
        )
        parser.add_argument("--venue", default="")
        parser.add_argument("--host", default="", help="host (主办单位), signs the certificates")
        parser.add_argument(
            "--print-language", default="zh-hans", choices=["zh-hans", "en"],
            help="language of the printouts (default Chinese)",
        )  # fmt: skip
        parser.add_argument("--start-date", default=None, help="YYYY-MM-DD")

    def handle(self, *args, **o):
        organizer = self._organizer(o["organizer"])
        rounds = o["rounds"] if o["rounds"] is not None else (3 if o["format"] == "rotation" else 7)
        same_unit = "hard" if o["avoid_same_unit"] else "soft" if o["soft_same_unit"] else "off"
        try:
            t = tournament_create(
                organizer=organizer, slug=o["slug"], name=o["name"], format=o["format"], rounds=rounds,
                scoring=o["scoring"], levels=o["levels"], pass_a=o["pass_a"], a_fail=o["a_fail"],
                seating=o["seating"], avoid_same_unit=same_unit, time_limit=o["time_limit"],
                late_minutes=o["late_minutes"], games=o["games"], venue=o["venue"], host=o["host"],
                print_language=o["print_language"],
                start_date=o["start_date"], end_date=o["start_date"],
            )  # fmt: skip
        except ValidationError as exc:
            raise CommandError("设置有误：" + "；".join(exc.messages)) from None
        self.stdout.write(f"已创建赛事 {t.slug}：{t.name}")

    def _organizer(self, username: str | None):
        users = get_user_model().objects
        if username:
            try:
                return users.get(username=username)
            except users.model.DoesNotExist:
                raise CommandError(f"找不到用户“{username}”") from None
        user = users.filter(is_superuser=True).order_by("pk").first()
        if user is None:
            raise CommandError("没有可用的组织者账号：请用 --organizer 指定，或先创建管理员")
        return user
