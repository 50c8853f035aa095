"""``manage.py load_demo``: the demo tournament of 48 pairs from 8 units, a team event
(团体赛) of 16 teams from the same 8 units, and their accounts; with ``--season`` also a
league (系列赛) of two finished events (tournament.management.commands._demo_season).

Prints each new account's password once; running it again changes nothing.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from django.conf import settings
from django.db import transaction

from tournament.core.actors import command_actor
from tournament.events.services import tournament_create
from tournament.events.staff import ensure_user
from tournament.management.commands._base import BaseCommand
from tournament.management.commands._demo_season import HOST, SERIES_SLUG, VENUE, load_season
from tournament.models import Series, Staff, Tournament
from tournament.registration.services import pairs_import
from tournament.teams.import_sheet import teams_import

DEMO_SLUG = "demo"
DEMO_FILE = Path(settings.BASE_DIR) / "fixtures" / "demo_registration.csv"
TEAM_DEMO_SLUG = "demo-teams"
TEAM_DEMO_FILE = Path(settings.BASE_DIR) / "fixtures" / "demo_teams.csv"


class Command(BaseCommand):
    help = "载入演示赛事和账号 (load the demo tournament and its accounts)"

    def add_arguments(self, parser):
        parser.add_argument(
            "--season",
            action="store_true",
            help="also a league of two finished events (系列赛), its players met again",
        )

    @transaction.atomic
    def handle(self, *args, **o):
        organizer, password = ensure_user("organizer", organizer=True)
        chief, chief_pw = ensure_user("chief")
        referee, referee_pw = ensure_user("referee")
        for user, pw, label in (
            (organizer, password, "组织者 organizer"),
            (chief, chief_pw, "裁判长 chief"),
            (referee, referee_pw, "裁判 referee"),
        ):
            if pw:
                self.stdout.write(f"{label}: 用户名 {user.username}  密码 {pw}")
            else:
                self.note(f"{label}: 用户名 {user.username}（已存在，密码不变）")
        staff = (organizer, chief, referee)
        if Tournament.objects.filter(slug=DEMO_SLUG).exists():
            self.note(f"演示赛事“{DEMO_SLUG}”已存在")
        else:
            self.pairs_demo(*staff)
        if Tournament.objects.filter(slug=TEAM_DEMO_SLUG).exists():
            self.note(f"演示赛事“{TEAM_DEMO_SLUG}”已存在")
        else:
            self.teams_demo(*staff)
        if o["season"] and not Series.objects.filter(slug=SERIES_SLUG).exists():
            name = load_season(organizer)
            self.note(f"演示系列赛已创建：{name}（两站比赛已赛完）")

    def pairs_demo(self, organizer, chief, referee) -> None:
        tournament = tournament_create(
            organizer=organizer,
            slug=DEMO_SLUG,
            name="2026年江淮掼蛋邀请赛（演示）",
            venue=VENUE,
            host=HOST,
            start_date=date(2026, 12, 5),
            end_date=date(2026, 12, 5),
            rounds=7,
            publish_pairings=True,
            publish_standings=True,
        )
        Staff.objects.create(tournament=tournament, user=chief, role=Staff.CHIEF_REFEREE)
        Staff.objects.create(tournament=tournament, user=referee, role=Staff.REFEREE)
        check = pairs_import(
            tournament=tournament,
            data=DEMO_FILE.read_bytes(),
            filename=DEMO_FILE.name,
            actor="demo",
            by=command_actor(),
        )
        self.note(f"演示赛事已创建：{tournament.name}，{len(check.rows)}个组合")

    def teams_demo(self, organizer, chief, referee) -> None:
        """The team event: 16 teams of 2 pairs (a unit's first and second team), 5 rounds."""
        tournament = tournament_create(
            organizer=organizer,
            slug=TEAM_DEMO_SLUG,
            name="2026年江淮掼蛋团体赛（演示）",
            venue=VENUE,
            host=HOST,
            start_date=date(2026, 12, 6),
            end_date=date(2026, 12, 6),
            rounds=5,
            entry="teams",
            avoid_same_unit="hard",
            publish_pairings=True,
            publish_standings=True,
        )
        Staff.objects.create(tournament=tournament, user=chief, role=Staff.CHIEF_REFEREE)
        Staff.objects.create(tournament=tournament, user=referee, role=Staff.REFEREE)
        check = teams_import(
            tournament=tournament,
            data=TEAM_DEMO_FILE.read_bytes(),
            filename=TEAM_DEMO_FILE.name,
            actor="demo",
            by=command_actor(),
        )
        self.note(f"演示赛事已创建：{tournament.name}，{len(check.rows)}个团体")
