"""How a table's result and a dispute's entries are labelled."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.models import Table
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result
from tournament.templatetags.guandan import result_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]


def test_the_chiefs_entry_in_a_dispute_is_labelled_chief_referee(
    tournament, pairs8, make_round, referee, chief
):
    """The chief's entry from the staff entry page (source "referee") read "chief · 裁判"."""
    m = make_round(tournament, pairs8).tables.get(number=1)
    m = submit_result(
        m, ResultValues("A+", "K", winner="EW"), version=m.version, by=user_actor(referee)
    )
    m = submit_result(
        m, ResultValues("A+", "5", winner="EW"), version=m.version, by=user_actor(chief, "referee")
    )
    assert m.state == Table.DISPUTED
    page = login(chief).get(reverse("table_entry", args=["spring", 1, 1])).content.decode()
    entries = page[page.index('id="dispute"') :].split('class="entry"')[1:]
    ref_entry, chief_entry = entries
    assert "ref · 裁判<" in ref_entry.replace("</div>", "<")
    assert f"{chief.username} · 裁判长<" in chief_entry.replace("</div>", "<")


def test_a_tie_at_time_won_by_the_play_off_says_who_won():
    """A knockout game level at time, decided by the play-off deal: "10 : 10 到时" alone
    reads as a draw."""
    won = ResultValues("10", "10", winner="NS")
    assert result_text(won) == "10 : 10 到时 南北胜"
    assert result_text(ResultValues("10", "10")) == "10 : 10 到时"
    assert result_text(ResultValues("J", "9", winner="EW")) == "J : 9 到时"
