"""The venue laptop's sender (tournament/exchange/upload_send.py), one turn at a time with
the network faked: a lock marks the upload due, an unreachable server or a 5xx is tried
again after the back-off, a 4xx stops it (上传失败), a 2xx is 已上传, and a lock that comes
while a send is on its way leaves the event 待上传."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tournament.core.actors import user_actor
from tournament.exchange import upload_http, upload_send
from tournament.exchange.upload_schedule import retry_delay
from tournament.models import Round, Upload
from tournament.rounds.lifecycle import lock_round, unlock_round

pytestmark = pytest.mark.django_db


class FakeServer:
    """Answers the sender's posts with the statuses given, in turn; records what it got."""

    def __init__(self, monkeypatch, *answers, during=None):
        self.answers, self.bodies, self.during = list(answers), [], during
        monkeypatch.setattr(upload_http, "post", self.post)

    def post(self, url, token, body):
        self.bodies.append((url, token, body))
        if self.during:
            self.during()
        status, text = self.answers.pop(0)
        return upload_http.Answer(status, text)


@pytest.fixture
def upload(event):
    return Upload.objects.create(
        tournament=event,
        server_url="http://association.example",
        token="gdu_secret",
        status=Upload.PENDING,
    )


def relock(event, chief):
    one = Round.objects.get(tournament=event, number=1)
    unlock_round(one, by=user_actor(chief))
    lock_round(Round.objects.get(pk=one.pk), by=user_actor(chief))


def test_a_lock_marks_the_upload_due(event, upload, chief):
    Upload.objects.filter(pk=upload.pk).update(status=Upload.SENT, attempts=3)
    relock(event, chief)
    upload.refresh_from_db()
    assert (upload.status, upload.generation, upload.attempts) == (Upload.PENDING, 1, 0)
    Upload.objects.filter(pk=upload.pk).update(status=Upload.OFF)
    relock(event, chief)
    assert Upload.objects.get(pk=upload.pk).status == Upload.OFF  # turned off: left alone


def test_a_lock_without_an_upload_writes_nothing(event, chief):
    relock(event, chief)
    assert not Upload.objects.exists()


def test_unreachable_then_delivered(event, upload, monkeypatch):
    server = FakeServer(monkeypatch, (None, "Connection refused"), (200, "created"))
    before = timezone.now()
    assert upload_send.step(event.pk) == 0.0
    upload.refresh_from_db()
    assert upload.status == Upload.PENDING and upload.attempts == 1
    assert "Connection refused" in upload.last_error
    wait = (upload.next_try_at - before).total_seconds()
    assert 7 <= wait <= 16  # 15 s, jittered down to half at most
    assert 7 <= upload_send.step(event.pk) <= 16  # not due: nothing sent
    assert len(server.bodies) == 1
    Upload.objects.filter(pk=upload.pk).update(next_try_at=timezone.now() - timedelta(seconds=1))
    assert upload_send.step(event.pk) == 0.0
    upload.refresh_from_db()
    assert (upload.status, upload.attempts, upload.last_error) == (Upload.SENT, 0, "")
    assert upload.sent_rounds == 1 and upload.sent_revision and len(upload.sent_digest) == 64
    assert upload_send.step(event.pk) is None  # sent: the thread ends
    url, token, _body = server.bodies[-1]
    assert (url, token) == ("http://association.example", "gdu_secret")


def test_a_server_error_is_retried_and_a_refusal_is_not(event, upload, monkeypatch):
    FakeServer(monkeypatch, (503, "维护中"), (401, "上传令牌无效或已停用"))
    upload_send.step(event.pk)
    upload.refresh_from_db()
    assert upload.status == Upload.PENDING and "503" in upload.last_error
    Upload.objects.filter(pk=upload.pk).update(next_try_at=None)
    upload_send.step(event.pk)
    upload.refresh_from_db()
    assert upload.status == Upload.FAILED and "401" in upload.last_error
    assert "上传令牌无效" in upload.last_error
    assert upload_send.step(event.pk) is None  # waits for the organizer


def test_a_lock_during_the_send_leaves_it_due(event, upload, monkeypatch):
    FakeServer(monkeypatch, (200, "created"), during=lambda: upload_send.mark_due(event.pk))
    upload_send.step(event.pk)
    upload.refresh_from_db()
    assert upload.status == Upload.PENDING and upload.sent_at is not None


def test_another_sender_holds_the_lease(event, upload, monkeypatch):
    server = FakeServer(monkeypatch)
    Upload.objects.filter(pk=upload.pk).update(lease_until=timezone.now() + timedelta(minutes=1))
    assert upload_send.step(event.pk) == 5.0 and server.bodies == []


def test_the_back_off_doubles_with_jitter_up_to_the_cap():
    steps = [retry_delay(n, first=15, cap=900, jitter=1.0) for n in range(1, 10)]
    assert steps == [15, 30, 60, 120, 240, 480, 900, 900, 900]
    assert [retry_delay(n, first=15, cap=900, jitter=0.0) for n in (1, 2, 7)] == [7.5, 15, 450]
    assert retry_delay(10_000, first=15, cap=900, jitter=0.5) == 675
    assert retry_delay(0, first=15, cap=900, jitter=2.0) == 15  # clamped
