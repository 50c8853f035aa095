"""The model's own net under the write rule (:mod:`tournament.models.table_guard`):
whatever a write path names its variables, a table's result changes by ``save``, ``update``
or ``bulk_update`` only where the rule was asked for that table, in the block that asked;
writes that leave the result alone (a draft's swaps and numbers) need nothing, and the
writes outside the rule are listed by name."""

from __future__ import annotations

import json

import pytest
from django.db import transaction
from django.forms.models import model_to_dict
from django.urls import reverse

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Round, Table
from tournament.models.table_guard import (
    EXEMPT,
    NOT_RESULT,
    RESULT,
    UnruledWrite,
    exempt,
)
from tournament.results import write_rule
from tournament.results.checks import ResultValues
from tournament.results.services import confirm_result, submit_result
from tournament.results.table_write import lock_table, require_write
from tournament.rounds.adjust import swap_pairs

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]
WIN = ResultValues("A+", "K", winner="EW")


def test_every_field_of_a_table_is_result_or_listed_with_why():
    names = {f.name for f in Table._meta.concrete_fields}
    assert set(RESULT) | set(NOT_RESULT) == names
    assert not set(RESULT) & set(NOT_RESULT)
    assert set(ResultValues.__dataclass_fields__) <= set(RESULT)
    assert all(why for why in (*NOT_RESULT.values(), *EXEMPT.values()))


@pytest.fixture
def confirmed(tournament, pairs8, make_round, referee, chief) -> Table:
    table = make_round(tournament, pairs8).tables.get(number=1)
    m = submit_result(table, WIN, version=None, by=user_actor(referee))
    return confirm_result(m, version=m.version, by=user_actor(chief))


# A new write path that forgot the rule, whatever its names: each reopens a confirmed table.
def _saved_whole(pk: int) -> None:
    ma = Table.objects.get(pk=pk)
    ma.state = Table.DISPUTED
    ma.save()


def _saved_fields(pk: int) -> None:
    row = Table.objects.get(pk=pk)
    row.winner, row.ns_level = "NS", "A+"
    row.save(update_fields=["winner", "ns_level"])


def _updated(pk: int) -> None:
    Table.objects.filter(pk=pk).update(state=Table.EMPTY, ew_level="", ns_level="")


def _updated_through_the_round(pk: int) -> None:
    Table.objects.get(pk=pk).round.tables.exclude(ns=None).update(state=Table.ENTERED)


def _bulk_updated(pk: int) -> None:
    rows = list(Table.objects.filter(pk=pk))
    for x in rows:
        x.forfeit, x.winner = "EW", "NS"
    Table.objects.bulk_update(rows, ["forfeit", "winner"])


@pytest.mark.parametrize(
    "write", [_saved_whole, _saved_fields, _updated, _updated_through_the_round, _bulk_updated]
)
def test_a_new_write_path_without_the_rule_fails_whatever_it_names_things(confirmed, write):
    with pytest.raises(UnruledWrite), transaction.atomic():
        write(confirmed.pk)
    stored = Table.objects.get(pk=confirmed.pk)
    assert (stored.state, stored.winner, stored.ew_level) == (Table.CONFIRMED, "EW", "A+")


def test_the_rule_lets_its_table_through_in_its_block_only(confirmed, chief):
    other = confirmed.round.tables.get(number=2)
    with transaction.atomic():
        locked = lock_table(confirmed, None)
        require_write(locked, user_actor(chief), write_rule.CORRECTION)
        Table.objects.filter(pk=confirmed.pk).update(ns_level="Q")  # ruled: any name
        with pytest.raises(UnruledWrite), transaction.atomic():
            Table.objects.filter(pk__in=[confirmed.pk, other.pk]).update(ns_level="J")
    with pytest.raises(UnruledWrite), transaction.atomic():  # that block has ended
        _updated(confirmed.pk)
    assert Table.objects.get(pk=confirmed.pk).ns_level == "Q"


def test_a_ruling_rolled_back_rules_nothing(confirmed, chief):
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        require_write(lock_table(confirmed, None), user_actor(chief), write_rule.CORRECTION)
        1 / 0  # noqa: B018 - the block that asked ends in an error
    with pytest.raises(UnruledWrite), transaction.atomic():
        _updated(confirmed.pk)


def test_a_late_entry_kept_rules_nothing(confirmed, referee):
    with pytest.raises(UnruledWrite), transaction.atomic():
        _kind, decision = require_write(
            lock_table(confirmed, None), user_actor(referee), write_rule.LATE
        )
        assert decision.verdict == write_rule.KEEP
        _saved_whole(confirmed.pk)


def test_writes_that_leave_the_result_alone_need_no_rule(tournament, pairs8, make_round):
    draft = make_round(tournament, pairs8, status=Round.DRAFT)
    one, two = draft.tables.get(number=1), draft.tables.get(number=2)
    # Saves whole rows (the result as stored), then bulk-updates the badges.
    swap_pairs(draft, one.ew_id, two.ns_id, by=user_actor(None))
    assert draft.tables.get(number=1).ew_id == two.ns_id
    rows = list(draft.tables.exclude(ns=None))
    for row in rows:
        row.number += 100
    Table.objects.bulk_update(rows, ["number"])  # numbers
    Table.objects.filter(pk=one.pk).update(passed_at="15:20")  # a time, table rights


def test_an_exemption_is_one_of_the_listed(confirmed):
    with pytest.raises(KeyError), exempt("a path in a hurry"):
        pass
    with exempt("fixture"):
        _updated(confirmed.pk)
    assert Table.objects.get(pk=confirmed.pk).state == Table.EMPTY


def test_the_site_administrators_fix_in_the_admin_is_the_listed_exemption(confirmed, make_user):
    """A superuser has the server (as the shell): the admin's save of a result goes through,
    logged as admin.change; it is :data:`EXEMPT`'s ``admin``, not a hole."""
    data = {k: v for k, v in model_to_dict(confirmed).items() if v is not None}
    data.update({k: json.dumps(data[k]) for k in ("flags", "deals", "games")}, ns_level="Q")
    client = login(make_user("root", superuser=True))
    page = client.post(reverse("admin:tournament_table_change", args=[confirmed.pk]), data)
    assert page.status_code == 302
    assert Table.objects.get(pk=confirmed.pk).ns_level == "Q"
    assert AuditEntry.objects.filter(action="admin.change", object_id=str(confirmed.pk)).exists()
