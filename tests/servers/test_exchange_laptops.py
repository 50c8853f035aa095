"""Results that travel (issue 46): two events run on two laptops (two data folders, two
SQLite databases) with players in common, each exported as an exchange file by the laptop's
own command and imported into the association's server (this test's database: PostgreSQL in
the PostgreSQL pass of scripts/test.sh, SQLite in the other). The players shared by 会员号 or
by name and phone are one person each there, with both events in their history; the same
file imported twice changes nothing."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from tests.servers.laptop import manage, python
from tournament.models import AuditEntry, Person, Player, Table, Tournament

pytestmark = [pytest.mark.slow, pytest.mark.both_databases, pytest.mark.django_db]

# One laptop's event: six pairs, two rounds played and locked, a third paired but not
# locked (it does not travel). ``PAIRS`` (name, unit, (player, phone, 会员号) × 2) is
# substituted per laptop.
SETUP = """
import django
django.setup()
from django.core.management import call_command
from django.contrib.auth.models import User
from tournament.core.actors import user_actor
from tournament.core.identity import link_event
from tournament.events.services import tournament_create
from tournament.models import Player, Table
from tournament.models.result_values import ResultValues
from tournament.registration.services import PairData, pair_register
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.rounds.pairing import draw, pair_next_round
call_command("migrate", verbosity=0)
organizer = User.objects.create_user("organizer", password="pw-organizer")
by = user_actor(organizer)
t = tournament_create(organizer=organizer, by=by, name=NAME, slug=SLUG, rounds=3)
for name, unit, (p1, ph1, no1), (p2, ph2, no2) in PAIRS:
    pair = pair_register(tournament=t, data=PairData(name=name, unit=unit, player1=p1,
                         player2=p2, phone1=ph1, phone2=ph2), by=by)
    for position, number in ((1, no1), (2, no2)):
        Player.objects.filter(pair=pair, position=position).update(member_no=number)
link_event(t)
draw(t, seed=3, by=by)
for n in range(3):
    rnd = pair_next_round(t, by=by)
    publish_round(rnd, by=by)
    if n == 2:
        break
    for table in Table.objects.filter(round=rnd).exclude(ns=None).order_by("number"):
        values = ResultValues(ew_level="A" if table.number % 2 else "9", ns_level="J")
        table = submit_result(table, values, version=None, by=by)
        confirm_result(table, version=None, by=by)
    rnd.refresh_from_db()
    lock_round(rnd, by=by)
"""

ZHANG = ("张三", "", "JS0012")  # the same 会员号 on both laptops (phones differ)
LI = ("李四", "13800000001", "")  # no 会员号: name and phone
WANG = ("王五", "", "")  # neither: two persons (only suggested to an organizer)
A_PAIRS = [
    ("金陵", "南京", ZHANG, LI),
    ("秦淮", "南京", WANG, ("赵六", "13900000002", "")),
    ("钟山", "南京", ("孙七", "", ""), ("周八", "", "")),
    ("玄武", "南京", ("吴九", "", ""), ("郑十", "", "")),
    ("紫金", "南京", ("冯一", "", ""), ("陈二", "", "")),
    ("雨花", "南京", ("褚三", "", ""), ("卫四", "", "")),
]
B_PAIRS = [
    ("扬州", "扬州", ("张三", "13700000009", "JS0012"), ("钱五", "", "")),
    ("邗江", "扬州", ("李四", "138 0000 0001", ""), WANG),
    ("广陵", "扬州", ("蒋一", "", ""), ("沈二", "", "")),
    ("江都", "扬州", ("韩三", "", ""), ("杨四", "", "")),
    ("仪征", "扬州", ("朱五", "", ""), ("秦六", "", "")),
    ("高邮", "扬州", ("尤七", "", ""), ("许八", "", "")),
]


def _laptop(folder, name, slug, pairs):
    code = f"NAME, SLUG, PAIRS = {name!r}, {slug!r}, {pairs!r}\n" + SETUP
    python(folder, code)


def _counts() -> dict:
    """What an import would change: the rows (by key, so a replacement shows) and counts."""
    return {
        "events": sorted(Tournament.objects.values_list("pk", "slug", "exchange_revision")),
        "persons": sorted(Person.objects.values_list("pk", flat=True)),
        "players": sorted(Player.objects.values_list("pk", "person_id")),
        "tables": Table.objects.count(),
        "audit": sorted(AuditEntry.objects.values_list("pk", flat=True)),
    }


def test_two_laptops_results_meet_on_the_association_server(tmp_path):
    files = {}
    for laptop, name, slug, pairs in (
        ("a", "南京站", "nanjing", A_PAIRS),
        ("b", "扬州站", "yangzhou", B_PAIRS),
    ):
        _laptop(tmp_path / laptop, name, slug, pairs)
        files[slug] = tmp_path / f"{slug}.json"
        done = manage(tmp_path / laptop, "export", slug, "exchange", "-o", str(files[slug]))
        assert done.returncode == 0, done.stderr
        doc = json.loads(files[slug].read_text(encoding="utf-8"))
        assert [r["number"] for r in doc["rounds"]] == [1, 2]  # round 3 is not locked
    for slug, path in files.items():
        call_command("import_exchange", str(path), verbosity=0)
        assert Tournament.objects.get(slug=slug).exchange_revision is not None

    def events_of(person: Person) -> set[str]:
        rows = Player.objects.filter(person=person, individual=None, member=None)
        return set(rows.values_list("pair__tournament__slug", flat=True))

    zhang = Person.objects.get(number="JS0012")
    assert events_of(zhang) == {"nanjing", "yangzhou"}
    li = Person.objects.get(name="李四")  # one person: name and phone (digits) agree
    assert li.phone == "13800000001" and events_of(li) == {"nanjing", "yangzhou"}
    wang = Person.objects.filter(name="王五")
    assert wang.count() == 2  # same name, nothing else: never joined silently
    assert Person.objects.count() == 24 - 2  # 24 players, two of them shared

    # The same files again: nothing changes, not even the activity log.
    before = _counts()
    for path in files.values():
        call_command("import_exchange", str(path), verbosity=0)
    assert _counts() == before
