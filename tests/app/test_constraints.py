"""The database refuses rows no service would write (the vocabulary of docs/rules.md: table, bye, side).

Each test writes one impossible row past the services, straight through the ORM, and
expects the database (not Python) to refuse it; the row beside it that differs in the one
point is accepted, so the constraint is neither missing nor too wide.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tournament.core.actors import user_actor
from tournament.models import Foul, Player, Round, Staff, Stage, Table, Unit
from tournament.models.table_guard import exempt
from tournament.rounds.pairing import draw, pair_next_round

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def refused(make) -> bool:
    """True when the database refuses what ``make()`` writes (an IntegrityError)."""
    try:
        with transaction.atomic():
            make()
    except IntegrityError:
        return True
    return False


@pytest.fixture
def round1(tournament, pairs8, make_round):
    return make_round(tournament, pairs8[:4])


def test_a_pair_cannot_play_itself(round1, pairs8):
    a, b = pairs8[4], pairs8[5]
    assert refused(lambda: Table.objects.create(round=round1, number=9, ew=a, ns=a))
    assert not refused(lambda: Table.objects.create(round=round1, number=9, ew=a, ns=b))


def test_a_table_number_if_and_only_if_an_opponent(round1, pairs8):
    a, b = pairs8[4], pairs8[5]
    assert refused(lambda: Table.objects.create(round=round1, number=None, ew=a, ns=b))
    assert refused(lambda: Table.objects.create(round=round1, number=7, ew=a, ns=None))
    assert not refused(lambda: Table.objects.create(round=round1, number=None, ew=a, ns=None))
    assert not refused(lambda: Table.objects.create(round=round1, number=7, ew=b, ns=pairs8[6]))


@pytest.mark.parametrize(
    ("field", "bad", "good"),
    [
        ("ew_level", "B", "A+"),
        ("ns_level", "1", "10"),
        ("ns_level", "a", ""),
        ("winner", "X", "NS"),
        ("defeat_side", "ew", "EW"),
        ("forfeit", "all", "both"),
    ],
)
def test_result_fields_hold_only_known_values(round1, field, bad, good):
    table = round1.tables.get(number=1)
    query = Table.objects.filter(pk=table.pk)
    with exempt("fixture"):  # the database's own checks, below the write rule
        assert refused(lambda: query.update(**{field: bad}))
        assert not refused(lambda: query.update(**{field: good}))


def test_a_foul_penalty_stays_within_the_rules_bound(round1):
    table = round1.tables.get(number=1)

    def foul(levels: int) -> Foul:
        return Foul.objects.create(
            table=table, pair=table.ew, kind="other", severity="foul", levels=levels
        )

    assert refused(lambda: foul(13))
    assert refused(lambda: foul(-13))
    assert not refused(lambda: foul(-12))
    assert not refused(lambda: foul(12))


def test_unique_rows_per_tournament(tournament, pairs8, referee, make_round):
    make_round(tournament, pairs8[:2])
    stage = tournament.stages.first()
    pair = pairs8[0]
    assert refused(lambda: Round.objects.create(tournament=tournament, stage=stage, number=1))
    assert refused(lambda: Stage.objects.create(tournament=tournament, order=stage.order))
    assert refused(lambda: Staff.objects.create(tournament=tournament, user=referee))
    assert refused(lambda: Unit.objects.create(tournament=tournament, name=pair.unit.name))
    assert refused(lambda: Player.objects.create(pair=pair, position=1, name="替补"))


def test_a_player_is_first_or_second_of_the_pair(tournament, register):
    pair = register(tournament, "三人队")
    pair.players.filter(position=2).delete()
    assert refused(lambda: Player.objects.create(pair=pair, position=3, name="丙"))
    assert not refused(lambda: Player.objects.create(pair=pair, position=2, name="乙"))


def test_a_round_takes_only_a_stage_of_its_own_tournament(tournament, other_tournament):
    foreign = other_tournament.stages.first()
    own = tournament.stages.first()
    with pytest.raises(ValidationError) as caught:
        Round.objects.create(tournament=tournament, stage=foreign, number=1)
    assert caught.value.message_dict == {"stage": ["轮次的阶段必须属于同一赛事"]}
    assert not Round.objects.exists()
    round_ = Round(tournament=tournament, stage=Stage.objects.get(pk=foreign.pk), number=1)
    with pytest.raises(ValidationError):
        round_.full_clean()
    round_.stage = own
    round_.full_clean()
    round_.save()
    # Moving a saved round to another tournament's stage is refused as well.
    round_.stage_id = foreign.pk
    with pytest.raises(ValidationError):
        round_.save()
    assert Round.objects.get(pk=round_.pk).stage_id == own.pk


def test_rounds_paired_by_the_service_keep_their_stage(tournament, pairs8, organizer):
    draw(tournament, seed=1, by=user_actor(None))
    round_ = pair_next_round(tournament, by=user_actor(organizer))
    assert round_.stage.tournament_id == tournament.pk
    assert round_.stage_problem() is None
