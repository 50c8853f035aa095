"""Benchmark: the chief referee's round buttons at 2,500 tables, and the staff lists.

Run from the project root::

    .venv/bin/python bench/chief_actions.py                 # 5,000 pairs
    .venv/bin/python bench/chief_actions.py --pairs 1000

Builds the event of ``bench/public_pages.py`` (8 locked rounds, round 9 published), has a
referee enter every table of round 9 (stored as the entry service stores it: state, values,
who), then presses the chief referee's buttons through the web, in-process with Django's
test client: 开赛计时, 确认全部已录入, 锁定本轮. It prints each one's server time and SQL
statements, then the same for the staff lists that show every pair or a bracket. Target:
each button and list under 1 s (a button holds the round's lock while it runs: every
referee's save waits for it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402
from bench.public_pages import build  # noqa: E402


def staff(tournament, username: str, role: str):
    from django.contrib.auth.models import User

    from tournament.models import Staff

    user = User.objects.create_user(username)
    Staff.objects.create(tournament=tournament, user=user, role=role)
    return user


def enter_every_table(round_, referee) -> int:
    """Every table of the round entered by ``referee``: A+ against 5, as a referee's form
    stores it (one update: the entry service takes 5 ms a table, a minute for the setup)."""
    from django.utils import timezone

    from tournament.models import Match

    return (
        round_.matches.exclude(ns=None)
        .filter(state=Match.EMPTY)
        .update(
            state=Match.ENTERED,
            ew_level="A+",
            ns_level="5",
            winner="EW",
            entered_by=referee,
            entered_via="referee",
            entered_at=timezone.now(),
        )
    )


def timed(client, method: str, url: str, data: dict | None = None) -> tuple[float, int, str]:
    """Server time (ms), SQL statements and the message shown, of one request."""
    from django.contrib.messages import get_messages
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        start = time.perf_counter()
        response = getattr(client, method)(url, data or {})
        ms = (time.perf_counter() - start) * 1000
    assert response.status_code in (200, 302), (url, response.status_code)
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    return ms, queries.final_queries - queries.initial_queries, shown[-1] if shown else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    args = parser.parse_args(argv)
    setup_django()
    from django.test import Client
    from django.urls import reverse

    from tournament.models import Round, Staff

    tournament, current = build(args.pairs, 8)
    chief = staff(tournament, "chief", Staff.CHIEF_REFEREE)
    referee = staff(tournament, "ref", Staff.REFEREE)
    as_chief, as_organizer = Client(), Client()
    as_chief.force_login(chief)
    as_organizer.force_login(tournament.organizer)
    slug, n = tournament.slug, current.number
    tables = current.matches.exclude(ns=None).count()
    print(f"{args.pairs} pairs, round {n}: {tables} tables; in-process, server time")
    print(f"{'step':<34} {'ms':>8} {'SQL':>6}  message")

    def show(label: str, result: tuple[float, int, str]) -> None:
        print(f"{label:<34} {result[0]:>8.0f} {result[1]:>6}  {result[2]}")

    def action(name: str) -> tuple[float, int, str]:
        version = Round.objects.get(pk=current.pk).version
        url = reverse("round_action", args=[slug, n, name])
        return timed(as_chief, "post", url, {"version": version})

    show("开赛计时 (start)", action("start"))
    print(f"  ({enter_every_table(current, referee)} tables entered by the referee)")
    show(
        "round page, all entered", timed(as_chief, "get", reverse("round_control", args=[slug, n]))
    )
    show("确认全部已录入 (confirm all)", action("confirm_all"))
    show("锁定本轮 (lock)", action("lock"))
    for label, name in (("pair list (organizer)", "team_list"), ("bracket page", "bracket")):
        show(label, timed(as_organizer, "get", reverse(name, args=[slug])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
