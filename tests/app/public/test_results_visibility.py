"""One rule says who sees a round's results (``tournament.core.rights.may_see_results``):
the public pairings page, the standings, the API's rounds and results ask it, and no other
module writes it again."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tournament as app
from tournament.core.rights import may_see_results, results_counted
from tournament.models import Round
from tournament.public.api.data import results_visible
from tournament.standings.selectors import counted_rounds

pytestmark = pytest.mark.django_db

CASES = [
    # published standings, round status, staff → results shown
    (True, Round.LOCKED, False, True),
    (True, Round.PUBLISHED, False, False),
    (False, Round.LOCKED, False, False),
    (False, Round.PUBLISHED, True, True),
    (False, Round.DRAFT, True, False),
    (True, Round.DRAFT, False, False),
]


@pytest.mark.parametrize("case", CASES)
def test_the_rule_and_every_reader_of_it_agree(tournament, pairs8, make_round, case):
    published, status, staff, shown = case
    tournament.publish_standings = tournament.publish_pairings = published
    tournament.save()
    round_ = make_round(tournament, pairs8, status=status)
    assert may_see_results(tournament, status, staff=staff) is shown
    assert results_visible(tournament, round_, staff) is shown
    # The standings count the rounds of the rule (a public page needs published standings).
    counted = 1 in counted_rounds(tournament, public=not staff)
    assert counted is results_counted(status, staff=staff)
    assert shown is (counted and (staff or published))


def test_no_module_writes_the_rule_again():
    """The rule's two halves (the published standings, a locked round) are written
    together nowhere: once the pairings page and the API each wrote them on one line."""
    rule = re.compile(r"publish_standings\b.*\bRound\.LOCKED")
    root = Path(app.__file__).parent
    found = [str(p.relative_to(root)) for p in root.rglob("*.py") if rule.search(p.read_text())]
    assert found == []
