"""The association's side of the upload (tournament/exchange/receive.py): ``POST
/api/exchange/`` with an upload token. Each refusal is asked for on its own: no token, a
wrong one, a revoked one, another event's, a file too large (sent as is and gzipped), not
JSON, too many a minute; then a good file is created once and is unchanged the second time."""

from __future__ import annotations

import gzip
import json

import pytest
from django.core.cache import cache
from django.test import Client

from tournament.core.actors import user_actor
from tournament.exchange.document import event_document
from tournament.exchange.upload_tokens import upload_token_create, upload_token_revoke
from tournament.models import ApiToken, AuditEntry, Round, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]  # row locks
SLUG = "spring-up"


@pytest.fixture
def doc(event):
    document = event_document(event)
    document["event"]["slug"] = SLUG  # the same DB holds the laptop's event: another slug
    return document


@pytest.fixture
def secret(organizer):
    cache.clear()
    return upload_token_create(slug=SLUG, name="南京站", by=user_actor(organizer))[1]


def send(body: bytes, token: str | None, **headers) -> tuple[int, dict]:
    if token is not None:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    answer = Client().post("/api/exchange/", body, content_type="application/json", **headers)
    return answer.status_code, answer.json()


def as_bytes(document: dict) -> bytes:
    return json.dumps(document, ensure_ascii=False).encode()


def test_a_token_is_needed(doc):
    status, answer = send(as_bytes(doc), None)
    assert status == 401 and answer["error"] == "upload_no_token"


def test_a_wrong_token_is_refused(doc, secret):
    status, answer = send(as_bytes(doc), secret + "x")
    assert status == 401 and answer["error"] == "upload_bad_token"
    assert not Tournament.objects.filter(slug=SLUG).exists()


def test_a_revoked_token_is_refused(doc, secret, organizer):
    token_id = ApiToken.objects.get(slug=SLUG).pk
    assert upload_token_revoke(token_id=token_id, by=user_actor(organizer)) is not None
    assert upload_token_revoke(token_id=token_id, by=user_actor(organizer)) is None
    status, answer = send(as_bytes(doc), secret)
    assert status == 401 and answer["error"] == "upload_bad_token"


def test_a_read_token_of_the_event_is_no_upload_token(doc, event, organizer):
    from tournament.events.api_tokens import token_create

    _token, read_secret = token_create(tournament=event, name="大屏", by=user_actor(organizer))
    status, answer = send(as_bytes(doc), read_secret)
    assert status == 401 and answer["error"] == "upload_bad_token"


def test_another_events_token_is_refused(doc, organizer):
    cache.clear()
    other = upload_token_create(slug="autumn", name="", by=user_actor(organizer))[1]
    status, answer = send(as_bytes(doc), other)
    assert status == 403 and answer["error"] == "upload_other_event"
    assert "autumn" in answer["message"] and SLUG in answer["message"]
    assert not Tournament.objects.filter(slug__in=[SLUG, "autumn"]).exists()


def test_size_limits(doc, secret, settings):
    body = as_bytes(doc)
    settings.EXCHANGE_MAX_BYTES = len(body) - 1
    status, answer = send(body, secret)
    assert status == 413 and answer["error"] == "upload_too_large"
    # Packed small, unpacked past its own limit (a gzip bomb stops there).
    settings.EXCHANGE_MAX_BYTES = len(body)
    settings.EXCHANGE_MAX_RAW_BYTES = len(body) - 1
    status, answer = send(gzip.compress(body), secret, HTTP_CONTENT_ENCODING="gzip")
    assert status == 413 and answer["error"] == "upload_too_large"
    assert not Tournament.objects.filter(slug=SLUG).exists()


def test_not_json_and_other_encodings(secret):
    assert send(b"{not json", secret)[0] == 400
    assert send(b"[1, 2]", secret)[0] == 400
    assert send(b"\x1f\x8b nonsense", secret, HTTP_CONTENT_ENCODING="gzip")[0] == 400
    assert send(b"{}", secret, HTTP_CONTENT_ENCODING="br")[0] == 415
    assert Client().get("/api/exchange/").status_code == 405


def test_too_many_sends_a_minute(secret, settings):
    settings.EXCHANGE_UPLOADS_PER_MINUTE = 2
    assert [send(b"{}", secret)[0] for _ in range(3)] == [403, 403, 429]


def test_a_file_is_imported_once(doc, secret, event):
    status, answer = send(gzip.compress(as_bytes(doc)), secret, HTTP_CONTENT_ENCODING="gzip")
    assert status == 200 and answer["status"] == "created", answer
    copy = Tournament.objects.get(slug=SLUG)
    locked = list(copy.round_set.filter(status=Round.LOCKED).values_list("number", flat=True))
    assert locked == [1]
    status, answer = send(as_bytes(doc), secret)
    assert status == 200 and answer["status"] == "unchanged"
    assert Tournament.objects.filter(slug=SLUG).count() == 1
    lines = AuditEntry.objects.filter(tournament=copy, action="upload.received")
    assert lines.count() == 1  # the same file again wrote nothing
    assert "南京站" not in lines[0].summary and "gdu_" in lines[0].summary
