"""Reads never write: no GET of any URL runs an INSERT, UPDATE or DELETE.

The event is a finished knockout, the case where a GET of the round list used to save the
bracket (``next_round_problem → knockout_finished → update_bracket``) without a lock.
"""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver, reverse

from guandan.certificates import ensure
from tests.app.event_parts import open_signup, sheet_upload, sponsor_image
from tests.app.events.test_stages import create, play_round
from tests.app.test_page_titles import (
    INDIVIDUAL_PAGES,
    PEOPLE_PAGES,
    SERIES_PAGES,
    TEAM_PAGES,
    individual_page_urls,
    page_urls,
    people_page_urls,
    team_page_urls,
)
from tests.conftest import login, new_user
from tournament.backups.create import make_backup
from tournament.core.actors import user_actor
from tournament.core.stamps import shared_page_stamp
from tournament.models import Round, Series, Tournament
from tournament.printing.registry import KINDS
from tournament.public.find_phone import index_url
from tournament.results.photos import attach_photo
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import draw, next_round_problem, pair_next_round
from tournament.text.messages import render

pytestmark = pytest.mark.django_db


WRITES = ("INSERT", "UPDATE", "DELETE")


@pytest.fixture
def finished_knockout(organizer, chief, referee, register):
    """Four pairs, semi-finals then the final and the third-place match, all locked."""
    t = create(organizer, chief, referee, slug="ko4", name="淘汰", format="knockout", rounds=2)
    for i in range(1, 5):
        register(t, f"队{i}")
    draw(t, seed=1, by=user_actor(None))
    for _ in range(2):
        play_round(pair_next_round(t, by=user_actor(None)), organizer, referee, chief)
    assert render(next_round_problem(t)) == "所有阶段的轮次都已编排完毕"
    Tournament.objects.filter(pk=t.pk).update(table_entry=True)  # the players' pages too
    open_signup(t)
    return t, Round.objects.get(tournament=t, number=2)


@pytest.fixture(autouse=True)
def laptop_authority(settings, tmp_path):
    """A data folder with the laptop's certificate authority (guandan serve --https), whose
    certificate the phones download (a GET like any other)."""
    ensure(tmp_path, [], "laptop")
    settings.VAR_DIR = tmp_path


def get_urls(t, round_) -> dict[str, list[str]]:
    """Every URL name → the GET requests made of it (the pages, their JSON and downloads)."""
    urls = {name: [url] for name, (url, _anonymous) in page_urls(t, round_).items()}
    m = round_.tables.exclude(ns=None).order_by("number").first()
    table = {"slug": t.slug, "number": round_.number, "table_no": m.number}
    player = {"slug": t.slug, "table_id": m.pk, "code": m.ew_code}
    rnd = {"slug": t.slug, "number": round_.number}
    urls["round_status_json"] = [reverse("round_status_json", kwargs=rnd)]
    urls["table_sheet_api"] = [reverse("table_sheet_api", kwargs=table)]
    urls["side_sheet_api"] = [reverse("side_sheet_api", kwargs=player)]
    urls["pair_template"] = [reverse("pair_template", kwargs={"slug": t.slug})]
    urls["service_worker"] = [reverse("service_worker")]
    urls["web_manifest"] = [reverse("web_manifest")]
    kinds = ("crt", "pem")
    urls["phone_certificate_file"] = [reverse("phone_certificate_file", args=[k]) for k in kinds]
    urls["pair_names"] = [reverse("pair_names", kwargs={"slug": t.slug}) + "?q=1"]
    sponsor_image(t)
    urls["projector_sponsor"] = [reverse("projector_sponsor", kwargs={"slug": t.slug})]
    urls["signup_payment_qr"] = [reverse("signup_payment_qr", kwargs={"slug": t.slug})]
    share = {"slug": t.slug}
    # The share cards are public pictures: they answer only once the standings are public.
    Tournament.objects.filter(pk=t.pk).update(publish_standings=True)
    for name in ("share_standings_png", "share_poster_png", "share_poster_pdf", "find_my_table"):
        urls[name] = [reverse(name, kwargs=share)]
    pair = t.pairs.order_by("pk").first()
    urls["share_pair_png"] = [reverse("share_pair_png", kwargs={**share, "pair_id": pair.pk})]
    made = make_backup(reason="test")
    urls["backup_download"] = [reverse("backup_download", args=[t.slug, made.name])]
    photo = attach_photo(m, sheet_upload(), by=user_actor(t.organizer, "referee"))
    urls["sheet_photo"] = [reverse("sheet_photo", kwargs={"slug": t.slug, "photo_id": photo.pk})]
    urls["side_photo"] = [reverse("side_photo", kwargs={**player, "photo_id": photo.pk})]
    urls["exchange_download"] = [reverse("exchange_download", kwargs={"slug": t.slug})]
    urls["export_download"] = [
        reverse("export_download", kwargs={"slug": t.slug, "kind": key, "ext": ext})
        + f"?round={round_.number}"
        for key, kind in KINDS.items()
        for ext in kind.formats
        if kind.applies_to(t)  # one that does not apply is refused: exports/test_applicable.py
    ]
    # The phone's index of the round, for each language (an event that publishes its tables).
    Tournament.objects.filter(pk=t.pk).update(publish_pairings=True)
    stamp = shared_page_stamp(t.slug)[0]
    urls["find_phone_index"] = [
        index_url(t.slug, round_.number, stamp, c) for c in ("zh-hans", "en")
    ]
    return urls


REDIRECTS = {"find_my_table"}  # GETs answered by a redirect (to the latest round's pairings)

# POST-only routes: a GET of them is refused before any work (checked below all the same).
POST_ONLY = {
    "round_action": {"action": "lock"},
    "table_confirm": {},
    "table_foul": {},
    "table_absent": {},
    "table_revoke_slip": {},
    "table_passed_at": {},
    "signup_action": {"action": "approve"},
    "signup_withdraw": {},
    "signup_reject_many": {},
    "table_photo_add": {},
    "side_photo_add": {},
    "table_foul_api": {},
    "side_confirm": {},
    "pair_status": {},
    "pair_import_confirm": {},
    "team_status": {},
    "team_import_confirm": {},
    "individual_status": {},
    "individual_import_confirm": {},
    "pair_next": {},
    "series_event_add": {"series_slug": "league"},
    "series_event_remove": {"series_slug": "league", "event_slug": "nowhere"},
    "logout": {},
    "set_language": {},
    "exchange_upload": {},  # the association's endpoint: a GET is 405
    "person_merge": {},
    "person_unmerge": {},
    "person_hidden": {},
}


@pytest.fixture
def swiss_in_play():
    """The demo event (a Swiss stage) with its first round published, players' pages on."""
    call_command("load_demo", stdout=io.StringIO())
    t = Tournament.objects.get(slug="demo")
    Tournament.objects.filter(pk=t.pk).update(table_entry=True)
    organizer = User.objects.get(username="organizer")
    draw(t, seed=1, by=user_actor(None))
    round_ = pair_next_round(t, by=user_actor(None))
    publish_round(round_, by=user_actor(organizer))
    open_signup(t)
    return t, round_, organizer


def test_no_get_of_any_url_writes_to_the_database(finished_knockout, organizer):
    t, round_ = finished_knockout
    urls = get_urls(t, round_)
    names = {name for name in get_resolver().reverse_dict if isinstance(name, str)}
    names -= {"admin"} | {n for n in names if ":" in n}
    missing = names - set(urls) - set(POST_ONLY) - TEAM_PAGES - {"team_template"}
    missing -= INDIVIDUAL_PAGES | {"individual_template", "round_substitute"}
    missing -= SERIES_PAGES | {"series_certificates"}
    missing -= PEOPLE_PAGES
    assert not missing, f"URL names without a GET check: {sorted(missing)}"
    admin = {"backup_download": urls.pop("backup_download")}  # the whole database
    assert_no_writes(login(organizer), urls)
    assert_no_writes(login(new_user("root", superuser=True)), admin)


@pytest.mark.slow  # every URL again in a second event; the first stays in the quick run
def test_no_get_writes_during_a_swiss_round_either(swiss_in_play):
    t, round_, organizer = swiss_in_play
    urls = get_urls(t, round_)
    admin = {"backup_download": urls.pop("backup_download")}
    assert_no_writes(login(organizer), urls)
    assert_no_writes(login(new_user("root", superuser=True)), admin)


def assert_no_writes(client, urls: dict[str, list[str]]) -> None:
    """Fetch every URL; each answers 200 and none ran an INSERT, UPDATE or DELETE."""
    written: dict[str, list[str]] = {}
    for name, requests in urls.items():
        for url in requests:
            with CaptureQueriesContext(connection) as ctx:
                response = client.get(url)
            expected = 302 if name in REDIRECTS else 200
            assert response.status_code == expected, (name, url, response.status_code)
            writes = [
                q["sql"] for q in ctx.captured_queries if q["sql"].lstrip().startswith(WRITES)
            ]
            if writes:
                written[url] = writes
    assert written == {}


def test_a_get_of_a_post_only_url_writes_nothing(finished_knockout, organizer):
    t, round_ = finished_knockout
    m = round_.tables.exclude(ns=None).order_by("number").first()
    pair = t.pairs.order_by("pk").first()
    signup = t.signups.get()
    args = {
        "signup_id": signup.pk,
        "token": signup.token,
        "slug": t.slug,
        "number": round_.number,
        "table_no": m.number,
        "table_id": m.pk,
        "code": m.ew_code,
        "pair_id": pair.pk,
        "team_id": pair.pk,  # refused before any work: no team is read
        "individual_id": pair.pk,  # nor an individual (a pairs event: 404)
        "person_id": pair.pk,  # nor a person
        "merge_id": pair.pk,
    }
    client = login(organizer)
    for name, extra in POST_ONLY.items():
        pattern = get_resolver().reverse_dict.getlist(name)[0][0][0][1]
        url = reverse(name, kwargs={k: v for k, v in {**args, **extra}.items() if k in pattern})
        with CaptureQueriesContext(connection) as ctx:
            client.get(url)
        writes = [q["sql"] for q in ctx.captured_queries if q["sql"].lstrip().startswith(WRITES)]
        assert writes == [], (name, writes)


def test_no_get_of_a_team_events_pages_writes(organizer):
    """The team list, forms, import, template, line-ups and sign-up of a team event (团体赛),
    its first round a draft (the line-ups still open)."""
    from tests.app.teams.team_sheets import team_event
    from tournament.models import SignUpConfig

    t = team_event(organizer, teams=4)
    draw(t, seed=1, by=user_actor(None))
    pair_next_round(t, by=user_actor(None))
    SignUpConfig.objects.create(tournament=t, is_open=True)
    urls = {name: [url] for name, url in team_page_urls(t).items()}
    urls["team_template"] = [reverse("team_template", kwargs={"slug": t.slug})]
    urls["signup_page"] = [reverse("signup_page", kwargs={"slug": t.slug})]
    assert_no_writes(login(organizer), urls)


def test_no_get_of_an_individual_events_registration_pages_writes(organizer):
    """The player list, forms, import and template of an individual event (个人赛), drawn."""
    from tests.app.individuals.individual_sheets import solo_event

    t = solo_event(organizer, players=8)
    draw(t, seed=1, by=user_actor(None))
    pair_next_round(t, by=user_actor(None))
    urls = {name: [url] for name, url in individual_page_urls(t).items()}
    urls["round_substitute"] = [reverse("round_substitute", kwargs={"slug": t.slug, "number": 1})]
    urls["individual_template"] = [reverse("individual_template", kwargs={"slug": t.slug})]
    urls["individual_list"].append(urls["individual_list"][0] + "?q=1")
    assert_no_writes(login(organizer), urls)


def test_no_get_of_the_series_pages_writes(organizer):
    """The series pages (系列赛) over a finished pairs event: the standings computed (and
    cached) by a GET write nothing, nor do the certificates."""
    from tests.app.series.series_events import pairs_event
    from tournament.series.services import series_add, series_create

    pairs_event(organizer)
    series_create(slug="league", name="联赛", by_user=organizer, published=True)
    series_add(series=Series.objects.get(), event_slug="spring")
    urls = {
        name: [reverse(name, args=["league"])]
        for name in SERIES_PAGES - {"series_list", "series_create"}
    }
    urls["series_list"] = [reverse("series_list")]
    urls["series_create"] = [reverse("series_create")]
    urls["series_certificates"] = [reverse("series_certificates", args=["league"])]
    urls["series_standings"] += [urls["series_standings"][0] + q for q in ("?page=2", "?q=王")]
    assert_no_writes(login(organizer), urls)
    assert_no_writes(Client(), {"series_standings": urls["series_standings"]})


def test_no_get_of_the_people_pages_writes(organizer):
    """The people pages (选手档案) over two played team events, and a player's public page."""
    from tests.app.people.people_world import team_events, twins

    team_events(organizer)
    person, namesake = twins()
    urls = {name: [url] for name, url in people_page_urls(person).items()}
    urls["person_detail"].append(urls["person_detail"][0] + "?q=suzhou")
    urls["people_list"].append(urls["people_list"][0] + "?q=1&page=2")
    assert_no_writes(login(organizer), urls)
    assert_no_writes(Client(), {"player_page": urls["player_page"]})
