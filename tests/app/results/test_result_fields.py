"""The result fields are defined once (``ResultValues``) and every other list follows it.

A result field added to ``ResultValues`` alone, or to ``Table`` alone, fails here.
"""

from __future__ import annotations

from dataclasses import fields

import pytest

from tournament.models import Table
from tournament.models.result_values import RESULT_FIELDS
from tournament.models.table_guard import exempt
from tournament.printing import source
from tournament.printing.data import PrintedTable
from tournament.results.checks import ResultValues
from tournament.results.forms import ResultForm
from tournament.results.table_write import values_of
from tournament.results.views import initial_for
from tournament.standings.selectors import RECORD_FIELDS

pytestmark = pytest.mark.django_db

# Every other field of Table, by what it is. A new Table field goes in one of these, or,
# when it describes the result, in ResultValues (and so everywhere at once).
NOT_RESULT = {
    "pairing": {
        *("id", "round", "number", "ew", "ns", "flags", "bracket_id", "bracket_game"),
        "team_match",
    },
    "entry": {
        "state",
        "mode",
        "deals",
        "deal_times",
        "games",
        "passed_at",
        "version",
        "change_seq",
    },
    "entered": {"entered_by", "entered_via", "entered_at"},
    "confirmed": {"confirmed_by", "confirmed_via", "confirmed_at"},
    "access": {"ew_code", "ns_code", "ew_pin", "ns_pin"},
}

# One value per result field that is not its default, so that a field lost anywhere shows.
STORED = ResultValues("A+", "9", "", "NS", "three_fouls", 1, 3, "EW", 4)


def test_every_match_field_is_a_result_field_or_listed_as_something_else():
    names = {f.name for f in Table._meta.concrete_fields}
    other = set().union(*NOT_RESULT.values())
    assert set(RESULT_FIELDS) <= names
    assert names - other == set(RESULT_FIELDS)


def test_the_derived_field_lists_hold_every_result_field():
    assert set(RESULT_FIELDS) <= set(RECORD_FIELDS)
    assert set(RESULT_FIELDS) <= set(source._TABLE_FIELDS)
    assert set(RESULT_FIELDS) <= {f.name for f in fields(PrintedTable)}
    assert len(set(STORED.as_dict().values()) - {""}) == len(RESULT_FIELDS) - 1


def test_a_stored_result_reads_back_whole_in_service_form_and_printout(
    tournament, register, make_round
):
    a, b = register(tournament, "甲"), register(tournament, "乙")
    round_ = make_round(tournament, [a, b])
    with exempt("fixture"):  # set up directly, outside the write rule
        Table.objects.filter(round=round_).update(**STORED.as_dict())
    table = Table.objects.get(round=round_)
    assert values_of(table) == STORED
    form_fields = set(RESULT_FIELDS) & set(ResultForm.base_fields)
    initial = initial_for(table)
    assert {k: initial[k] for k in form_fields} == {k: getattr(STORED, k) for k in form_fields}
    pairs = source.load_pairs(tournament)
    (printed,) = source.iter_tables(tournament, pairs, [round_.number])
    assert ResultValues.of(printed) == STORED
