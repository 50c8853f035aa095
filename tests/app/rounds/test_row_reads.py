"""Round control's rows read after every save (tournament/rounds/table_rows.py, compiled
once with tournament/core/prepared.py) are the rows the ORM's querysets give."""

from __future__ import annotations

import pytest

from tournament.models import Round, Table
from tournament.models.table_guard import exempt
from tournament.rounds import table_rows as rows

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]


def test_the_prepared_rows_are_the_orms(tournament, pairs8, make_round):
    round_ = make_round(tournament, pairs8[:7], status=Round.IN_PLAY)  # 3 tables and a bye
    with exempt("fixture"):  # set up directly, outside the write rule
        round_.tables.filter(number=1).update(
            ew_level="A+", ns_level="7", state=Table.ENTERED, change_seq=5
        )
        round_.tables.filter(number=2).update(state=Table.DISPUTED, change_seq=3)
        round_.tables.filter(ns=None).update(change_seq=9)
    tables = rows.row_tables(round_.tables.all()).order_by("number")
    attention = list(
        tables.filter(state__in=rows.ATTENTION_STATES).exclude(ns=None)[: rows.ROWS_PER_PAGE]
    )
    assert rows.FIRST_PAGE[rows.ATTENTION].all(round_.pk) == attention
    assert [row[0] for row in attention] == [1, 2]  # the bye and table 3 need nothing
    assert rows.FIRST_PAGE[""].all(round_.pk) == list(tables[: rows.ROWS_PER_PAGE])
    for since in (0, 3, 4, 9):
        changed = tables.filter(change_seq__gt=since).exclude(ns=None)[: rows.MAX_CHANGES + 1]
        assert rows.CHANGED.all(round_.pk, since) == list(changed)
    assert [row[0] for row in rows.CHANGED.all(round_.pk, 3)] == [1]  # not the bye's change
    assert rows.FIRST_PAGE[rows.ATTENTION].all(round_.pk + 1000) == []  # another round's: none


def test_round_control_counts_its_pages_from_the_summary(tournament, pairs8, make_round, referee):
    from django.urls import reverse

    from tests.conftest import login

    round_ = make_round(tournament, pairs8[:7], status=Round.IN_PLAY)  # 3 tables and a bye
    with exempt("fixture"):
        round_.tables.filter(number=2).update(state=Table.DISPUTED)
    url = reverse("round_control", args=[tournament.slug, round_.number])
    client = login(referee)
    for query, count in (("", 4), ("?state=", 4), ("?state=attention", 1)):
        page = client.get(url + query).context["page"]
        assert page.paginator.count == count == len(page.object_list), query
