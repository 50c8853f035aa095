"""Every JSON body is read within bounds (tournament/core/json_body.py): a hostile or broken
body gets a 400 with a message saying what is wrong, never a 500, and nothing is saved."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.conftest import login
from tournament.core.errors import Invalid
from tournament.core.json_body import MAX_DEPTH, int_field, read_json
from tournament.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def chinese():
    """The messages in Chinese whatever an earlier test left active, and the language a
    request of these tests activates not left to the next."""
    with translation.override("zh-hans"):
        yield


NESTED = b'{"version": 1, "steps": ' + b"[" * 5000 + b"]" * 5000 + b"}"
# body → what the message says (in Chinese, the active language of the tests)
HOSTILE = {
    b'{"version": 1e400, "steps": []}': "数字“1e400”无效或超出范围",
    b'{"version": -1e400, "steps": []}': "数字“-1e400”无效或超出范围",
    b'{"version": NaN, "steps": []}': "数字“NaN”无效或超出范围",
    b'{"version": Infinity, "steps": []}': "数字“Infinity”无效或超出范围",
    b'{"version": 1e300, "steps": []}': "“version”应为有效的整数",
    b'{"version": "1e400", "steps": []}': "“version”应为有效的整数",
    b'{"version": true, "steps": []}': "“version”应为有效的整数",
    b'{"version": 99999999999, "steps": []}': "“version”应为有效的整数",
    b'{"version": ' + b"9" * 5000 + b', "steps": []}': "无效或超出范围",
    NESTED: f"嵌套超过{MAX_DEPTH}层",
    b'{"version": 1, "steps": [' + b"{}," * 200_000 + b"{}]}": "请求内容太大，最大 256 KB",
    b'{"version": 1, "steps": [}': "内容不是有效的JSON",
    b"\xff\xfe{}": "内容不是有效的JSON",
}


@pytest.mark.parametrize("body", list(HOSTILE), ids=lambda b: b[:30].decode("latin-1"))
def test_each_hostile_body_is_refused_with_its_message(body):
    with pytest.raises(Invalid) as refused:
        version = int_field(read_json(body), "version")
        pytest.fail(f"read {version}")
    assert HOSTILE[body] in str(refused.value)


def test_brackets_inside_strings_are_not_nesting_and_fair_bodies_are_read():
    body = {"version": 3, "steps": [{"note": "[" * 1000}], "made_at": "2026-05-01T09:58:00Z"}
    assert read_json(json.dumps(body).encode()) == body
    assert read_json(b"") == {}
    assert int_field({"version": "7"}, "version") == 7
    assert int_field({"version": 7.0}, "version") == 7


@pytest.fixture
def table1(tournament, pairs8, make_round):
    return make_round(tournament, pairs8).tables.get(number=1)


@pytest.mark.parametrize("body", [b'{"version": 1e400, "steps": []}', NESTED])
def test_the_sheet_api_answers_400_with_a_message(body, table1, referee):
    client = login(referee)
    for api in (
        reverse("table_sheet_api", args=["spring", 1, 1]),
        reverse("table_foul_api", args=["spring", 1, 1]),
    ):
        r = client.post(api, body, content_type="application/json")
        assert r.status_code == 400, api
        assert r.json()["ok"] is False and "请求格式错误" in r.json()["error"]
    assert Table.objects.get(pk=table1.pk).deals == []


def test_a_players_sheet_link_answers_400_too(tournament, table1):
    tournament.table_entry = True
    tournament.save()
    api = reverse("side_entry", args=["spring", table1.pk, table1.ew_code]) + "sheet/api/"
    for body in HOSTILE:
        r = Client().post(api, body, content_type="application/json")
        assert r.status_code == 400 and HOSTILE[body] in r.json()["error"], body[:40]
    assert Table.objects.get(pk=table1.pk).deals == []


def test_a_foul_body_that_is_not_an_object_says_so(table1, referee):
    api = reverse("table_foul_api", args=["spring", 1, 1])
    r = login(referee).post(api, b"[1, 2]", content_type="application/json")
    assert r.status_code == 400 and "内容不是有效的JSON" in r.json()["error"]


def test_the_messages_read_in_english(english, table1, referee):
    api = reverse("table_sheet_api", args=["spring", 1, 1])
    client = login(referee)
    client.cookies["django_language"] = "en"
    r = client.post(api, b'{"version": 1e400, "steps": []}', content_type="application/json")
    assert r.json()["error"] == 'Bad request: the number "1e400" is invalid or out of range'


def test_no_view_parses_a_body_but_through_the_bounded_reader():
    """A new view reading ``request.body`` must go through :func:`read_json` too."""
    root = Path(__file__).resolve().parents[3] / "tournament"
    for path in root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        bare = re.findall(r"(?<!read_json\()request\.body", text)
        assert not bare, f"{path.relative_to(root)} reads request.body without read_json"
        assert not re.search(r"json\.loads?\(\s*request", text), path
