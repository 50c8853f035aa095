"""Benchmark: the share cards and the poster of a 5,000-pair event, in CPU-seconds per card.

Run from the project root::

    .venv/bin/python bench/share_cards.py              # 5,000 pairs, 8 locked rounds
    .venv/bin/python bench/share_cards.py --pairs 500  # quicker

Builds the event in a temporary database (bench/django_event.py), then for each picture
prints the CPU time (``time.process_time``, this process) of:

- ``draw``: drawing the picture with its data already read (what a new stamp costs once the
  public page has computed the standings, which it keeps per stamp and the card reuses);
- ``cold``: the whole answer with every cache empty (the standings computed for the card);
- ``after page``: the answer with the caches empty but for what the public standings page
  (and, for a pair's card, its history page) has just computed under the same stamp;
- ``cached``: the answer again (the PNG read from the cache).

Target (issue 47): under 0.5 CPU-s per card at 5,000 pairs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import load_event, setup_django  # noqa: E402
from bench.standings import random_event  # noqa: E402


def cpu(fn, repeat: int = 1) -> float:
    """The median CPU-seconds of ``fn()`` over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def pictures(tournament):
    """(label, url, draw-only function) of each picture."""
    from django.urls import reverse

    from tournament.sharing.cards import pair_card, standings_card
    from tournament.sharing.data import pair_result, top_places
    from tournament.sharing.poster import poster_pdf, poster_png

    slug = tournament.slug
    pair = tournament.pairs.order_by("pk")[len(tournament.pairs.all()) // 2]
    standings = "http://bench" + reverse("standings", args=[slug])
    history = "http://bench" + reverse("pair_history", args=[slug, pair.pk])
    find = "http://bench" + reverse("find_my_table", args=[slug])
    top, result = top_places(tournament), pair_result(tournament, pair)  # read once, untimed
    return [
        (
            "standings card (top 8)",
            reverse("share_standings_png", args=[slug]),
            lambda: standings_card(tournament, top, standings),
        ),
        (
            "pair card (a pair's day)",
            reverse("share_pair_png", args=[slug, pair.pk]),
            lambda: pair_card(tournament, pair.name, result, history),
        ),
        (
            "poster PNG",
            reverse("share_poster_png", args=[slug]),
            lambda: poster_png(tournament, find),
        ),
        (
            "poster PDF",
            reverse("share_poster_pdf", args=[slug]),
            lambda: poster_pdf(tournament, find),
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    setup_django()
    from django.core.cache import cache
    from django.test import Client

    tournament = load_event(random_event(args.pairs, args.rounds), args.pairs, args.rounds)
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    print(f"{args.pairs} pairs, {args.rounds} locked rounds; CPU-seconds per picture")
    print(f"{'picture':<28} {'draw':>7} {'cold':>7} {'after page':>10} {'cached':>7}")
    pages = [f"/t/{tournament.slug}/standings/"]
    client = Client()
    client.get("/")  # the first request's imports and settings, not a card's
    for label, url, draw in pictures(tournament):
        draw()  # fonts loaded once a process
        drawn = cpu(draw, args.repeat)
        cache.clear()
        cold = cpu(lambda url=url: _ok(client.get(url)))
        cache.clear()
        for page in pages + (
            [url.replace("share/team/", "team/")[:-4] + "/"] if "team" in url else []
        ):
            _ok(client.get(page))
        after = cpu(lambda url=url: _ok(client.get(url)))
        cached = cpu(lambda url=url: _ok(client.get(url)), args.repeat)
        print(f"{label:<28} {drawn:>7.3f} {cold:>7.3f} {after:>10.3f} {cached:>7.3f}")
    print("target: under 0.5 CPU-s per card")
    return 0


def _ok(response) -> None:
    assert response.status_code == 200, response.status_code


if __name__ == "__main__":
    sys.exit(main())
