"""The read API (/api/v1/): each endpoint against the public pages' data, staff tokens,
ETags and the OpenAPI schema."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from openapi_spec_validator import validate

from tests.app.public.test_public_pages import play_and_lock
from tournament.core.actors import user_actor
from tournament.events.api_tokens import token_create, token_revoke
from tournament.models import AuditEntry, Round
from tournament.results.checks import ResultValues
from tournament.results.services import submit_result

pytestmark = pytest.mark.django_db
API = "/api/v1/events/spring/"


@pytest.fixture
def event(tournament, register, make_round):
    tournament.publish_pairings = tournament.publish_standings = True
    tournament.save()
    pairs = [
        register(tournament, "卧龙队", "蜀国", "诸葛亮", "庞统"),
        register(tournament, "江东队", "吴国", "周瑜", "鲁肃"),
        register(tournament, "魏武队", "魏国", "曹操", "荀彧"),
        register(tournament, "虎痴队", "魏国", "许褚", "典韦"),
        register(tournament, "白马队", "", "赵云", "马超"),
    ]
    return make_round(tournament, pairs)


def bearer(secret: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {secret}"}


def test_events_lists_only_public_events(event, other_tournament):
    data = Client().get("/api/v1/events/").json()
    assert [e["slug"] for e in data] == ["spring"]
    assert data[0]["name"] == event.tournament.name


def test_event_lists_its_published_rounds(event):
    data = Client().get(API).json()
    assert data["slug"] == "spring" and data["publish_standings"] is True
    assert data["rounds"] == [{"number": 1, "status": "published", "results": False}]


def test_pairings_are_the_tables_of_the_public_pairings_page(event):
    data = Client().get(API + "rounds/1/pairings/").json()
    page = Client().get(reverse("pairings", args=["spring", 1])).content.decode()
    tables = [(t["table"], t["ew"]["name"], t["ns"] and t["ns"]["name"]) for t in data["tables"]]
    assert tables == [(1, "卧龙队", "江东队"), (2, "魏武队", "虎痴队"), (None, "白马队", None)]
    for _, ew, ns in tables:
        assert ew in page and (ns is None or ns in page)
    assert data["tables"][0]["ew"]["unit"] == "蜀国"


def test_results_standings_and_history_match_the_pages_once_locked(event, referee, chief):
    client = Client()
    assert client.get(API + "rounds/1/results/").status_code == 404  # not locked yet
    play_and_lock(event, referee, chief)
    results = client.get(API + "rounds/1/results/").json()
    assert [t["result"] for t in results["tables"]] == ["过A : 5", "过A : 5", "轮空"]
    pairings_page = client.get(reverse("pairings", args=["spring", 1])).content.decode()
    assert pairings_page.count("过A : 5") == 2
    assert results["tables"][0]["winner"] == "EW"
    standings = client.get(API + "standings/").json()
    page = client.get(reverse("standings", args=["spring"])).content.decode()
    assert standings["after_round"] == 1 and standings["provisional"] is False
    first = standings["rows"][0]
    assert first["points"] == 23 and re.search(r">\s*23\s*<", page)
    for row in standings["rows"]:
        assert row["team"]["name"] in page
    pair_id = results["tables"][0]["ew"]["id"]
    pair = client.get(API + f"teams/{pair_id}/").json()
    history = client.get(reverse("pair_history", args=["spring", pair_id])).content.decode()
    assert pair["team"]["name"] == "卧龙队" and pair["players"] == ["诸葛亮", "庞统"]
    assert [(h["round"], h["opponent"]["name"], h["total"]) for h in pair["history"]] == [
        (1, "江东队", 23)
    ]
    assert "江东队" in history


def test_standings_of_a_round_that_may_not_be_shown_is_404(event):
    assert Client().get(API + "standings/", {"round": 1}).status_code == 404
    assert Client().get(API + "standings/").json()["rows"] == []
    assert Client().get(API + "standings/", {"round": "x"}).status_code == 422


def test_unpublished_data_is_404_without_a_token_and_200_with_one(event, referee):
    tournament = event.tournament
    tournament.publish_pairings = tournament.publish_standings = False
    tournament.save()
    _, secret = token_create(tournament=tournament, name="大屏", by=user_actor(None))
    table = event.tables.get(number=1)
    submit_result(
        table, ResultValues("A+", "5", winner="EW"), version=table.version, by=user_actor(referee)
    )
    paths = [
        "",
        "rounds/1/pairings/",
        "rounds/1/results/",
        "standings/?round=1",
        f"teams/{table.ew_id}/",
    ]
    for path in paths:
        assert Client().get(API + path).status_code == 404, path
        assert Client().get(API + path, **bearer(secret)).status_code == 200, path
    results = Client().get(API + "rounds/1/results/", **bearer(secret)).json()
    assert results["tables"][0]["result"] == "过A : 5"  # as entered, before any lock
    standings = Client().get(API + "standings/?round=1", **bearer(secret)).json()
    assert standings["provisional"] is True and standings["rows"][0]["points"] == 23


def test_a_draft_round_is_read_only_with_a_token(event):
    Round.objects.filter(pk=event.pk).update(status=Round.DRAFT)
    _, secret = token_create(tournament=event.tournament, name="编排工具", by=user_actor(None))
    assert Client().get(API + "rounds/1/pairings/").status_code == 404
    assert Client().get(API + "rounds/1/pairings/", **bearer(secret)).status_code == 200


@pytest.mark.both_databases
def test_a_revoked_or_foreign_token_is_refused(event, other_tournament, organizer):
    token, secret = token_create(tournament=event.tournament, name="大屏", by=user_actor(None))
    _, foreign = token_create(tournament=other_tournament, name="别家", by=user_actor(None))
    assert Client().get(API, **bearer(foreign)).status_code == 401
    assert Client().get(API, **bearer("gd_guess")).status_code == 401
    token_revoke(tournament=event.tournament, token_id=token.pk, by=user_actor(None))
    response = Client().get(API, **bearer(secret))
    assert response.status_code == 401 and response.json()["detail"] == "令牌无效或已停用"


def test_the_organizer_creates_and_revokes_a_token_on_its_page(event, organizer, chief):
    client = Client()
    client.force_login(organizer)
    url = reverse("api_tokens", args=["spring"])
    page = client.post(url, {"action": "create", "name": "会场大屏"}).content.decode()
    secret = re.search(r"<code>(gd_[\w-]+)</code>", page).group(1)
    assert Client().get(API, **bearer(secret)).status_code == 200
    token = event.tournament.api_tokens.get()
    assert secret not in str(token.__dict__)  # only the digest is stored
    client.post(url, {"action": "revoke", "token": token.pk})
    assert Client().get(API, **bearer(secret)).status_code == 401
    actions = list(AuditEntry.objects.filter(action__startswith="token.").values_list("action"))
    assert sorted(actions) == [("token.create",), ("token.revoke",)]
    chief_client = Client()
    chief_client.force_login(chief)
    assert chief_client.get(url).status_code == 404  # the organizer's page only


def test_answers_carry_an_etag_and_304_until_the_round_is_locked(event, referee, chief):
    client = Client()
    url = API + "standings/"
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    play_and_lock(event, referee, chief)
    after = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200 and after["ETag"] != etag


def test_answers_are_gzipped_and_a_weak_etag_still_gives_304(event):
    client = Client()
    url = API + "rounds/1/pairings/"
    first = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert first["Content-Encoding"] == "gzip"
    again = client.get(url, HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


def test_the_schema_validates_and_names_every_endpoint():
    schema = Client().get("/api/v1/openapi.json").json()
    validate(schema)
    assert set(schema["paths"]) == {
        "/api/v1/events/",
        "/api/v1/events/{slug}/",
        "/api/v1/events/{slug}/rounds/{number}/pairings/",
        "/api/v1/events/{slug}/rounds/{number}/results/",
        "/api/v1/events/{slug}/standings/",
        "/api/v1/events/{slug}/teams/{team_id}/",
    }
    assert {"Pairings", "Results", "Standings", "TeamDetail"} <= set(
        schema["components"]["schemas"]
    )


def test_the_docs_page_loads_nothing_from_another_site():
    page = Client().get("/api/v1/docs").content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert '"validatorUrl": null' in page  # no badge fetched from validator.swagger.io
    for path in re.findall(r'(?:src|href)="(/static/[^"]+)"', page):
        assert Client().get(path).status_code == 200, path
