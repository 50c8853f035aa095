"""Every page has its own title: fetched for the demo event, all distinct."""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import get_resolver, reverse

from tests.app.event_parts import open_signup
from tests.conftest import login
from tournament.core.actors import user_actor
from tournament.models import Tournament
from tournament.rounds.lifecycle import publish_round
from tournament.rounds.pairing import draw, pair_next_round
from tournament.signup.checkin import checkin_code
from tournament.signup.mail import confirm_code

pytestmark = pytest.mark.django_db

# Routes that are not pages: JSON, files, and POST-only actions.
NOT_PAGES = {
    # Pictures of the sharing package (PNG, PDF) and find-my-table's address (a redirect)
    *("share_standings_png", "share_pair_png", "share_poster_png", "share_poster_pdf"),
    "find_my_table",
    "service_worker",  # a script and a JSON file (offline-first entry)
    "web_manifest",
    "phone_certificate_file",  # the laptop's certificate authority (guandan serve --https)
    "round_status_json",
    "find_phone_index",  # find my table's index for the phone (JSON)
    "projector_sponsor",  # an image
    "round_action",
    "table_confirm",
    "table_foul",
    "table_absent",
    "table_revoke_slip",
    "table_passed_at",
    "table_sheet_api",
    "table_foul_api",
    "side_confirm",
    "side_sheet_api",
    "pair_status",
    "pair_template",
    "pair_import_confirm",
    "pair_next",
    "export_download",
    "exchange_download",  # a JSON file
    "logout",
    "set_language",
    "table_photo_add",
    "side_photo_add",
    "sheet_photo",
    "side_photo",
    "signup_action",
    "signup_withdraw",
    "signup_reject_many",
    "signup_payment_qr",
    "exchange_upload",  # the association's endpoint a laptop posts its exchange file to
    "pair_names",
    "backup_download",
    "team_status",
    "team_template",
    "team_import_confirm",
    "individual_status",
    "individual_template",
    "individual_import_confirm",
    *("series_event_add", "series_event_remove", "series_certificates"),
}
# A team event's pages (团体赛): 404 in the demo event, a pairs event; checked in their own.
TEAM_PAGES = {
    *("team_list", "team_add", "team_edit", "team_import", "line_ups", "team_line_up"),
    "team_history",
}


# An individual event's registration pages (个人赛): 404 elsewhere; checked in their own.
INDIVIDUAL_PAGES = {
    *("individual_list", "individual_add", "individual_edit", "individual_import"),
    "player_history",
}
# The series pages (系列赛): outside any event; checked in their own test below.
SERIES_PAGES = {"series_list", "series_create", "series_edit", "series_standings"}


# An individual event's round page of its own (替补入座), checked with them.
INDIVIDUAL_ROUND_PAGES = {"round_substitute"}
# Players across events (tournament.people): no event in their addresses.
PEOPLE_PAGES = {
    *("people_list", "people_suggestions", "people_merges", "people_audit", "person_detail"),
    "player_page",
}
PEOPLE_POSTS = {"person_merge", "person_unmerge", "person_hidden"}


def people_page_urls(person) -> dict[str, str]:
    """Every page of the players across events → its address, for ``person``."""
    with_person = {"person_detail", "player_page"}
    return {
        name: reverse(name, args=[person.pk] if name in with_person else [])
        for name in PEOPLE_PAGES
    }


def individual_page_urls(t) -> dict[str, str]:
    """Every page of an individual event's registration → its address."""
    person = t.individuals.order_by("pk").first()
    kwargs = {name: {"slug": t.slug} for name in INDIVIDUAL_PAGES}
    kwargs["individual_edit"] = {"slug": t.slug, "individual_id": person.pk}
    kwargs["player_history"] = {"slug": t.slug, "individual_id": person.pk}
    return {name: reverse(name, kwargs=kw) for name, kw in kwargs.items()}


def team_page_urls(t) -> dict[str, str]:
    """Every page of a team event's registration and line-ups → its address."""
    team = t.teams.order_by("pk").first()
    kwargs = {name: {"slug": t.slug} for name in TEAM_PAGES}
    kwargs["team_edit"] = kwargs["team_line_up"] = {"slug": t.slug, "team_id": team.pk}
    kwargs["team_history"] = {"slug": t.slug, "team_id": team.pk}
    return {name: reverse(name, kwargs=kw) for name, kw in kwargs.items()}


def title_of(html: str) -> str:
    found = re.search(r"<title>(.*?)</title>", html, re.S)
    return unescape(found.group(1)).strip() if found else ""


@pytest.fixture
def demo():
    call_command("load_demo", stdout=io.StringIO())
    t = Tournament.objects.get(slug="demo")
    Tournament.objects.filter(pk=t.pk).update(table_entry=True)  # the players' pages too
    organizer = User.objects.get(username="organizer")
    draw(t, seed=1, by=user_actor(None))
    round_ = pair_next_round(t, by=user_actor(None))
    publish_round(round_, by=user_actor(organizer))
    open_signup(t)
    return t, organizer, round_


def page_urls(t, round_) -> dict[str, tuple[str, bool]]:
    """Every page name → (url, fetched anonymously)."""
    pair = t.pairs.order_by("pk").first()
    m = round_.tables.exclude(ns=None).order_by("number").first()
    s, n = t.slug, round_.number
    table = {"slug": s, "number": n, "table_no": m.number}
    player = {"slug": s, "table_id": m.pk, "code": m.ew_code}
    signup = t.signups.get()
    kwargs = {
        "home": {},
        "phone_certificate": {},
        "tournament_create": {},
        "rating_list": {},
        "login": {},
        "tournament_detail": {"slug": s},
        "tournament_edit": {"slug": s},
        "staff_list": {"slug": s},
        "api_tokens": {"slug": s},
        "stage_list": {"slug": s},
        "pair_list": {"slug": s},
        "pair_add": {"slug": s},
        "pair_import": {"slug": s},
        "pair_edit": {"slug": s, "pair_id": pair.pk},
        "round_list": {"slug": s},
        "draw": {"slug": s},
        "round_control": {"slug": s, "number": n},
        "round_adjust": {"slug": s, "number": n},
        "results_import": {"slug": s, "number": n},
        "round_fouls": {"slug": s, "number": n},
        "round_audit": {"slug": s, "number": n},
        "table_entry": table,
        "table_sheet": table,
        "side_entry": player,
        "side_sheet": player,
        "pairings": {"slug": s, "number": n},
        "standings": {"slug": s},
        "pair_history": {"slug": s, "pair_id": pair.pk},
        "projector": {"slug": s, "number": n},
        "bracket": {"slug": s},
        "export_index": {"slug": s},
        "login_locks": {"slug": s},
        "backups": {"slug": s},
        "upload_settings": {"slug": s},
        "upload_tokens": {},
        "forbidden_pairings": {"slug": s},
        "divisions": {"slug": s},
        "signup_page": {"slug": s},
        "signup_status": {"slug": s, "token": signup.token},
        "signup_confirm": {"slug": s, "token": signup.token, "code": confirm_code(signup)},
        "signup_admin": {"slug": s},
        "signup_admin_edit": {"slug": s, "signup_id": signup.pk},
        "checkin_desk": {"slug": s},
        "checkin_board": {"slug": s},
        "checkin_missing": {"slug": s},
        "checkin_scan": {"slug": s, "code": checkin_code(pair)},
    }
    anonymous = {
        *("login", "phone_certificate", "side_entry", "side_sheet"),
        *("signup_page", "signup_status", "signup_confirm"),
    }
    return {name: (reverse(name, kwargs=kw), name in anonymous) for name, kw in kwargs.items()}


def test_every_page_of_the_demo_event_has_its_own_title(demo):
    t, organizer, round_ = demo
    urls = page_urls(t, round_)
    names = {name for name in get_resolver().reverse_dict if isinstance(name, str)}
    missing = (
        names
        - NOT_PAGES
        - set(urls)
        - TEAM_PAGES
        - INDIVIDUAL_PAGES
        - INDIVIDUAL_ROUND_PAGES
        - SERIES_PAGES
        - PEOPLE_PAGES
        - PEOPLE_POSTS
        - {"admin"}
    )
    missing -= {n for n in names if ":" in n}
    assert not missing, f"pages without a title check: {sorted(missing)}"
    staff = login(organizer)
    titles: dict[str, str] = {}
    for name, (url, anonymous) in urls.items():
        response = (Client() if anonymous else staff).get(url)
        assert response.status_code == 200, (name, url, response.status_code)
        titles[name] = title_of(response.content.decode())
    assert all(titles.values()), {k: v for k, v in titles.items() if not v}
    by_title: dict[str, list[str]] = {}
    for name, title in titles.items():
        by_title.setdefault(title, []).append(name)
    shared = {title: pages for title, pages in by_title.items() if len(pages) > 1}
    # The player's deal sheet is the referee's sheet of the same table (one template).
    assert shared == {titles["table_sheet"]: ["table_sheet", "side_sheet"]}, shared


def test_every_page_of_a_team_event_has_its_own_title(organizer):
    from tests.app.teams.team_sheets import team_event

    t = team_event(organizer, teams=2)
    client = login(organizer)
    titles = {}
    for name, url in team_page_urls(t).items():
        response = client.get(url)
        assert response.status_code == 200, (name, url, response.status_code)
        titles[name] = title_of(response.content.decode())
    assert all(titles.values()) and len(set(titles.values())) == len(titles), titles


def test_every_page_of_an_individual_event_has_its_own_title(organizer):
    from tests.app.individuals.individual_sheets import solo_event

    t = solo_event(organizer, players=4)
    draw(t, seed=1, by=user_actor(organizer))
    pair_next_round(t, by=user_actor(organizer))
    client = login(organizer)
    titles = {}
    pages = {
        **individual_page_urls(t),
        "round_substitute": reverse("round_substitute", args=[t.slug, 1]),
    }
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, (name, url, response.status_code)
        titles[name] = title_of(response.content.decode())
    assert all(titles.values()) and len(set(titles.values())) == len(titles), titles


def test_every_series_page_has_its_own_title(organizer):
    from tournament.series.services import series_create

    series_create(slug="league", name="联赛", by_user=organizer)
    client = login(organizer)
    titles = {}
    for name in SERIES_PAGES:
        args = [] if name in ("series_list", "series_create") else ["league"]
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, (name, response.status_code)
        titles[name] = title_of(response.content.decode())
    assert all(titles.values()) and len(set(titles.values())) == len(titles), titles


def test_every_people_page_has_its_own_title(organizer):
    from tournament.models import Person

    person = Person.objects.create(name="张三")
    client = login(organizer)
    titles = {}
    for name, url in people_page_urls(person).items():
        response = client.get(url)
        assert response.status_code == 200, (name, url, response.status_code)
        titles[name] = title_of(response.content.decode())
    assert all(titles.values()) and len(set(titles.values())) == len(titles), titles
