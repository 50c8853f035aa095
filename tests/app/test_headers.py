"""Headers: a Content-Security-Policy on every answer and no inline
script for it to block; every cookie ``Secure`` under HTTPS; the API answers an unpublished
event exactly as a missing one unless a valid token is sent."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.app.test_page_titles import demo, page_urls  # noqa: F401 (a fixture)
from tests.conftest import ONE_EVENT, login
from tournament.core.actors import user_actor
from tournament.events.api_tokens import token_create
from tournament.models import ApiToken, Tournament

pytestmark = pytest.mark.django_db

POLICY = "Content-Security-Policy"
# A script the page runs from its own text: not one loaded by src=, and not a data block
# (json_script's type="application/json", which the browser never executes).
INLINE_SCRIPT = re.compile(
    r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>|\son[a-z]+=", re.I
)


def strict(policy: str) -> bool:
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    return (
        directives["script-src"] == "'self'"
        and "unsafe" not in policy
        and directives["worker-src"] == "'self'"
        and directives["manifest-src"] == "'self'"
        and directives["frame-ancestors"] == "'none'"
    )


def test_every_page_carries_the_policy_and_no_inline_script(demo):  # noqa: F811
    t, organizer, round_ = demo
    staff = login(organizer)
    for name, (url, anonymous) in page_urls(t, round_).items():
        response = (Client() if anonymous else staff).get(url)
        assert strict(response[POLICY]), name
        page = response.content.decode()
        assert not INLINE_SCRIPT.search(page), (name, INLINE_SCRIPT.search(page).group(0))


def test_every_other_kind_of_answer_carries_it_too(demo):  # noqa: F811
    t, organizer, round_ = demo
    answers = {
        "static file": Client().get("/static/css/app.css"),
        "not found": Client().get("/t/no-such-event/"),
        "api": Client().get(reverse("api-v1:event", args=[t.slug])),
        "api docs": Client().get(reverse("api-v1:openapi-view")),
        "pdf": login(organizer).get(
            reverse("export_download", args=[t.slug, "pairings", "pdf"]), {"round": 1}
        ),
        "redirect": Client().get(reverse("round_list", args=[t.slug])),
        "captcha": Client().get(reverse("signup_page", args=[t.slug])),
    }
    for kind, response in answers.items():
        assert strict(response[POLICY]), kind


@pytest.mark.usefixtures(ONE_EVENT)
def test_every_cookie_is_secure_under_https(settings, tournament, pairs8, make_round, referee):
    for name in ("SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "LANGUAGE_COOKIE_SECURE"):
        setattr(settings, name, True)
    tournament.table_entry = True
    tournament.save()
    table = make_round(tournament, pairs8).tables.get(number=1)
    phone = Client()
    entry = reverse("side_entry", args=["spring", table.pk, table.ew_code])
    form = {"ew_level": "A+", "ns_level": "5", "forfeit": "", "ew_fouls": 0, "ns_fouls": 0}
    answers = [
        phone.post(entry, {**form, "version": 1}),  # gd_entry_<id>
        Client().post(reverse("set_language"), {"language": "en"}),
        Client().post(reverse("login"), {"username": "ref", "password": "pw-ref"}),
        Client().get(reverse("login")),  # the CSRF cookie
    ]
    cookies = [morsel for answer in answers for morsel in answer.cookies.values()]
    names = {morsel.key for morsel in cookies}
    assert {
        f"gd_entry_{table.pk}",
        "django_language",
        "sessionid",
        "gd_device",
        "csrftoken",
    } <= names
    assert [m.key for m in cookies if not m["secure"]] == []


@pytest.mark.usefixtures(ONE_EVENT)
def test_the_api_answers_an_unpublished_event_as_a_missing_one(tournament):
    Tournament.objects.filter(pk=tournament.pk).update(
        publish_pairings=False, publish_standings=False
    )
    hidden = Client().get(reverse("api-v1:event", args=[tournament.slug]))
    missing = Client().get(reverse("api-v1:event", args=["no-such-event"]))
    assert (hidden.status_code, hidden.json()) == (missing.status_code, missing.json())
    assert hidden.json() == {"detail": "Not Found"}
    wrong = {"HTTP_AUTHORIZATION": "Bearer not-a-token"}
    guessed = Client().get(reverse("api-v1:event", args=[tournament.slug]), **wrong)
    assert (guessed.status_code, guessed.json()) == (404, {"detail": "Not Found"})
    _token, secret = token_create(tournament=tournament, name="大屏", by=user_actor(None))
    valid = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    assert Client().get(reverse("api-v1:event", args=[tournament.slug]), **valid).status_code == 200
    assert ApiToken.objects.count() == 1
