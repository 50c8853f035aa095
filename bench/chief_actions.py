"""Benchmark: the chief referee's round buttons at 2,500 tables, and the staff lists.

Run from the project root::

    .venv/bin/python bench/chief_actions.py                 # 5,000 pairs
    .venv/bin/python bench/chief_actions.py --pairs 1000

Builds the event of ``bench/public_pages.py`` (8 locked rounds, round 9 published), then
plays round 9 as the chief referee and a clerk would, through the web, in-process with
Django's test client: 开赛计时; the clerk's 成绩录入表 of every table uploaded on 导入成绩表;
确认全部已录入; 锁定本轮. It prints each step's server time and SQL statements, then the
same for the staff lists that show every pair or a bracket. Target: each step under 2 s
and each list under 1 s (a step holds the round's lock while it runs: every referee's save
waits for it).
"""

from __future__ import annotations

import argparse
import io
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


def filled_clerk_sheet(client, slug: str, number: int) -> bytes:
    """The round's blank 成绩录入表 as the chief referee downloads it, every table's levels
    written in by the clerk (A+ against 5)."""
    from openpyxl import load_workbook

    response = client.get(f"/t/{slug}/export/clerk_sheet.xlsx?round={number}")
    assert response.status_code == 200, response.status_code
    content = b"".join(response.streaming_content) if response.streaming else response.content
    book = load_workbook(io.BytesIO(content))
    sheet = book.worksheets[0]
    headers = [cell.value for cell in sheet[2]]
    for row in sheet.iter_rows(min_row=3):
        row[headers.index("东西")].value = "A+"
        row[headers.index("南北")].value = "5"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def timed(client, method: str, url: str, data: dict | None = None) -> tuple[float, int, str]:
    """Server time (ms), SQL statements and the message shown (a page's size when none),
    of one request."""
    from django.contrib.messages import get_messages
    from django.db import connection

    statements = 0

    def count(execute, sql, params, many, context):
        nonlocal statements
        statements += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        start = time.perf_counter()
        response = getattr(client, method)(url, data or {})
        ms = (time.perf_counter() - start) * 1000
    assert response.status_code in (200, 302), (url, response.status_code)
    shown = [str(m) for m in get_messages(response.wsgi_request)] if method == "post" else []
    return ms, statements, shown[-1] if shown else f"{len(response.content) / 1024:.1f} KB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    args = parser.parse_args(argv)
    setup_django()
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.urls import reverse

    from tournament.models import Round, Staff

    tournament, current = build(args.pairs, 8)
    chief = staff(tournament, "chief", Staff.CHIEF_REFEREE)
    referee = staff(tournament, "ref", Staff.REFEREE)
    as_chief, as_organizer, as_referee = Client(), Client(), Client()
    as_chief.force_login(chief)
    as_referee.force_login(referee)
    as_organizer.force_login(tournament.organizer)
    slug, n = tournament.slug, current.number
    tables = current.tables.exclude(ns=None).count()
    print(f"{args.pairs} pairs, round {n}: {tables} tables; in-process, server time")
    print(f"{'step':<34} {'ms':>8} {'SQL':>6}  message")

    def show(label: str, result: tuple[float, int, str]) -> None:
        print(f"{label:<34} {result[0]:>8.0f} {result[1]:>6}  {result[2]}")

    def action(name: str) -> tuple[float, int, str]:
        version = Round.objects.get(pk=current.pk).version
        url = reverse("round_action", args=[slug, n, name])
        return timed(as_chief, "post", url, {"version": version})

    show("开赛计时 (start)", action("start"))
    sheet = SimpleUploadedFile("成绩录入表.xlsx", filled_clerk_sheet(as_chief, slug, n))
    import_url = reverse("results_import", args=[slug, n])
    # Upload (checked and shown, nothing saved), then confirm, as the page asks.
    show(
        "成绩表预览 (clerk's sheet, checked)",
        timed(as_referee, "post", import_url, {"file": sheet}),
    )
    show(
        "确认导入 (clerk's sheet, saved)",
        timed(as_referee, "post", import_url, {"action": "confirm"}),
    )
    show(
        "round page, all entered", timed(as_chief, "get", reverse("round_control", args=[slug, n]))
    )
    show("确认全部已录入 (confirm all)", action("confirm_all"))
    show("锁定本轮 (lock)", action("lock"))
    show(
        "round audit log (5,000 lines)",
        timed(as_chief, "get", reverse("round_audit", args=[slug, n])),
    )
    organizer_pages(tournament, as_organizer, show)
    return 0


def organizer_pages(tournament, as_organizer, show) -> None:
    """The organizer's steps after the round: pair the next one (a draft) and open its
    adjustment page, then the lists that show every pair and the names offered as one types."""
    from django.urls import reverse

    from tournament.models import Stage, Tournament

    slug, n = tournament.slug, tournament.round_set.count()
    # One more Swiss round than the event was built with, to pair through the web.
    Tournament.objects.filter(pk=tournament.pk).update(rounds=n + 1)
    Stage.objects.filter(tournament=tournament).update(rounds=n + 1)
    show(
        "编排下一轮 (pair the next round)",
        timed(as_organizer, "post", reverse("pair_next", args=[slug])),
    )
    adjust = reverse("round_adjust", args=[slug, n + 1])
    show("draft's adjustment page (对阵调整)", timed(as_organizer, "get", adjust))
    for label, name in (
        ("pair list (organizer)", "pair_list"),
        ("bracket page", "bracket"),
        ("keep-apart page (回避)", "forbidden_pairings"),
        ("draw page (抽签)", "draw"),
    ):
        show(label, timed(as_organizer, "get", reverse(name, args=[slug])))
    names = reverse("pair_names", args=[slug])
    # Part of a pair's name (11 pairs), a draw number, a player's name in pinyin (诸葛亮).
    for typed in ("组合0012", "12", "zhuge"):
        show(f"  names offered for {typed!r}", timed(as_organizer, "get", f"{names}?q={typed}"))


if __name__ == "__main__":
    raise SystemExit(main())
