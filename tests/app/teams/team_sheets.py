"""Team events and team sheets for the registration tests: an event with no team or a few,
its staff, and sheets (.xlsx made by openpyxl, .csv) in the team columns."""

from __future__ import annotations

from tests.app.spreadsheet_files import csv_bytes, xlsx
from tests.app.teams.team_event import roster
from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.models import Staff, Tournament
from tournament.teams.registration import team_register

HEADER2 = ["队名", "单位", "组合1选手1", "组合1选手2", "组合2选手1", "组合2选手2", "替补1", "替补2"]
HEADER3 = HEADER2[:6] + ["组合3选手1", "组合3选手2", "替补1"]


def team_event(organizer, *, slug="teams", teams=0, team_pairs=2, substitutes=2, staff=()):
    """A team event with ``teams`` teams of :func:`roster` and ``staff`` (chief, referee)."""
    t = tournament_create(
        organizer=organizer,
        by=user_actor(organizer),
        name="团体赛",
        slug=slug,
        entry="teams",
        team_pairs=team_pairs,
        substitutes=substitutes,
        rounds=4,
    )
    for i in range(teams):
        team_register(tournament=t, data=roster(i, size=2 * team_pairs), by=user_actor(organizer))
    roles = (Staff.CHIEF_REFEREE, Staff.REFEREE)
    for user, role in zip(staff, roles, strict=False):
        Staff.objects.create(tournament=t, user=user, role=role)
    return Tournament.objects.get(pk=t.pk)


def team_rows(n: int, units: int = 8, subs: int = 1) -> list[tuple]:
    """``n`` distinct teams of two pairs, with ``subs`` substitutes."""
    rows = []
    for i in range(1, n + 1):
        players = [f"队员{i:04d}{c}" for c in "甲乙丙丁"]
        substitutes = [f"替补{i:04d}{c}" for c in "子丑"[:subs]] + [""] * (2 - subs)
        rows.append((f"团体{i:04d}", f"单位{i % units}", *players, *substitutes))
    return rows


def team_xlsx(rows, header=HEADER2) -> bytes:
    return xlsx(rows, header=header, title="团体报名表")


def team_csv(rows, header=HEADER2, encoding="utf-8") -> bytes:
    return csv_bytes(rows, header=header, encoding=encoding)
