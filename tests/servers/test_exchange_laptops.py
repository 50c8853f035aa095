"""Results that travel (issue 46): two events run on two laptops (two data folders, two
SQLite databases) with players in common, each exported as an exchange file by the laptop's
own command and imported into the association's server (this test's database: PostgreSQL in
the PostgreSQL pass of scripts/test.sh, SQLite in the other). The players shared by 会员号 or
by name and phone are one person each there, with both events in their history; the same
file imported twice changes nothing."""

from __future__ import annotations

import io
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


def hand_worked_points(docs: dict) -> dict[tuple, float]:
    """Each shared player's series points, by hand: a county event (factor 1) of 6 pairs
    (field factor 0.5: 100 × 1 × 0.5 = 50 for first), the first ceil(6 × 0.34) = 3 places
    scoring 50, 33.33 and 16.67 (place p: 50 × (3 − p + 1) / 3); ranks tied share the
    awards of the places they fill. Keyed by (会员号, name), summed over both events."""
    awards = {1: 50.0, 2: 100 / 3, 3: 50 / 3}
    points: dict[tuple, float] = {}
    for doc in docs.values():
        players = {p["id"]: p for p in doc["players"]}
        pairs = {p["id"]: p for p in doc["entries"]["pairs"]}
        ranks = [place["rank"] for place in doc["places"]]
        for place in doc["places"]:
            tied = ranks.count(place["rank"])
            filled = range(place["rank"], place["rank"] + tied)
            award = sum(awards.get(p, 0.0) for p in filled) / tied
            for pid in pairs[place["entry"]]["players"]:
                player = players[pid]
                key = (player["number"], player["name"])
                if player["name"] == "李四":
                    key = (None, "李四")  # joined by name and phone, not by 会员号
                points[key] = points.get(key, 0.0) + round(award, 2)
    return points


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

    # The season: a series of both events, its standings worked by hand (docs/rules.md §20).
    docs = {slug: json.loads(path.read_text(encoding="utf-8")) for slug, path in files.items()}
    call_command("series", "create", "js", "--name", "江苏联赛", verbosity=0)
    for slug in files:
        call_command("series", "add", "js", slug, verbosity=0)
    out = io.StringIO()
    call_command("series", "standings", "js", "--json", stdout=out)
    shown = {(row["person_id"]): row for row in json.loads(out.getvalue())}
    expected = hand_worked_points(docs)
    assert shown[zhang.pk]["points"] == expected[("JS0012", "张三")]
    assert shown[li.pk]["points"] == expected[(None, "李四")]
    assert shown[zhang.pk]["events"] == shown[li.pk]["events"] == 2
    assert sum(row["points"] for row in shown.values()) == pytest.approx(
        2 * (50 + 100 / 3 + 50 / 3) * 2
    )

    # The same files again: nothing changes, not even the activity log.
    before = _counts()
    for path in files.values():
        call_command("import_exchange", str(path), verbosity=0)
    assert _counts() == before
