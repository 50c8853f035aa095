"""``manage.py create_tournament SLUG --name NAME [--profile NAME] [--entry teams
--team-pairs 2 --substitutes 2] [--entry individuals [--format movement]] [options]``.

With ``--profile`` every option starts from that competition profile (docs/rules.md §13); the
other flags given change single options on top of it. Without a profile the options take
the defaults of the event model.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError

from tournament.core.errors import ServiceError
from tournament.events.services import tournament_create
from tournament.management.commands._base import BaseCommand
from tournament.text import options as opt

# Flag → option, for the flags that set one option each (None = not given).
_OPTION_FLAGS = (
    "format",
    "rounds",
    "scoring",
    "levels",
    "pass_a",
    "a_fail",
    "seating",
    "time_limit",
    "late_minutes",
    "games",
)
# The options of a team event (--entry teams).
_TEAM_FLAGS = ("team_pairs", "substitutes", "team_rank")


def _entry_arguments(parser) -> None:
    """What is registered (--entry) and the options of a team event."""
    parser.add_argument(
        "--entry",
        choices=["pairs", "teams", "individuals"],
        default="pairs",
        help="what is registered: pairs (双人赛, default), teams (团体赛) or individuals (个人赛)",
    )
    parser.add_argument(
        "--team-pairs", type=int, choices=[2, 3], help="pairs per team (teams only; default 2)"
    )
    parser.add_argument(
        "--substitutes", type=int, choices=[0, 1, 2], help="substitutes per team (teams only)"
    )
    parser.add_argument(
        "--team-rank", choices=list(opt.TEAM_RANKS), help="how teams rank (teams only)"
    )


class Command(BaseCommand):
    help = "创建赛事 (create a tournament with its rule options)"

    def add_arguments(self, parser):
        parser.add_argument("slug", help="URL code, e.g. nanjing-2026")
        parser.add_argument("--name", required=True, help="tournament name (赛事名称)")
        parser.add_argument(
            "--profile",
            choices=list(opt.PROFILE_CHOICES),
            help="competition profile every option starts from (docs/rules.md §13)",
        )
        parser.add_argument(
            "--format",
            choices=["swiss", "rotation", "knockout", "staged", "movement"],
            help="movement: an individual event's fixed movement (individuals only)",
        )
        parser.add_argument(
            "--rounds", type=int, default=None, help="number of rounds (default 7; 3 for rotation)"
        )
        parser.add_argument("--scoring", choices=list(opt.SCORING))
        parser.add_argument("--levels", choices=list(opt.LEVEL_PRESETS))
        parser.add_argument("--pass-a", choices=list(opt.PASS_A))
        parser.add_argument("--a-fail", choices=list(opt.A_FAIL))
        parser.add_argument("--seating", choices=list(opt.SEATING))
        parser.add_argument(
            "--avoid-same-unit", action="store_true", help="avoid same-unit pairings (hard)"
        )
        parser.add_argument(
            "--soft-same-unit", action="store_true", help="avoid same-unit pairings when possible"
        )
        parser.add_argument("--time-limit", type=int, help="minutes per round")
        parser.add_argument("--late-minutes", type=int, help="forfeit after this lateness")
        parser.add_argument("--games", type=int, choices=[1, 3])
        _entry_arguments(parser)
        parser.add_argument(
            "--organizer", help="username of the organizer (default: first superuser)"
        )
        parser.add_argument("--venue", default="")
        parser.add_argument("--host", default="", help="host (主办单位), signs the certificates")
        parser.add_argument(
            "--print-language",
            default="zh-hans",
            choices=["zh-hans", "en"],
            help="language of the printouts (default Chinese)",
        )
        parser.add_argument("--start-date", default=None, help="YYYY-MM-DD")
        parser.add_argument(
            "--public",
            action="store_true",
            help="publish pairings and standings to everyone (公开对阵、公开成绩)",
        )

    def handle(self, *args, **o):
        organizer = self._organizer(o["organizer"])
        fields = opt.profile_fields(o["profile"]) if o["profile"] else {}
        fields |= {key: o[key] for key in _OPTION_FLAGS if o[key] is not None}
        if o["avoid_same_unit"] or o["soft_same_unit"]:
            fields["avoid_same_unit"] = "hard" if o["avoid_same_unit"] else "soft"
        fields |= self._entry_fields(o)
        if "rounds" not in fields:
            fields["rounds"] = 3 if fields.get("format") == "rotation" else 7
        try:
            t = tournament_create(
                organizer=organizer,
                slug=o["slug"],
                name=o["name"],
                venue=o["venue"],
                host=o["host"],
                print_language=o["print_language"],
                publish_pairings=o["public"],
                publish_standings=o["public"],
                start_date=o["start_date"],
                end_date=o["start_date"],
                **fields,
            )
        except ServiceError as exc:
            raise CommandError("设置有误：" + str(exc)) from None
        profile = f"（模板 {o['profile']}）" if o["profile"] else ""
        self.note(f"已创建赛事 {t.slug}：{t.name}{profile}")

    def _entry_fields(self, o: dict) -> dict:
        """The team options of ``--entry teams``; refused on a pairs event."""
        given = {key: o[key] for key in _TEAM_FLAGS if o[key] is not None}
        if o["entry"] != "teams":
            if given:
                flags = "、".join("--" + key.replace("_", "-") for key in given)
                raise CommandError(f"{flags} 只用于团体赛（--entry teams）")
            return {"entry": o["entry"]} if o["entry"] == "individuals" else {}
        return {"entry": "teams", **given}

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
