"""The sign-up challenge: showing the form writes nothing, the question is no text
a script can read, the sum shown is the sum expected, and a token is answered once."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.forms import solved_challenge
from tournament.models import Counter, SignUp, SignUpConfig
from tournament.signup import challenge

pytestmark = pytest.mark.django_db

WRITES = ("INSERT", "UPDATE", "DELETE")


def open_signup(tournament) -> SignUpConfig:
    return SignUpConfig.objects.create(tournament=tournament, is_open=True)


def pair(n: int) -> dict:
    return {
        "name": f"第{n}队",
        "unit": "",
        "player1": f"甲{n}",
        "phone1": f"1380000{n:04d}",
        "player2": f"乙{n}",
        "phone2": f"1390000{n:04d}",
    }


def page_token(html: str) -> str:
    return re.search(r'name="challenge_token" value="([^"]+)"', html).group(1)


def test_an_anonymous_get_of_the_open_form_writes_nothing(tournament):
    """1,881 challenge rows in 15 s from one client before: now no write at all."""
    open_signup(tournament)
    url = reverse("signup_page", args=[tournament.slug])
    with CaptureQueriesContext(connection) as ctx:
        for _ in range(20):
            assert Client().get(url).status_code == 200
    writes = [q["sql"] for q in ctx.captured_queries if q["sql"].lstrip().startswith(WRITES)]
    assert writes == []


def test_the_question_is_no_text_in_the_page(tournament):
    open_signup(tournament)
    page = Client().get(reverse("signup_page", args=[tournament.slug])).content.decode()
    question = challenge.question_of(page_token(page))
    text = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", page)  # the picture itself
    assert "data:image/png;base64," in page
    assert question.text not in text and question.text.rstrip("=") not in text
    # Neither a sum in signs nor one in words ("7 加 3 等于几？", the old fallback).
    assert not re.search(r"\d+\s*(?:[+×*−-]|加|减|乘)\s*\d+\s*=", text)
    assert "等于几" not in text


@pytest.mark.slow  # forty sign-ups through the web
def test_the_sum_shown_is_the_sum_expected(tournament):
    """The old ``+`` setting relabelled ``×`` as ``+``: 91 of 187 questions a+b expected a×b."""
    open_signup(tournament)
    url = reverse("signup_page", args=[tournament.slug])
    for n in range(40):
        token = page_token(Client().get(url).content.decode())
        shown = challenge.question_of(token).text  # what the picture draws
        a, sign, b = re.fullmatch(r"(\d+)([+])(\d+)=", shown).groups()
        body = pair(n) | {"challenge_token": token, "challenge": str(int(a) + int(b))}
        answer = Client().post(url, body, REMOTE_ADDR=f"192.0.2.{n + 1}")
        assert answer.status_code == 302, shown
    assert SignUp.objects.count() == 40


def test_a_challenge_is_answered_once(tournament):
    open_signup(tournament)
    url = reverse("signup_page", args=[tournament.slug])
    answered = solved_challenge()
    assert Client().post(url, pair(1) | answered).status_code == 302
    again = Client().post(url, pair(2) | answered)
    assert "验证题已失效" in again.content.decode()
    assert SignUp.objects.count() == 1


def test_a_forged_or_old_token_is_refused(tournament, settings):
    open_signup(tournament)
    url = reverse("signup_page", args=[tournament.slug])
    answered = solved_challenge()
    forged = answered | {"challenge_token": answered["challenge_token"][:-2] + "xx"}
    assert "验证题已失效" in Client().post(url, pair(1) | forged).content.decode()
    settings.SIGNUP_CHALLENGE_MINUTES = -1  # every token is older than that
    assert "验证题已失效" in Client().post(url, pair(2) | answered).content.decode()
    assert not SignUp.objects.exists()
    assert not Counter.objects.exists()  # an invalid token writes nothing either


def test_spent_challenges_expire(tournament):
    """One row per token answered, dropped once it could no longer be valid."""
    open_signup(tournament)
    url = reverse("signup_page", args=[tournament.slug])
    for n in range(3):
        Client().post(url, pair(n) | solved_challenge())
    assert Counter.objects.filter(key__startswith="challenge:").count() == 3
    Counter.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    Client().post(url, pair(9) | solved_challenge())
    assert Counter.objects.filter(key__startswith="challenge:").count() == 1


def test_another_question_keeps_what_was_typed(tournament):
    open_signup(tournament)
    url = reverse("signup_page", args=[tournament.slug])
    first = page_token(Client().get(url).content.decode())
    page = Client().post(url, pair(5) | {"challenge_token": first, "another": "1"})
    html = page.content.decode()
    assert page.status_code == 200 and 'value="第5队"' in html
    assert page_token(html) != first and "error" not in html.split("<form", 1)[1][:400]
    assert not SignUp.objects.exists()


def test_digits_lean_little_and_lines_are_thin(monkeypatch):
    """Seen at 390 px: a "1" leaning 20° and crossed by a 2-pixel line read as "7" (10+1 as
    10+7). Each digit leans at most 8°; noise lines are one pixel wide."""
    from PIL import ImageDraw

    turns: list[float] = []
    widths: list[int] = []
    uniform = challenge.random.Random.uniform
    line = ImageDraw.ImageDraw.line

    def record_turn(self, a, b):
        turns.append(max(abs(a), abs(b)))
        return uniform(self, a, b)

    def record_line(self, xy, fill=None, width=0, joint=None):
        widths.append(width)
        return line(self, xy, fill, width, joint)

    monkeypatch.setattr(challenge.random.Random, "uniform", record_turn)
    monkeypatch.setattr(ImageDraw.ImageDraw, "line", record_line)
    for _ in range(5):
        challenge.image_data_uri(challenge.new_token())
    assert turns and max(turns) <= 8
    assert widths and max(widths) == 1
