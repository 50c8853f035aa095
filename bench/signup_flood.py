"""Benchmark: a script floods the public sign-up form.

Run from the project root::

    .venv/bin/python bench/signup_flood.py              # 1,000 tries of each flood
    .venv/bin/python bench/signup_flood.py --tries 200

An event with 48 registered pairs, sign-up open without approval (the defaults that let
1,000 scripted pairs in before). Through the web, in-process with Django's test client:

1. one address posts ``--tries`` sign-ups, each with the challenge answered (the worst case:
   a script that reads the image, or a person paid to), then a real pair from another
   address signs up;
2. the same from ``--tries`` different addresses forwarded by the proxy (``TRUSTED_PROXIES=1``,
   REMOTE_ADDR the proxy), then a real pair: refused too while the event's hourly limit is
   spent (the organizer then rejects the flood by hour, and raises or waits out the limit);
3. ``--tries`` posts without an answer to the challenge;
4. the flood a review found: 100 sign-ups from 10 forwarded addresses (round robin) into a fresh
   event with a 40-place cap, then a real pair from another address, then the organizer
   lets the real pair in.

It prints, for each, how many sign-ups were accepted, the pairs the event then has, whether
every saved application is whole (one pair and two players each), whether the real pair got
in, and the server time per request; for the 4th, the places the flood took, the sign-ups
held for the organizer (待核实), the waiting list, and where the real pair ended up. Each flood has its own event. Targets: accepted no more than the limits
(``SIGNUP_LIMIT_PER_ADDRESS``, ``SIGNUP_LIMIT_PER_EVENT``), nothing half-saved, a refusal
no slower than an accepted sign-up.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.django_event import setup_django  # noqa: E402

PAIRS = 48


def event(slug: str, pairs: int = PAIRS, cap: int | None = None):
    from django.contrib.auth.models import User

    from tournament.core.actors import user_actor
    from tournament.models import SignUpConfig, Tournament
    from tournament.registration.services import PairData, pair_register

    organizer = User.objects.create_user(f"{slug}-organizer")
    tournament = Tournament.objects.create(name="报名压力测试", slug=slug, organizer=organizer)
    for i in range(pairs):
        data = PairData(name=f"组合{i}", unit="", player1=f"甲{i}", player2=f"乙{i}")
        pair_register(tournament=tournament, data=data, by=user_actor(organizer))
    SignUpConfig.objects.create(tournament=tournament, is_open=True, cap=cap)
    return tournament


def pair(tag: str, n: int, challenge: bool = True) -> dict:
    from tests.forms import solved_challenge

    data = {
        "name": f"{tag}{n}队",
        "unit": "",
        "player1": f"{tag}甲{n}",
        "phone1": f"138{n:08d}",
        "player2": f"{tag}乙{n}",
        "phone2": f"139{n:08d}",
    }
    return data | (solved_challenge() if challenge else {})


def flood(tournament, tag: str, tries: int, meta, challenge: bool = True) -> tuple[int, float]:
    """(sign-ups accepted, mean server ms a request) of ``tries`` posts."""
    from django.test import Client

    url = f"/t/{tournament.slug}/signup/"
    accepted, spent = 0, 0.0
    for n in range(tries):
        body = pair(tag, n, challenge)
        start = time.perf_counter()
        response = Client().post(url, body, **meta(n))
        spent += time.perf_counter() - start
        accepted += response.status_code == 302
    return accepted, spent * 1000 / tries


def whole(tournament) -> bool:
    from tournament.models import Pair, Player, SignUp

    approved = SignUp.objects.filter(tournament=tournament, state=SignUp.APPROVED).count()
    pairs = Pair.objects.filter(tournament=tournament).count()
    players = Player.objects.filter(pair__tournament=tournament).count()
    return pairs == PAIRS + approved and players == 2 * pairs


def real_pair(tournament, tag: str, meta: dict) -> bool:
    from django.test import Client

    body = pair(tag, 0) | {"name": f"{tag}真实队"}
    return Client().post(f"/t/{tournament.slug}/signup/", body, **meta).status_code == 302


def report(label: str, tournament, accepted: int, ms: float, real: bool | None) -> None:
    got_in = "" if real is None else f", real pair signed up: {'yes' if real else 'NO'}"
    pairs = tournament.pairs.count()
    print(
        f"{label:<34} accepted {accepted:>4}  pairs now {pairs:>4}  "
        f"whole: {'yes' if whole(tournament) else 'NO'}{got_in}  {ms:6.1f} ms/request"
    )


def capped_flood() -> None:
    """Issue 41: 100 sign-ups from 10 addresses into a 40-place cap, then a real pair."""
    from collections import Counter

    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import reverse

    from tournament.models import SignUp
    from tournament.signup.services import places_taken

    t = event("flood-cap", pairs=0, cap=40)
    with override_settings(TRUSTED_PROXIES=1):
        proxy = {"REMOTE_ADDR": "127.0.0.1"}
        start = time.perf_counter()
        accepted, ms = flood(
            t, "十地", 100, lambda n: proxy | {"HTTP_X_FORWARDED_FOR": f"10.8.0.{n % 10 + 1}"}
        )
        seconds = time.perf_counter() - start
        flood_places = places_taken(t)
        states = Counter(SignUp.objects.filter(tournament=t).values_list("state", flat=True))
        real = real_pair(t, "真实", proxy | {"HTTP_X_FORWARDED_FOR": "192.0.2.77"})
    mine = SignUp.objects.filter(tournament=t, ip="192.0.2.77").first()
    before = mine.state if mine else "refused"
    if mine is not None and mine.state in ("held", "pending"):
        organizer = Client()
        organizer.force_login(t.organizer)
        organizer.post(reverse("signup_action", args=[t.slug, mine.pk, "approve"]))
        mine.refresh_from_db()
    after = mine.state if mine else "refused"
    print(
        f"{'100 from 10 addresses, cap 40':<34} accepted {accepted:>4} in {seconds:.1f} s  "
        f"flood places {flood_places}/40, held {states.get('held', 0)}, "
        f"waiting {states.get('waiting', 0)}; real pair: "
        f"{'posted' if real else 'REFUSED'}, {before}, after the organizer: {after}  "
        f"{ms:6.1f} ms/request"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tries", type=int, default=1000)
    args = parser.parse_args()
    setup_django()
    from django.conf import settings
    from django.test.utils import override_settings

    print(
        f"limits: {settings.SIGNUP_LIMIT_PER_ADDRESS}/hour per address, "
        f"{settings.SIGNUP_LIMIT_PER_EVENT}/hour per event; {args.tries} tries each"
    )
    t = event("flood-one")
    one, ms = flood(t, "甲地", args.tries, lambda n: {"REMOTE_ADDR": "203.0.113.5"})
    report("one address, challenge answered", t, one, ms, real_pair(t, "邻居", {}))
    t = event("flood-many")
    with override_settings(TRUSTED_PROXIES=1):
        forwarded = {"REMOTE_ADDR": "127.0.0.1"}

        def meta(n: int) -> dict:
            address = f"10.{n // 62500}.{n // 250 % 250}.{n % 250 + 1}"
            return forwarded | {"HTTP_X_FORWARDED_FOR": address}

        many, ms = flood(t, "多地", args.tries, meta)
        real = real_pair(t, "真实", forwarded | {"HTTP_X_FORWARDED_FOR": "192.0.2.77"})
        report("many forwarded addresses", t, many, ms, real)
    t = event("flood-blind")
    blind, ms = flood(t, "盲", args.tries, lambda n: {"REMOTE_ADDR": "198.51.100.9"}, False)
    report("no answer to the challenge", t, blind, ms, None)
    capped_flood()


if __name__ == "__main__":
    main()
