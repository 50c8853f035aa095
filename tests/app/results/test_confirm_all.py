"""确认全部已录入: the chief referee confirms a round's entered tables at once.

Each table as if confirmed one by one (state, who, version, audit entry, a change number
for the live pages), the chief's own entries confirmed by this act of the chief's (a chief
running a round alone is never stuck), a referee's own entry never, and a cost that does not
grow with the round: a 2,500-table round took ten seconds with the round locked.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import new_round, register_pair
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.models import AuditEntry, Round, Table
from tournament.results.checks import ResultValues
from tournament.results.confirm_all import confirm_all_entered
from tournament.results.services import submit_result
from tournament.rounds.lifecycle import lock_round

pytestmark = pytest.mark.django_db

RESULT = ResultValues(ew_level="A+", ns_level="5", winner="EW")


def enter(round_: Round, table: int, user) -> Table:
    return submit_result(round_.tables.get(number=table), RESULT, version=None, by=user_actor(user))


@pytest.mark.both_databases  # the row locks and the bulk writes on PostgreSQL too
def test_every_entered_table_the_chiefs_own_too_is_confirmed(tournament, pairs8, referee, chief):
    round_ = new_round(tournament, pairs8)
    entered = [enter(round_, 1, chief)] + [enter(round_, table, referee) for table in (2, 3)]
    seq_before = Round.objects.get(pk=round_.pk).change_seq

    assert confirm_all_entered(round_, by=user_actor(chief)) == 3

    tables = {m.number: m for m in round_.tables.all()}
    for old in entered:
        new = tables[old.number]
        assert (new.state, new.confirmed_by, new.confirmed_via) == (
            Table.CONFIRMED,
            chief,
            "referee",
        )
        assert new.version == old.version + 1 and new.confirmed_at is not None
        assert new.change_seq > seq_before  # the live page's poll fetches it
    assert tables[4].state == Table.EMPTY
    logged = AuditEntry.objects.filter(action="result.confirm").order_by("object_id")
    assert [(e.object_id, e.before["state"], e.after["state"]) for e in logged] == [
        (str(m.pk), "entered", "confirmed") for m in sorted(entered, key=lambda m: m.pk)
    ]
    assert all(e.user == chief and "确认" in e.summary for e in logged)
    assert Round.objects.get(pk=round_.pk).change_seq == tables[2].change_seq


def test_a_round_with_every_table_confirmed_can_be_locked(tournament, pairs8, referee, chief):
    round_ = new_round(tournament, pairs8)
    for table in (1, 2, 3, 4):
        enter(round_, table, referee)
    assert confirm_all_entered(round_, by=user_actor(chief)) == 4
    assert Round.objects.get(pk=round_.pk).status == Round.CONFIRMED
    lock_round(round_, by=user_actor(chief))
    with pytest.raises(Refused, match="已锁定"):
        confirm_all_entered(round_, by=user_actor(chief))


def test_a_referee_cannot_confirm_the_round(tournament, pairs8, referee, chief):
    round_ = new_round(tournament, pairs8)
    enter(round_, 1, chief)
    with pytest.raises(Refused):
        confirm_all_entered(round_, by=user_actor(referee))
    assert round_.tables.get(number=1).state == Table.ENTERED


def test_the_statements_do_not_grow_with_the_round(tournament, referee, chief):
    def statements(pairs: list, number: int) -> int:
        round_ = new_round(tournament, pairs, number=number)
        for table in range(1, len(pairs) // 2 + 1):
            enter(round_, table, referee)
        fresh = User.objects.get(pk=chief.pk)  # its role not yet read
        with CaptureQueriesContext(connection) as queries:
            assert confirm_all_entered(round_, by=user_actor(fresh)) == len(pairs) // 2
        return len(queries)

    pairs = [register_pair(tournament, f"队{i}") for i in range(1, 25)]
    assert statements(pairs[:4], 1) == statements(pairs, 2)
