"""The one rule of who may write what to a table in which state
(:mod:`tournament.results.write_rule`): every path × every actor × every state, as the
issue's table sets it out, and the invariants it must keep whatever the table becomes.

The expected table is written out here, apart from the module's, in the shape a referee
reads it: a row per path and actor, a column per state. ``W`` writes, ``W*`` writes deals
won only (a side), ``KEEP`` is kept for the record and changes nothing, anything else is
the code of the refusal."""

from __future__ import annotations

import pytest

from tests.conftest import ONE_EVENT
from tournament.core.actors import user_actor
from tournament.models import Round, Staff, Table
from tournament.results import write_rule
from tournament.results.table_write import write_decision
from tournament.results.write_rule import (
    ACTORS,
    CHIEF,
    CONFIRMED,
    KEEP,
    LATE,
    PATHS,
    PLAYER_SHEET,
    REFUSE,
    SIDE,
    SIDE_PIN,
    SLIP,
    STATES,
    WRITE,
    may_write,
)
from tournament.text.messages import render

EXPECTED = """
path          actor      empty            in_play          entered          confirmed        disputed
form          side       no_right         no_right         no_right         no_right         no_right
form          side_pin   no_right         no_right         no_right         no_right         no_right
form          referee    W                W                W                already_confirmed W
form          elsewhere  not_your_table   not_your_table   not_your_table   not_your_table   not_your_table
form          chief      W                W                W                W                W
form          shell      no_right         no_right         no_right         no_right         no_right
form          outsider   no_right         no_right         no_right         no_right         no_right
slip          side       W                W                W                already_confirmed W
slip          side_pin   W                W                W                already_confirmed W
slip          referee    no_right         no_right         no_right         no_right         no_right
slip          elsewhere  no_right         no_right         no_right         no_right         no_right
slip          chief      no_right         no_right         no_right         no_right         no_right
slip          shell      no_right         no_right         no_right         no_right         no_right
slip          outsider   no_right         no_right         no_right         no_right         no_right
late          side       W*               W*               W*               KEEP             W*
late          side_pin   W*               W*               W*               KEEP             W*
late          referee    W                W                W                KEEP             W
late          elsewhere  not_your_table   not_your_table   not_your_table   not_your_table   not_your_table
late          chief      W                W                W                KEEP             W
late          shell      no_right         no_right         no_right         no_right         no_right
late          outsider   no_right         no_right         no_right         no_right         no_right
sheet         side       no_right         no_right         no_right         no_right         no_right
sheet         side_pin   no_right         no_right         no_right         no_right         no_right
sheet         referee    W                W                W                sheet_closed     sheet_closed
sheet         elsewhere  not_your_table   not_your_table   not_your_table   not_your_table   not_your_table
sheet         chief      W                W                W                sheet_closed     sheet_closed
sheet         shell      no_right         no_right         no_right         no_right         no_right
sheet         outsider   no_right         no_right         no_right         no_right         no_right
player_sheet  side       W*               W*               W*               sheet_closed     sheet_closed
player_sheet  side_pin   W*               W*               W*               sheet_closed     sheet_closed
player_sheet  referee    no_right         no_right         no_right         no_right         no_right
player_sheet  elsewhere  no_right         no_right         no_right         no_right         no_right
player_sheet  chief      no_right         no_right         no_right         no_right         no_right
player_sheet  shell      no_right         no_right         no_right         no_right         no_right
player_sheet  outsider   no_right         no_right         no_right         no_right         no_right
import        side       no_right         no_right         no_right         no_right         no_right
import        side_pin   no_right         no_right         no_right         no_right         no_right
import        referee    W                W                W                already_confirmed W
import        elsewhere  not_your_table   not_your_table   not_your_table   not_your_table   not_your_table
import        chief      W                W                W                W                W
import        shell      W                W                W                already_confirmed W
import        outsider   no_right         no_right         no_right         no_right         no_right
confirm       side       nothing_to_confirm nothing_to_confirm pin_wrong    nothing_to_confirm nothing_to_confirm
confirm       side_pin   nothing_to_confirm nothing_to_confirm W            nothing_to_confirm nothing_to_confirm
confirm       referee    nothing_to_confirm nothing_to_confirm W            nothing_to_confirm nothing_to_confirm
confirm       elsewhere  not_your_table   not_your_table   not_your_table   not_your_table   not_your_table
confirm       chief      nothing_to_confirm nothing_to_confirm W            nothing_to_confirm nothing_to_confirm
confirm       shell      nothing_to_confirm nothing_to_confirm W            nothing_to_confirm nothing_to_confirm
confirm       outsider   no_right         no_right         no_right         no_right         no_right
foul          side       no_right         no_right         no_right         no_right         no_right
foul          side_pin   no_right         no_right         no_right         no_right         no_right
foul          referee    W                W                W                foul_confirmed   W
foul          elsewhere  not_your_table   not_your_table   not_your_table   not_your_table   not_your_table
foul          chief      W                W                W                W                W
foul          shell      no_right         no_right         no_right         no_right         no_right
foul          outsider   no_right         no_right         no_right         no_right         no_right
absence       side       no_right         no_right         no_right         no_right         no_right
absence       side_pin   no_right         no_right         no_right         no_right         no_right
absence       referee    W                W                W                already_confirmed W
absence       elsewhere  not_your_table   not_your_table   not_your_table   not_your_table   not_your_table
absence       chief      W                W                W                W                W
absence       shell      no_right         no_right         no_right         no_right         no_right
absence       outsider   no_right         no_right         no_right         no_right         no_right
checkin_absence side     no_right         no_right         no_right         no_right         no_right
checkin_absence side_pin no_right         no_right         no_right         no_right         no_right
checkin_absence referee  no_right         no_right         no_right         no_right         no_right
checkin_absence elsewhere not_your_table  not_your_table   not_your_table   not_your_table   not_your_table
checkin_absence chief    W                checkin_absence_fresh checkin_absence_fresh checkin_absence_fresh checkin_absence_fresh
checkin_absence shell    W                checkin_absence_fresh checkin_absence_fresh checkin_absence_fresh checkin_absence_fresh
checkin_absence outsider no_right         no_right         no_right         no_right         no_right
ruling        side       no_right         no_right         no_right         no_right         no_right
ruling        side_pin   no_right         no_right         no_right         no_right         no_right
ruling        referee    no_right         no_right         no_right         no_right         no_right
ruling        elsewhere  no_right         no_right         no_right         no_right         no_right
ruling        chief      not_a_dispute    not_a_dispute    not_a_dispute    not_a_dispute    W
ruling        shell      no_right         no_right         no_right         no_right         no_right
ruling        outsider   no_right         no_right         no_right         no_right         no_right
correction    side       no_right         no_right         no_right         no_right         no_right
correction    side_pin   no_right         no_right         no_right         no_right         no_right
correction    referee    no_right         no_right         no_right         no_right         no_right
correction    elsewhere  no_right         no_right         no_right         no_right         no_right
correction    chief      W                W                W                W                W
correction    shell      no_right         no_right         no_right         no_right         no_right
correction    outsider   no_right         no_right         no_right         no_right         no_right
"""


def expected() -> dict[tuple[str, str, str], str]:
    rows = [line.split() for line in EXPECTED.strip().splitlines()]
    head, body = rows[0], rows[1:]
    states = head[2:]
    cells = {}
    for path, actor, *decisions in body:
        assert len(decisions) == len(states), (path, actor)
        for state, decision in zip(states, decisions, strict=True):
            cells[path, actor, state] = decision
    return cells


def shown(decision) -> str:
    if decision.verdict == WRITE:
        return "W*" if decision.deals_only else "W"
    if decision.verdict == KEEP:
        return "KEEP"
    assert decision.verdict == REFUSE and decision.msg
    return decision.msg


def test_the_table_covers_every_path_actor_and_state_once():
    cells = expected()
    every = {(p, a, s) for p in PATHS for a in ACTORS for s in STATES}
    assert set(cells) == every
    assert len(every) == 12 * 7 * 5
    assert set(write_rule.RULE) == set(PATHS)
    for path, by_actor in write_rule.RULE.items():
        assert set(by_actor) == set(ACTORS), path
        assert all(len(row) == len(STATES) for row in by_actor.values()), path


@pytest.mark.parametrize("path", PATHS)
def test_every_decision_of_a_path_is_the_tables(path):
    cells = expected()
    got = {
        (path, actor, state): shown(may_write(actor, path, state))
        for actor in ACTORS
        for state in STATES
    }
    want = {key: value for key, value in cells.items() if key[0] == path}
    assert got == want


def test_the_states_are_the_models():
    assert [code for code, _label in Table.STATE_CHOICES] == list(STATES)


def test_a_confirmed_table_changes_only_by_the_chiefs_act():
    for path in PATHS:
        for actor in ACTORS:
            decision = may_write(actor, path, CONFIRMED)
            assert not decision.writes or actor == CHIEF, (path, actor)
    assert all(may_write(actor, LATE, CONFIRMED).verdict != WRITE for actor in ACTORS)


def test_a_side_writes_only_through_its_own_link_and_deals_won_only_on_a_sheet():
    for path in PATHS:
        for state in STATES:
            for actor in (SIDE, SIDE_PIN):
                decision = may_write(actor, path, state)
                if decision.writes:
                    assert path in (SLIP, PLAYER_SHEET, LATE, write_rule.CONFIRM), path
                    assert decision.deals_only == (path in (PLAYER_SHEET, LATE)), path
                if decision.verdict == write_rule.KEEP:  # checked as its write would be
                    assert decision.deals_only, (path, state)
            # A side's staff paths and the staff's side paths are closed both ways.
            for staff in (write_rule.REFEREE, CHIEF, write_rule.SHELL):
                assert not may_write(staff, SLIP, state).writes
                assert not may_write(staff, PLAYER_SHEET, state).writes


def test_nobody_without_rights_at_the_table_writes_anything():
    for path in PATHS:
        for state in STATES:
            for actor in (write_rule.OUTSIDER, write_rule.ELSEWHERE):
                assert may_write(actor, path, state).verdict == REFUSE


def test_only_a_side_with_its_pin_confirms_for_its_side():
    assert not may_write(SIDE, write_rule.CONFIRM, write_rule.ENTERED).writes
    assert may_write(SIDE_PIN, write_rule.CONFIRM, write_rule.ENTERED).writes


# --- the Django side: who is which actor, and the decision each path gets ----------------


@pytest.fixture
def people(tournament, referee, chief, organizer, make_user):
    """Each actor kind as a request would present it: (user, source, PIN problem)."""
    elsewhere = make_user("ref_far")
    Staff.objects.create(tournament=tournament, user=elsewhere, role=Staff.REFEREE, tables="5-8")
    stranger = make_user("stranger")
    return {
        "side without its PIN": (write_rule.SIDE, (None, "table_ew", "pin_wrong")),
        "side with its PIN": (SIDE_PIN, (None, "table_ns", None)),
        "a logged-in side": (SIDE_PIN, (referee, "table_ew", None)),
        "referee": (write_rule.REFEREE, (referee, "referee", None)),
        "referee of other tables": (write_rule.ELSEWHERE, (elsewhere, "referee", None)),
        "chief": (CHIEF, (chief, "referee", None)),
        "organizer": (CHIEF, (organizer, "referee", None)),
        "command line": (write_rule.SHELL, (None, "cli", None)),
        "clerk import without an account": (write_rule.SHELL, (None, "import", None)),
        "no account": (write_rule.OUTSIDER, (None, "referee", None)),
        "account of no role": (write_rule.OUTSIDER, (stranger, "referee", None)),
    }


@pytest.mark.django_db
@pytest.mark.usefixtures(ONE_EVENT)
def test_every_actor_gets_the_tables_decision_on_every_path(tournament, pairs8, make_round, people):
    published = make_round(tournament, pairs8).tables.get(number=1)
    drawn = make_round(tournament, pairs8, number=2, status=Round.DRAFT).tables.get(number=1)
    for label, (kind, (user, source, pin_problem)) in people.items():
        for path in PATHS:
            # The draw's paths write a draft round only, every other path a published one.
            table = drawn if path in write_rule.DRAFT_PATHS else published
            for state in STATES:
                table.state = state
                got_kind, got = write_decision(
                    table, user_actor(user, source), path, pin_problem=pin_problem
                )
                assert got_kind == kind, label
                assert got == may_write(kind, path, state), (label, path, state)


@pytest.mark.django_db
@pytest.mark.usefixtures(ONE_EVENT)
def test_a_locked_round_refuses_every_write_whoever_asks(tournament, pairs8, make_round, people):
    table = make_round(tournament, pairs8, status=Round.LOCKED).tables.get(number=1)
    for _label, (_kind, (user, source, pin_problem)) in people.items():
        for path in PATHS:
            _got_kind, got = write_decision(
                table, user_actor(user, source), path, pin_problem=pin_problem
            )
            why = "已经公布" if path in write_rule.DRAFT_PATHS else "已锁定"
            assert got.verdict == REFUSE and why in render(got.msg), path


@pytest.mark.django_db
@pytest.mark.usefixtures(ONE_EVENT)
def test_the_draws_forfeits_are_refused_once_the_round_is_published(
    tournament, pairs8, make_round, chief
):
    table = make_round(tournament, pairs8).tables.get(number=1)
    for user, source in ((chief, "referee"), (None, "cli")):
        _kind, got = write_decision(table, user_actor(user, source), write_rule.CHECKIN_ABSENCE)
        assert got.verdict == REFUSE and "已经公布" in render(got.msg)
