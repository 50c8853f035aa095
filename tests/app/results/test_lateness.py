"""Lateness: forfeit only after the limit; three late rounds in a row disqualify."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.conftest import ONE_EVENT
from tournament.core.actors import user_actor
from tournament.core.errors import Refused
from tournament.models import Pair, Round
from tournament.results.lateness import record_absence

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]


def test_absence_before_the_limit_is_refused(tournament, pairs8, make_round, referee):
    r = make_round(tournament, pairs8)
    Round.objects.filter(pk=r.pk).update(started_at=timezone.now() - timedelta(minutes=4))
    r.refresh_from_db()
    m = r.tables.get(number=1)
    with pytest.raises(Refused) as refused:
        record_absence(m, "NS", by=user_actor(referee))
    assert refused.value.msg.code == "late_too_early" and refused.value.msg.params["n"] == 10
    Round.objects.filter(pk=r.pk).update(started_at=timezone.now() - timedelta(minutes=11))
    r.refresh_from_db()
    m = record_absence(r.tables.get(number=1), "NS", by=user_actor(referee))
    assert (m.forfeit, m.defeat_reason, m.winner) == ("NS", "late", "EW")


def test_absence_at_exactly_the_limit_is_refused(tournament, pairs8, make_round, referee):
    """迟到超过规定时间 (docs/rules.md §8): more than the limit, not the limit itself."""
    r = make_round(tournament, pairs8)
    started = timezone.now() - timedelta(minutes=30)
    Round.objects.filter(pk=r.pk).update(started_at=started)
    r.refresh_from_db()
    limit = started + timedelta(minutes=tournament.late_minutes)
    with pytest.raises(Refused) as refused:
        record_absence(r.tables.get(number=1), "NS", by=user_actor(referee), now=limit)
    assert refused.value.msg.code == "late_too_early"
    later = limit + timedelta(seconds=1)
    m = record_absence(r.tables.get(number=1), "NS", by=user_actor(referee), now=later)
    assert (m.forfeit, m.defeat_reason) == ("NS", "late")


def test_late_in_three_consecutive_rounds_is_disqualified(tournament, pairs8, make_round, referee):
    tournament.late_disqualify = True  # docs/rules.md §8
    tournament.save()
    late = pairs8[1]  # NS at table 1 in every round below
    for number in (1, 2, 3):
        r = make_round(tournament, pairs8, number=number)
        record_absence(r.tables.get(number=1), "NS", by=user_actor(referee))
        late.refresh_from_db()
        assert late.status == (Pair.DISQUALIFIED if number == 3 else Pair.ACTIVE)


def test_lateness_disqualifies_only_under_the_option(tournament, pairs8, make_round, referee):
    # Only 《扑克牌（掼蛋）比赛规则》 (docs/rules.md §8) disqualifies after "连续2次以上（不含2次）迟到"; the default does not.
    late = pairs8[1]
    for number in (1, 2, 3):
        r = make_round(tournament, pairs8, number=number)
        record_absence(r.tables.get(number=1), "NS", by=user_actor(referee))
    late.refresh_from_db()
    assert late.status == Pair.ACTIVE
