"""draw and pair from the command line; the Swiss rounds through the adapter."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.core.actors import user_actor
from tournament.models import Pair, Round
from tournament.results.checks import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.rounds.lifecycle import lock_round, publish_round
from tournament.rounds.pairing import pair_next_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def nine(tournament, register):
    return [register(tournament, f"队{i}", f"单位{i % 3}") for i in range(1, 10)]


def test_draw_is_reproducible_from_its_seed(tournament, nine, capsys):
    call_command("draw", "spring", "--seed", "42")
    first = dict(Pair.objects.values_list("name", "draw_number"))
    assert sorted(first.values()) == list(range(1, 10))
    Pair.objects.update(draw_number=None)
    call_command("draw", "spring", "--seed", "42")
    assert dict(Pair.objects.values_list("name", "draw_number")) == first
    assert "抽签完成（随机码 42）" in capsys.readouterr().out


def test_pair_json_lists_tables_then_the_bye(tournament, nine, capsys):
    call_command("draw", "spring", "--seed", "7")
    capsys.readouterr()
    call_command("pair", "spring", "--json", "--publish")
    rows = json.loads(capsys.readouterr().out)
    by_number = {t.draw_number: t.name for t in Pair.objects.all()}
    # Round 1: adjacent draw numbers 1–2, 3–4, … ; the odd one out (9) has the bye.
    assert rows[0] == {"table": 1, "ew": by_number[1], "ns": by_number[2]}
    assert rows[-1] == {"table": None, "bye": by_number[9]}
    assert len(rows) == 5
    assert Round.objects.get(number=1).status == Round.PUBLISHED


def test_pair_refuses_while_the_round_is_open(tournament, nine):
    call_command("draw", "spring", "--seed", "7")
    call_command("pair", "spring", "--publish")
    with pytest.raises(CommandError, match="第1轮尚未锁定"):
        call_command("pair", "spring")


def test_swiss_rounds_avoid_rematches_and_give_each_bye_once(
    tournament, nine, organizer, referee, chief
):
    call_command("draw", "spring", "--seed", "3")
    met, byes = set(), []
    for _ in range(5):
        r = pair_next_round(tournament, by=user_actor(None))
        publish_round(r, by=user_actor(organizer))
        for m in r.tables.all():
            if m.ns_id is None:
                byes.append(m.ew_id)
                continue
            pair = frozenset((m.ew_id, m.ns_id))
            assert pair not in met
            met.add(pair)
            m = submit_result(
                m, ResultValues("A+", "7", winner="EW"), version=m.version, by=user_actor(referee)
            )
            confirm_result(m, version=m.version, by=user_actor(chief))
        lock_round(Round.objects.get(pk=r.pk), by=user_actor(chief))
    assert len(byes) == len(set(byes)) == 5


@pytest.mark.both_databases
def test_draw_number_override_swaps_with_the_holder(tournament, nine, organizer):
    from tournament.rounds.pairing import draw, set_draw_number

    draw(tournament, seed=1, by=user_actor(None))
    a = Pair.objects.get(draw_number=1)
    b = Pair.objects.get(draw_number=5)
    set_draw_number(a, 5, by=user_actor(organizer))
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.draw_number, b.draw_number) == (5, 1)


def test_late_entry_joins_the_next_round(tournament, nine, register):
    call_command("draw", "spring", "--seed", "1")
    call_command("pair", "spring", "--publish")
    late = register(tournament, "迟到队")
    assert late.joined_round == 2


def test_hard_unit_avoidance_keeps_round_one_apart(tournament, register):
    """Draw numbers 1 and 2 belong to one unit: under hard avoidance they do not meet."""
    from tournament.rounds.pairing import draw

    pairs = [register(tournament, f"队{i}", f"单位{i // 2}") for i in range(8)]
    tournament.avoid_same_unit = "hard"
    tournament.save(update_fields=["avoid_same_unit"])
    draw(tournament, seed=5, overrides={pairs[0].pk: 1, pairs[1].pk: 2}, by=user_actor(None))
    round_ = pair_next_round(tournament, by=user_actor(None))
    tables = [(m.ew.unit_id, m.ns.unit_id) for m in round_.tables.exclude(ns=None)]
    assert len(tables) == 4 and all(a != b for a, b in tables)
