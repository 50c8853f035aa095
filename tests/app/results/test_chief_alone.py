"""The chief referee running a round alone: an entry by the chief (form or sheet) is
confirmed by the chief's own act, on the table's page and with 确认全部已录入, by one rule
(:func:`tournament.results.table_write.confirm_problem`); every other person still needs a
second pair of eyes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.models import Round, Table
from tournament.results.checks import ResultValues
from tournament.results.confirm_all import confirm_all_entered, confirm_imported
from tournament.results.services import confirm_result, submit_result
from tournament.results.table_write import MSG_SELF_CONFIRM
from tournament.rounds.lifecycle import lock_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

WIN = ResultValues("A+", "K", winner="EW")


@pytest.fixture
def round1(tournament, pairs8, make_round):
    return make_round(tournament, pairs8)


def enter(round_: Round, table: int, user) -> Table:
    return submit_result(round_.tables.get(number=table), WIN, version=None, by=user_actor(user))


def test_the_chief_confirms_the_chiefs_own_entry(round1, chief):
    m = enter(round1, 1, chief)
    assert m.state == Table.ENTERED  # entering is not confirming: a separate act
    m = confirm_result(m, version=m.version, by=user_actor(chief))
    assert (m.state, m.confirmed_by) == (Table.CONFIRMED, chief)


def test_the_organizer_has_the_chiefs_right_too(round1, organizer):
    m = enter(round1, 1, organizer)
    assert confirm_result(m, version=m.version, by=user_actor(organizer)).state == Table.CONFIRMED


def test_a_referee_still_never_confirms_their_own_entry(round1, referee):
    from tournament.results.table_write import confirm_problem

    m = enter(round1, 1, referee)
    assert confirm_problem(m, user_actor(referee)).msg.code == MSG_SELF_CONFIRM
    with pytest.raises(Refused):
        confirm_result(m, version=m.version, by=user_actor(referee))


def test_a_chief_alone_confirms_all_and_locks(round1, chief):
    for table in (1, 2, 3, 4):
        enter(round1, table, chief)
    assert confirm_all_entered(round1, by=user_actor(chief)) == 4
    assert lock_round(round1, by=user_actor(chief)).status == Round.LOCKED


def test_the_command_line_acting_as_the_chief_confirms_the_chiefs_import(round1, chief):
    for table in (1, 2):
        enter(round1, table, chief)
    assert confirm_imported(round1, by=user_actor(chief, "cli")) == 2


def test_the_command_line_as_a_referee_is_refused_on_their_own_entry(round1, referee):
    enter(round1, 1, referee)
    with pytest.raises(Refused) as refused:
        confirm_imported(round1, by=user_actor(referee, "cli"))
    assert refused.value.msg.code == MSG_SELF_CONFIRM


def test_the_tables_page_offers_the_chief_the_confirm_button(round1, chief, referee):
    enter(round1, 1, chief)
    enter(round1, 2, referee)
    url = reverse("table_entry", args=["spring", 1, 1])
    assert "确认成绩</button>" in login(chief).get(url).content.decode()
    own = login(referee).get(reverse("table_entry", args=["spring", 1, 2])).content.decode()
    assert "确认成绩</button>" not in own  # the page and the service: one rule
    response = login(chief).post(reverse("table_confirm", args=["spring", 1, 1]), {"version": 2})
    assert response.status_code == 302
    assert round1.tables.get(number=1).state == Table.CONFIRMED


def test_confirm_all_through_the_web_counts_the_chiefs_own(round1, chief):
    for table in (1, 2, 3, 4):
        enter(round1, table, chief)
    client = login(chief)
    url = reverse("round_action", args=["spring", 1, "confirm_all"])
    page = client.post(url, {"version": round1.version}, follow=True).content.decode()
    assert "已确认4台成绩" in page
    assert round1.tables.filter(state=Table.CONFIRMED).count() == 4
