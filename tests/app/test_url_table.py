"""Role × URL: every URL name of the project, the lowest role that may use it, one fetch per role.

Vocabulary
----------
role
    Who is asking, from least to most: ``anonymous`` (no account), ``player`` (no account,
    but holding a table's secret link, the 选手录入 code), ``referee``, ``chief`` (裁判长),
    ``organizer`` (the event's owner) and ``superuser`` (the site's administrator).
lowest
    The least role a URL is open to; every role above it is let in, every role below is
    turned away: a redirect to a login page, 403 or 404 (never a 200 or another redirect).
row
    One URL name with its lowest role, the method, how to build its arguments and the
    status an allowed role gets. A URL name without a row fails
    :func:`test_every_url_name_has_a_row`: a new page must be classified here.

The event is small: 8 pairs, round 1 published, pairings and standings public, table
links on. Posts carry data that the view refuses or that changes nothing, so one row's
fetches do not change what the next role sees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse

from tests.app.event_parts import open_signup, sheet_upload, sponsor_image
from tests.app.individuals.individual_sheets import solo_event
from tests.app.people.url_rows import people_rows, people_world
from tests.app.series.url_rows import series_rows
from tests.app.teams.team_sheets import team_event
from tests.conftest import (
    built_once,
    eight_pairs,
    login,
    new_round,
    new_staff,
    new_tournament,
    new_user,
)
from tournament.backups.create import make_backup
from tournament.core.actors import user_actor
from tournament.models import Round, Tournament
from tournament.results.photos import attach_photo
from tournament.rounds.pairing import draw, pair_next_round
from tournament.series.services import series_create
from tournament.signup.checkin import checkin_code
from tournament.signup.mail import confirm_code

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "player", "referee", "chief", "organizer", "superuser")
ADMIN = "admin"  # Django's admin namespace: every page in it is for a superuser only
WRONG_CODE = "guessed-code"


@dataclass(frozen=True)
class Row:
    lowest: str
    args: Callable[[SimpleNamespace], list] = lambda w: [w.slug]
    method: str = "get"
    data: dict = field(default_factory=dict)
    allowed: int = 200  # the status an allowed role gets (302: a post answered by a redirect)
    query: dict = field(default_factory=dict)


def _table(w):
    return [w.slug, 1, 1]


def _code(w):
    return [w.slug, w.table.pk, w.code]


def _json(data: dict) -> dict:
    return {"data": data, "content_type": "application/json"}


TABLE: dict[str, Row] = {
    # Anyone: the site and the published event.
    "home": Row("anonymous", args=lambda w: []),
    # A published series (系列赛): its standings are public.
    "series_standings": Row("anonymous", args=lambda w: [w.series]),
    "login": Row("anonymous", args=lambda w: []),
    # Offline-first entry: the service worker and the web app manifest (no event data).
    "service_worker": Row("anonymous", args=lambda w: []),
    "web_manifest": Row("anonymous", args=lambda w: []),
    # The laptop's certificate for phones (guandan serve --https); no such file kind: 404.
    "phone_certificate": Row("anonymous", args=lambda w: []),
    "phone_certificate_file": Row("anonymous", args=lambda w: ["txt"], allowed=404),
    "logout": Row("anonymous", args=lambda w: [], method="post", allowed=302),
    "set_language": Row(
        "anonymous", args=lambda w: [], method="post", data={"language": "zh-hans"}, allowed=302
    ),
    "tournament_detail": Row("anonymous"),
    "pairings": Row("anonymous", args=lambda w: [w.slug, 1]),
    "standings": Row("anonymous"),
    "pair_history": Row("anonymous", args=lambda w: [w.slug, w.pair.pk]),
    "projector": Row("anonymous", args=lambda w: [w.slug, 1]),
    "projector_sponsor": Row("anonymous"),  # the sponsor's image the projector shows
    "bracket": Row("anonymous"),
    "share_standings_png": Row("anonymous"),
    "share_pair_png": Row("anonymous", args=lambda w: [w.slug, w.pair.pk]),
    "share_poster_png": Row("anonymous"),
    "share_poster_pdf": Row("anonymous"),
    "find_my_table": Row("anonymous", allowed=302),
    "round_status_json": Row("anonymous", args=lambda w: [w.slug, 1]),
    # Find my table's index for the phone: a stamp not the current one is redirected.
    "find_phone_index": Row("anonymous", args=lambda w: [w.slug, 1, "x", "en"], allowed=302),
    "export_index": Row("anonymous"),
    # A table's secret link (no account).
    "side_entry": Row("player", args=_code),
    "side_confirm": Row("player", args=_code, method="post", allowed=302),
    "side_sheet": Row("player", args=_code),
    "side_sheet_api": Row("player", args=_code),
    # Referees.
    "round_list": Row("referee"),
    "round_control": Row("referee", args=lambda w: [w.slug, 1]),
    "round_action": Row(
        "referee", args=lambda w: [w.slug, 1, "nothing"], method="post", allowed=302
    ),
    "results_import": Row("referee", args=lambda w: [w.slug, 1]),
    "round_fouls": Row("referee", args=lambda w: [w.slug, 1]),
    "table_entry": Row("referee", args=_table),
    "table_confirm": Row("referee", args=_table, method="post", allowed=302),
    "table_absent": Row("referee", args=_table, method="post", allowed=302),
    # Refused without a side: the role check let it through.
    "table_revoke_slip": Row("referee", args=_table, method="post", allowed=302),
    "table_foul": Row("referee", args=_table, method="post", allowed=302),
    "table_sheet": Row("referee", args=_table),
    "table_sheet_api": Row("referee", args=_table),
    # An empty foul is refused by the service (400): the role check let it through.
    "table_foul_api": Row("referee", args=_table, method="post", data=_json({}), allowed=400),
    # Chief referees.
    "round_audit": Row("chief", args=lambda w: [w.slug, 1]),
    # A team event's line-ups (出场名单); a post without players is refused by the form.
    "line_ups": Row("chief", args=lambda w: [w.team_slug]),
    "team_line_up": Row("chief", args=lambda w: [w.team_slug, w.team]),
    # Standings not published in the world's team and individual events: staff only.
    "team_history": Row("referee", args=lambda w: [w.team_slug, w.team]),
    "player_history": Row("referee", args=lambda w: [w.solo_slug, w.individual]),
    "login_locks": Row("chief"),
    "export_download": Row(
        "chief", args=lambda w: [w.slug, "clerk_sheet", "csv"], query={"round": 1}
    ),
    "exchange_download": Row("chief"),
    # The organizer (tournament_create: any account of the organizers' group).
    "tournament_create": Row("organizer", args=lambda w: []),
    "rating_list": Row("organizer", args=lambda w: []),  # every rated person: organizers only
    "tournament_edit": Row("organizer"),
    "staff_list": Row("organizer"),
    "stage_list": Row("organizer"),
    "pair_list": Row("organizer"),
    "pair_add": Row("organizer"),
    "pair_edit": Row("organizer", args=lambda w: [w.slug, w.pair.pk]),
    "pair_status": Row("organizer", args=lambda w: [w.slug, w.pair.pk], method="post", allowed=302),
    "pair_import": Row("organizer"),
    "pair_import_confirm": Row("organizer", method="post", allowed=302),
    "pair_template": Row("organizer"),
    # A team event's (团体赛) registration: the second event of the world, "teams".
    "team_list": Row("organizer", args=lambda w: [w.team_slug]),
    "team_add": Row("organizer", args=lambda w: [w.team_slug]),
    "team_edit": Row("organizer", args=lambda w: [w.team_slug, w.team]),
    # Refused without a status: the role check let it through.
    "team_status": Row(
        "organizer", args=lambda w: [w.team_slug, w.team], method="post", allowed=302
    ),
    "team_import": Row("organizer", args=lambda w: [w.team_slug]),
    "team_import_confirm": Row(
        "organizer", args=lambda w: [w.team_slug], method="post", allowed=302
    ),
    "team_template": Row("organizer", args=lambda w: [w.team_slug]),
    # An individual event's (个人赛) registration: the third event of the world, "solo".
    "individual_list": Row("organizer", args=lambda w: [w.solo_slug]),
    "individual_add": Row("organizer", args=lambda w: [w.solo_slug]),
    "individual_edit": Row("organizer", args=lambda w: [w.solo_slug, w.individual]),
    # Refused without a status: the role check let it through.
    "individual_status": Row(
        "organizer", args=lambda w: [w.solo_slug, w.individual], method="post", allowed=302
    ),
    "individual_import": Row("organizer", args=lambda w: [w.solo_slug]),
    "individual_import_confirm": Row(
        "organizer", args=lambda w: [w.solo_slug], method="post", allowed=302
    ),
    "individual_template": Row("organizer", args=lambda w: [w.solo_slug]),
    "round_substitute": Row("chief", args=lambda w: [w.solo_slug, 1]),
    "draw": Row("organizer"),
    "forbidden_pairings": Row("organizer"),
    "divisions": Row("organizer"),  # propose divisions by rating (a GET: nothing made)
    "pair_names": Row("organizer"),
    "pair_next": Row("organizer", method="post", allowed=302),  # refused: round 1 is open
    "round_adjust": Row("organizer", args=lambda w: [w.slug, 1]),
    "api_tokens": Row("organizer"),
    "backups": Row("organizer"),
    # The upload of the event's locked rounds to the association's server (the laptop's
    # settings); on the server, its upload tokens (any account of the organizers' group).
    "upload_settings": Row("organizer"),
    "upload_tokens": Row("organizer", args=lambda w: []),
    # The association's endpoint: an upload token, no session; none sent is 401 for all.
    "exchange_upload": Row("anonymous", args=lambda w: [], method="post", allowed=401),
    # The whole database (every account's password hash, the secret key).
    "backup_download": Row("superuser", args=lambda w: [w.slug, w.backup]),
    "signup_admin": Row("organizer"),
    "signup_admin_edit": Row("organizer", args=lambda w: [w.slug, w.signup.pk]),
    "signup_action": Row(
        "organizer", args=lambda w: [w.slug, w.signup.pk, "approve"], method="post", allowed=302
    ),
    "checkin_missing": Row("organizer"),
    # Check-in desk and board: the event's staff at the door.
    "checkin_desk": Row("referee"),
    "checkin_board": Row("referee"),
    "checkin_scan": Row("referee", args=lambda w: [w.slug, w.checkin]),
    # The time a table passed A and photos of its score sheet.
    "table_passed_at": Row("referee", args=_table, method="post", allowed=302),
    "table_photo_add": Row("referee", args=_table, method="post", allowed=302),
    "sheet_photo": Row("referee", args=lambda w: [w.slug, w.photo.pk]),
    "side_photo_add": Row("player", args=_code, method="post", allowed=302),
    "side_photo": Row("player", args=lambda w: [*_code(w), w.photo.pk]),
    # Online sign-up: public, and the pair's private link (held like a table's code).
    "signup_page": Row("anonymous"),
    "signup_payment_qr": Row("anonymous"),
    "signup_status": Row("player", args=lambda w: [w.slug, w.token]),
    "signup_withdraw": Row("player", args=lambda w: [w.slug, w.token], method="post", allowed=302),
    # The link mailed to confirm an e-mail address (the pair's link and the mailed code).
    "signup_confirm": Row("player", args=lambda w: [w.slug, w.token, w.confirm]),
    "signup_reject_many": Row("organizer", method="post", allowed=302),  # refused: no reason
    # The read API: what the public pages show.
    # django-ninja names its prefix; nothing is served there (the docs are at docs/).
    "api-v1:api-root": Row("anonymous", args=lambda w: [], allowed=404),
    "api-v1:openapi-json": Row("anonymous", args=lambda w: []),
    "api-v1:openapi-view": Row("anonymous", args=lambda w: []),
    "api-v1:events": Row("anonymous", args=lambda w: []),
    "api-v1:event": Row("anonymous"),
    "api-v1:round_pairings": Row("anonymous", args=lambda w: [w.slug, 1]),
    "api-v1:round_results": Row("anonymous", args=lambda w: [w.slug, 2]),  # a locked round
    "api-v1:event_standings": Row("anonymous"),
    "api-v1:pair": Row("anonymous", args=lambda w: [w.slug, w.pair.pk]),
    # The site's administrator: the admin, checked on its index and one list.
    f"{ADMIN}:index": Row("superuser", args=lambda w: []),
    f"{ADMIN}:tournament_table_changelist": Row("superuser", args=lambda w: []),
}
TABLE.update(people_rows(Row))  # players across events (tournament.people)
TABLE.update(series_rows(Row))  # series (tournament.series)


def url_names() -> set[str]:
    """Every URL name of the project, with its namespace (``admin:index``)."""

    def walk(resolver: URLResolver, prefix: str):
        for pattern in resolver.url_patterns:
            if isinstance(pattern, URLResolver):
                space = f"{prefix}{pattern.namespace}:" if pattern.namespace else prefix
                yield from walk(pattern, space)
            elif pattern.name:
                yield prefix + pattern.name

    return set(walk(get_resolver(), ""))


def classified(name: str) -> bool:
    return name in TABLE or name.startswith(f"{ADMIN}:")


def test_every_url_name_has_a_row():
    names = url_names()
    assert sorted(n for n in names if not classified(n)) == []
    assert sorted(set(TABLE) - names) == []  # no row for a page that no longer exists


def build() -> SimpleNamespace:
    """The event, the people of every role and a signed-in session for each of them."""
    organizer, chief, referee = new_staff()
    tournament = new_tournament(organizer, chief, referee)
    pairs8 = eight_pairs(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(
        publish_pairings=True, publish_standings=True, table_entry=True
    )
    round_ = new_round(tournament, pairs8)
    table = round_.tables.get(number=1)
    open_signup(tournament)
    sponsor_image(tournament)
    new_round(tournament, pairs8, number=2, status=Round.LOCKED)
    photo = attach_photo(table, sheet_upload(), by=user_actor(tournament.organizer, "referee"))
    teams = team_event(organizer, slug="teams", teams=2, staff=(chief, referee))
    solo = solo_event(organizer, slug="solo", players=4, staff=(chief, referee))
    draw(solo, seed=1, by=user_actor(organizer))
    pair_next_round(solo, by=user_actor(organizer))  # a draft: its substitute page opens
    people = {
        "referee": referee,
        "chief": chief,
        "organizer": organizer,
        "superuser": new_user("root", superuser=True),
        # Accounts without a role in this event, even another event's organizer.
        "other_organizer": new_user("bob", organizer=True),
        "outsider": new_user("eve"),
    }
    return SimpleNamespace(
        slug=tournament.slug,
        pair=pairs8[0],
        team_slug=teams.slug,
        team=teams.teams.order_by("pk").first().pk,
        solo_slug=solo.slug,
        individual=solo.individuals.order_by("pk").first().pk,
        table=table,
        code=table.ew_code,
        photo=photo,
        signup=tournament.signups.get(),
        token=tournament.signups.get().token,
        confirm=confirm_code(tournament.signups.get()),
        checkin=checkin_code(pairs8[0]),
        backup=make_backup(reason="test").name,
        **people_world(),
        series=series_create(slug="league", name="联赛", by_user=organizer, published=True).slug,
        sessions={
            who: login(user).cookies[settings.SESSION_COOKIE_NAME].value
            for who, user in people.items()
        },
    )


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker):
    """The event built once for the module's tests, each in a savepoint rolled back after it."""
    with built_once(django_db_blocker):
        yield build()


@pytest.fixture
def world(built):
    cache.clear()  # nothing computed by the test before (see built_once)
    return built


def signed_in(world, who: str) -> Client:
    """A new browser holding the session that ``who`` signed in with (tests/conftest.py login)."""
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[who]
    return client


@pytest.fixture
def clients(world):
    signed = {
        role: signed_in(world, role) for role in ("referee", "chief", "organizer", "superuser")
    }
    return {"anonymous": Client(), "player": Client(), **signed}


def fetch(client: Client, row: Row, url: str):
    if row.method == "get":
        return client.get(url, row.query)
    data = row.data or {"data": {}}
    return client.post(url, **data)


def turned_away(response) -> bool:
    if response.status_code == 302:
        return "login" in response["Location"]
    return response.status_code in (403, 404)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_role_by_url(name, world, clients):
    row = TABLE[name]
    lowest = ROLES.index(row.lowest)
    for rank, role in enumerate(ROLES):
        # Below the player, the link is a guessed one: the code is what the player holds.
        held = rank >= ROLES.index("player")
        secrets = {
            "code": world.code if held else WRONG_CODE,
            "token": world.token if held else "x",
        }
        url = reverse(name, args=row.args(SimpleNamespace(**{**vars(world), **secrets})))
        response = fetch(clients[role], row, url)
        if rank >= lowest:
            assert response.status_code == row.allowed, (role, url, response.status_code)
            if response.status_code == 302:
                assert "login" not in response["Location"], (role, url)
        else:
            assert turned_away(response), (role, url, response.status_code)
    # An account without a role here, even another event's organizer, is nobody here.
    if lowest > ROLES.index("player") and row.args(world)[:1] in (
        [world.slug],
        [world.team_slug],
        [world.solo_slug],
    ):
        url = reverse(name, args=row.args(world))
        for who in ("outsider", "other_organizer"):
            assert turned_away(fetch(signed_in(world, who), row, url)), (who, url)
