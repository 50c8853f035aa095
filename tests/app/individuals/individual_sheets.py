"""Individual events and sheets for the registration tests: an event with a few players or
none, its staff, and sheets (.xlsx made by openpyxl, .csv) in the columns 姓名, 单位, 手机."""

from __future__ import annotations

from tests.app.spreadsheet_files import csv_bytes, xlsx
from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.individuals.registration import IndividualData, individual_register
from tournament.models import Staff, Tournament

HEADER = ("姓名", "单位", "手机")


def solo_event(organizer, *, slug="solo", players=0, staff=()) -> Tournament:
    """An individual event with ``players`` players (选手0…) and ``staff`` (chief, referee)."""
    by = user_actor(organizer)
    t = tournament_create(
        organizer=organizer, by=by, name="个人赛", slug=slug, entry="individuals", rounds=3
    )
    for i in range(players):
        data = IndividualData(name=f"选手{i}", unit=f"单位{i % 2}", phone=f"1390000{i:04d}")
        individual_register(tournament=t, data=data, by=by)
    for user, role in zip(staff, (Staff.CHIEF_REFEREE, Staff.REFEREE), strict=False):
        Staff.objects.create(tournament=t, user=user, role=role)
    return Tournament.objects.get(pk=t.pk)


def player_rows(n: int, units: int = 8) -> list[tuple]:
    return [(f"球员{i:04d}", f"单位{i % units}", f"138{i:08d}") for i in range(1, n + 1)]


def solo_xlsx(rows, header=HEADER) -> bytes:
    return xlsx(rows, header=header, title="个人报名表")


def solo_csv(rows, header=HEADER, encoding="utf-8") -> bytes:
    return csv_bytes(rows, header=header, encoding=encoding)
