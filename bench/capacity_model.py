"""The capacity model of docs/capacity.md: cores needed at an event's two peaks.

Pure arithmetic on measured CPU per request (bench/capacity.py calls it with its run's
figures, so the model's numbers come with the command that made them).

Vocabulary:

- *peak A*, a round published: every player (two per pair) looks up the table in the five
  minutes after the round is published: one pairings page (the same URL for all: from
  nginx's microcache, no app work) and one search of their own name (a new URL each: the
  app computes it). Each open pairings page polls the round's ``status.json`` every 20 s
  (static/js/pages.js) for the five minutes.
- *peak B*, a round ending: every table saves its result in the last ten minutes (one save
  cycle each: the form, the post, the page after it), while half the players' pages still
  poll.
- The *busiest minute* carries twice the mean rate of its window (phones do not arrive
  evenly: the announcement, the hall's screens).
- A part is sized for 60 % busy at the busiest minute: above that, queues and p95 grow.
"""

from __future__ import annotations

import math

POLL_SECONDS = 20  # static/js/pages.js: GD.watch(..., 20000, ...)
BUSIEST = 2.0
BUSY = 0.6
SIZES = (1000, 5000, 20000)


def rates(pairs: int) -> dict[str, dict[str, float]]:
    """Requests per second of each kind at the busiest minute of each peak."""
    players = 2 * pairs
    return {
        "A": {
            "search": BUSIEST * players / 300,
            "poll": players / POLL_SECONDS,
        },
        "B": {
            "save": BUSIEST * (pairs / 2) / 600,
            "poll": players / 2 / POLL_SECONDS,
        },
    }


def cores(costs: dict[str, dict[str, float]], pairs: int, peak: str) -> dict[str, float]:
    """Cores each part needs at ``peak``; ``costs[kind][part]``: CPU ms per request."""
    need: dict[str, float] = {}
    for kind, rate in rates(pairs)[peak].items():
        for part, ms in costs.get(kind, {}).items():
            need[part] = need.get(part, 0.0) + rate * ms / 1000 / BUSY
    return need


def table(costs: dict[str, dict[str, float]], cores_per_server: int = 2) -> list[str]:
    """Lines of the model: each size, each peak, the requests/s and each part's cores."""
    lines = []
    for pairs in SIZES:
        for peak in ("A", "B"):
            r = rates(pairs)[peak]
            need = cores(costs, pairs, peak)
            app = need.get("app", 0.0)
            servers = max(1, math.ceil(app / cores_per_server))
            parts = ", ".join(f"{part} {n:.2f}" for part, n in need.items())
            asked = ", ".join(f"{kind} {v:.0f}/s" for kind, v in r.items())
            lines.append(
                f"{pairs:>6} pairs, peak {peak} ({asked}): cores {parts} -> "
                f"{servers} app server(s) of {cores_per_server} cores"
            )
    return lines
