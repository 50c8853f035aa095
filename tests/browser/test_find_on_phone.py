"""Find my table answered on the phone (static/js/find.js) from the round's index, in real
Chromium at 390 px: the same markup as the server's answer for the same query, in a pairs,
a team and an individual event; and still answering once the network is cut, the page
reopened from the service worker's copy."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse

from tests.app.individuals.individual_event import build_individual_event
from tests.app.teams.team_event import build_team_event
from tournament.core.actors import user_actor
from tournament.models import Team, Tournament
from tournament.public import find_phone
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import pair_next_round
from tournament.teams.line_ups import change_line_up

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = os.environ.get("SHOTS")  # a folder: keep screenshots of the page in use
# Parts of names, pinyin, initials, a unit, one letter (more than 30 found), nothing found,
# what HTML would take apart, full-width letters, spaces: beside the event's own names.
QUERIES = ["1", "d", "a", "z", "无此人", "<b>&amp;'\"", "ＤＵＩ", " su zhou ", "苏州", "x"]
LOCAL = """q => { const box = document.querySelector('#find');
  box.value = q; box.dispatchEvent(new Event('input'));
  return document.querySelector('#find-answer').innerHTML; }"""
SERVER = """async q => { const url = location.pathname + '?q=' + encodeURIComponent(q);
  const html = await (await fetch(url, {credentials: 'same-origin'})).text();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.querySelector('#find-answer').innerHTML; }"""


@pytest.fixture(autouse=True)
def nothing_held():
    find_phone._here.clear()


KEPT = "caches.open('gd-find').then(c => c.keys()).then(k => k.length)"


def publish(t: Tournament) -> Tournament:
    Tournament.objects.filter(pk=t.pk).update(publish_pairings=True, publish_standings=True)
    t.refresh_from_db()
    return t


def pairs_event(tournament, register, make_round):
    for i in range(9, 41):
        register(tournament, f"队{i}", "苏州", f"甲{i}", f"乙{i}")
    make_round(publish(tournament), list(tournament.pairs.order_by("pk")[:39]))
    return tournament


def team_event(organizer):
    t = publish(build_team_event(organizer))
    by = user_actor(organizer)
    rnd = pair_next_round(t, by=by)
    team = Team.objects.get(tournament=t, name="无锡队")  # a substitute on the bench
    change_line_up(team=team, round_number=1, members=[(1, 5), (3, 4)], by=by)
    publish_round(rnd, by=by)
    return t


def individual_event(organizer):
    t = publish(build_individual_event(organizer))
    by = user_actor(organizer)
    publish_round(pair_next_round(t, by=by), by=by)
    return t


def names(page) -> list[str]:
    """Some of the round's own names (a pair's, a player's, a unit's, a team's) and keys
    (pinyin, initials) from the index the page loaded."""
    return page.evaluate("""fetch(document.querySelector('form[data-find-index]').dataset.findIndex)
      .then(r => r.json()).then(i => i.e.filter((e, n) => n % 3 == 0).flatMap(e => [
        e[2], (e[3] || [])[0] || e[2], e[4] || e[2], e[8] || e[2],
        ...e[0].split('\\n').filter(k => k.length > 2).slice(0, 3)]))""")


@pytest.mark.parametrize("kind", ["pairs", "team", "individual"])
def test_the_phone_answers_as_the_server_does(
    live_server, phone, tournament, register, make_round, organizer, kind
):
    if kind == "pairs":
        t = pairs_event(tournament, register, make_round)
    else:
        t = team_event(organizer) if kind == "team" else individual_event(organizer)
    page = phone()
    page.goto(live_server.url + reverse("pairings", args=[t.slug, 1]))
    page.wait_for_selector("form[data-find-ready]")
    queries = QUERIES + names(page)
    assert len(queries) > 20
    found = 0
    for query in queries:
        local = page.evaluate(LOCAL, query)
        assert local == page.evaluate(SERVER, query), query
        found += "not-found" not in local
    assert found > len(queries) * 2 / 3, found  # the names are found, not only missed


def test_the_phone_finds_its_table_offline(live_server, phone, tournament, register, make_round):
    t = pairs_event(tournament, register, make_round)
    page = phone()
    url = live_server.url + reverse("pairings", args=[t.slug, 1])
    page.goto(url)
    page.wait_for_selector("form[data-find-ready]")
    page.wait_for_function(KEPT + " .then(n => n >= 2)")  # the page and the index kept
    page.context.set_offline(True)
    assert "第" in page.evaluate(LOCAL, "甲12") and "队12" in page.evaluate(LOCAL, "jia12")
    cut = "fetch('/t/spring/standings/').then(() => 'online', () => 'offline')"
    assert page.evaluate(cut) == "offline"
    # Reopened offline: the worker's copy of the page, answered by find.js.
    assert page.goto(url + "?q=yi13").from_service_worker
    page.wait_for_selector("form[data-find-ready]")
    assert "队13" in page.inner_text("#find-answer")
    page.context.set_offline(False)


@pytest.mark.parametrize("lang", ["zh-hans", "en"])
def test_screens_of_find_in_use(live_server, phone, tournament, register, make_round, lang):
    t = pairs_event(tournament, register, make_round)
    page = phone()
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page.goto(live_server.url + reverse("pairings", args=[t.slug, 1]))
    page.wait_for_selector("form[data-find-ready]")
    page.fill("#find", "甲1")
    assert page.locator("#find-results li").count() > 5
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/find-{lang}-{width}.png", full_page=False)
