"""Counters of attempts (sign-ups, PINs) kept in the database.

Vocabulary
----------
counter
    How many times one thing (``key``: what is counted and for whom, e.g. the sign-ups from
    one address for one event) happened in one window of time; the row expires at the end
    of that window. In the database, so every worker and every server sees the same count,
    and no page traffic can push it out of a cache (a counter in a cache could be evicted).
"""

from __future__ import annotations

from django.db import models


class Counter(models.Model):
    """One count of one key in one window (see :mod:`tournament.core.counters`)."""

    key = models.CharField(max_length=200, unique=True)
    count = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField(db_index=True)

    class Meta:
        verbose_name = "计数"
        verbose_name_plural = "计数"

    def __str__(self) -> str:
        return f"{self.key}={self.count}"
