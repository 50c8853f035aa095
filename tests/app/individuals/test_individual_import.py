"""An individual event's registration sheet: all rows or nothing, each bad row named, every
player with their own entry, fast at 2,000; the command."""

from __future__ import annotations

import time

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.app.individuals.individual_sheets import player_rows, solo_csv, solo_event, solo_xlsx
from tournament.core.actors import user_actor
from tournament.core.errors import Invalid
from tournament.events.services import tournament_create
from tournament.individuals.import_sheet import individuals_check, individuals_import
from tournament.models import AuditEntry, Individual, Pair, Player

pytestmark = pytest.mark.django_db


def run(t, data, name="个人.xlsx"):
    return individuals_import(tournament=t, data=data, filename=name, by=user_actor(None))


def problems(check):
    return [str(p) for p in check.problems]


def counts(t):
    return (
        Individual.objects.filter(tournament=t).count(),
        Pair.objects.filter(tournament=t).count(),
        Player.objects.filter(pair__tournament=t).count(),
    )


def test_a_good_sheet_makes_players_with_their_own_entries(organizer):
    t = solo_event(organizer)
    rows = [("张伟", "南京市", "13800000001"), ("王芳", "", ""), ("李娜", "扬州", "13800000003")]
    check = run(t, solo_xlsx(rows))
    assert check.ok, problems(check)
    people = {p.name: p for p in Individual.objects.filter(tournament=t).select_related("own")}
    assert set(people) == {"张伟", "王芳", "李娜"}
    zhang = people["张伟"]
    assert (zhang.unit.name, zhang.phone, zhang.joined_round) == ("南京市", "13800000001", 1)
    assert zhang.name_pinyin.startswith("zhang")
    assert people["王芳"].unit is None
    own = zhang.own
    assert (own.name, own.unit.name) == ("张伟", "南京市")
    seat = own.players.get()
    assert (seat.position, seat.name, seat.phone, seat.individual_id) == (
        1,
        "张伟",
        "13800000001",
        zhang.pk,
    )
    entry = AuditEntry.objects.get(action="individual.import")
    assert entry.after == {"count": 3, "file": "个人.xlsx"}


def test_seed_is_optional_and_read(organizer):
    t = solo_event(organizer)
    header = ("姓名", "单位", "手机", "种子")
    rows = [("张伟", "南京", "", "3"), ("王芳", "南京", "", "")]
    check = run(t, solo_csv(rows, header=header), "个人.csv")
    assert check.ok, problems(check)
    assert dict(Individual.objects.values_list("name", "seed")) == {"张伟": 3, "王芳": None}
    assert Pair.objects.get(name="张伟").seed == 3


def test_a_bad_sheet_imports_nothing_and_names_each_row(organizer):
    t = solo_event(organizer, players=1)  # 选手0 registered
    rows = [
        ("张伟", "南京", ""),
        ("", "南京", ""),
        ("张伟", "扬州", ""),
        ("选手0", "", ""),
        ("李娜", "", "1" * 31),
    ]
    check = run(t, solo_xlsx(rows))
    assert problems(check) == [
        "第3行“姓名”列：缺少选手姓名",
        "第4行“姓名”列：选手“张伟”与第2行重复",
        "第5行“姓名”列：选手“选手0”已经报名",
        "第6行“手机”列：电话号码超过30位",
    ]
    assert counts(t) == (1, 1, 1)
    assert not AuditEntry.objects.filter(action="individual.import").exists()


def test_a_sheet_without_the_name_column_is_refused(organizer):
    t = solo_event(organizer)
    with pytest.raises(Exception) as caught:
        run(t, solo_xlsx([("甲", "乙")], header=("队名", "单位")))
    assert "姓名" in str(caught.value)
    assert counts(t) == (0, 0, 0)


def test_only_an_individual_event_takes_the_sheet(organizer):
    pairs = tournament_create(organizer=organizer, by=user_actor(organizer), name="双人", slug="p")
    with pytest.raises(Invalid):
        individuals_check(pairs, solo_xlsx(player_rows(2)), "x.xlsx")


@pytest.mark.slow  # 2,000 entries: in CI's full run (RUN_SLOW), not the fast one
def test_two_thousand_players_in_a_few_statements(organizer):
    t = solo_event(organizer)
    data = solo_xlsx(player_rows(2000))
    started = time.perf_counter()
    with CaptureQueriesContext(connection) as queries:
        check = run(t, data)
    elapsed = time.perf_counter() - started
    assert check.ok, problems(check)[:3]
    assert counts(t) == (2000, 2000, 2000)
    assert len(queries) < 40, len(queries)
    assert elapsed < 10, elapsed
    assert not Individual.objects.filter(tournament=t, own=None).exists()


def test_the_command_imports_an_individual_sheet(organizer, tmp_path, capsys):
    t = solo_event(organizer)
    path = tmp_path / "indreg-players.xlsx"
    path.write_bytes(solo_xlsx(player_rows(5)))
    call_command("import_entries", t.slug, str(path))
    assert counts(t) == (5, 5, 5)
    assert "已导入5名选手" in capsys.readouterr().out
    bad = tmp_path / "indreg-bad.csv"
    bad.write_bytes(solo_csv([("球员0001", "", "")]))  # already registered
    with pytest.raises(CommandError):
        call_command("import_entries", t.slug, str(bad))
    assert counts(t) == (5, 5, 5)
