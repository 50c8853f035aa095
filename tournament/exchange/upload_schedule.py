"""When a venue laptop tries again to send its results (pure: no Django, no clock).

A try that cannot reach the association's server, or that the server answers with a 5xx
or a 429, is tried again after a wait that doubles with each failure, from ``first`` up
to ``cap`` seconds, with jitter: the wait is drawn between half of it and all of it, so the
laptops of a day's events, cut off by the same outage, do not all come back in the same
second. A 4xx (a bad or revoked token, a file the server refuses) is not retried: it needs
the organizer (docs/exchange.md, "Upload").
"""

from __future__ import annotations

RETRY, REFUSED, DONE = "retry", "refused", "done"


def retry_delay(failures: int, *, first: float, cap: float, jitter: float) -> float:
    """Seconds to wait after the ``failures``-th failed try in a row (1 for the first).

    ``jitter`` is a number in [0, 1) (``random.random()``): 0 waits half the step, 1 all of it.

    >>> [retry_delay(n, first=15, cap=900, jitter=0.999999) // 1 for n in (1, 2, 3, 7, 8, 30)]
    [14.0, 29.0, 59.0, 899.0, 899.0, 899.0]
    >>> retry_delay(1, first=15, cap=900, jitter=0)
    7.5
    """
    failures = max(1, failures)
    step = cap if failures > 32 else min(cap, first * 2 ** (failures - 1))
    jitter = min(max(jitter, 0.0), 1.0)
    return step / 2 + step / 2 * jitter


def outcome_of(status: int | None) -> str:
    """What an answer means for the sender: :data:`DONE` (2xx), :data:`RETRY` (no answer,
    ``None``; a 5xx; 429 too many; 408 timeout) or :data:`REFUSED` (any other status)."""
    if status is None or status >= 500 or status in (408, 429):
        return RETRY
    if 200 <= status < 300:
        return DONE
    return REFUSED
