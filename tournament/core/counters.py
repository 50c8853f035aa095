"""Counting failures (wrong PINs) for a while, in the database (:class:`tournament.models.Counter`).

A key's count runs from its first hit for ``seconds`` (the row's ``expires_at``); the next
hit after that starts a new count at 1. Every worker and every server reads the same rows,
and nothing else lives in that table, so no amount of page traffic can evict a count (as it
can in a cache with a size limit, or in one worker's memory that the others never see).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import Case, F, When
from django.utils import timezone

from tournament.models import Counter


def count(key: str) -> int:
    """How many times ``key`` was hit in its current run (0 once the run is over)."""
    now = timezone.now()
    rows = Counter.objects.filter(key=key, expires_at__gt=now)
    return rows.values_list("count", flat=True).first() or 0


@transaction.atomic
def hit(key: str, seconds: int) -> int:
    """Count ``key`` once more; return its count. A run over starts again at 1.

    Atomic under concurrency: the increment is one UPDATE (the database adds, so two workers
    never both write the same total), and two first hits meet on the unique key.
    """
    now = timezone.now()
    ends = now + timedelta(seconds=seconds)
    over = When(expires_at__lte=now, then=1)
    changed = Counter.objects.filter(key=key).update(
        count=Case(over, default=F("count") + 1),
        expires_at=Case(When(expires_at__lte=now, then=ends), default=F("expires_at")),
    )
    if not changed:
        try:
            with transaction.atomic():
                Counter.objects.create(key=key, count=1, expires_at=ends)
        except IntegrityError:  # another worker created it first: add to theirs
            Counter.objects.filter(key=key).update(count=F("count") + 1)
        # A new key is the moment to drop the runs that are over (few rows each time).
        Counter.objects.filter(expires_at__lte=now).delete()
    return Counter.objects.filter(key=key).values_list("count", flat=True).first() or 0


def clear(key: str) -> None:
    """Forget ``key``'s count (a referee reset the PIN tries; a right answer)."""
    Counter.objects.filter(key=key).delete()
