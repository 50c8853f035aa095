"""Fixtures of the results tests: a round whose tables take entries through their sides'
links, and a second referee (of every table)."""

from __future__ import annotations

import pytest

from tournament.models import Staff


@pytest.fixture
def event(tournament, pairs8, make_round):
    """A published round of the spring event, with entry through the tables' links on."""
    tournament.table_entry = True
    tournament.save()
    return make_round(tournament, pairs8)


@pytest.fixture
def ref2(tournament, make_user):
    """A second referee of the event, who may enter and confirm at every table."""
    user = make_user("ref2")
    Staff.objects.create(tournament=tournament, user=user, role=Staff.REFEREE)
    return user
