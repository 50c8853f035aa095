"""A venue laptop sends its event's locked rounds to the association's server by itself
(docs/exchange.md, "Upload"; the state is :class:`~tournament.models.Upload`).

Why a thread after the lock, and not a queue
--------------------------------------------
As for the automatic backups (:mod:`tournament.backups.auto`), the writes are the clock:
a round's lock marks the event 待上传 inside its own transaction
(:func:`tournament.core.milestones.round_locked` calls :func:`mark_due`), so no lock is ever
committed without it, and once committed a background thread sends the event's current
exchange document. The chief referee's lock has been answered already: it never waits for
the network, and never fails because of it.

The thread tries until the server answers: a server it cannot reach, or a 5xx or 429
answer, is tried again after a wait that doubles (with jitter,
:func:`~tournament.exchange.upload_schedule.retry_delay`); a 4xx (a bad token) stops it,
上传失败, until the organizer acts. What it sends is always the newest document (the event
as it is when the try starts), so a laptop that was offline for three rounds sends once.
The server's import is idempotent: a document sent twice (an answer lost on the way)
changes nothing there. A lock that comes while a send is on its way raises the upload's
``generation``: that delivery does not count as 已上传, and the next try sends the newer
rounds.

A laptop restarted offline finds its pending upload again: the first request a process
serves starts the sender for every pending event (:func:`resume_all`), and the organizer's
pages start it when it is due (:func:`kick`). Across processes (the workers of a server)
the upload's row is leased to one sender at a time.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from rules.messages import Message
from tournament.exchange import upload_http
from tournament.exchange.document import event_document
from tournament.exchange.upload_doc import body_digest, document_bytes, document_revision, packed
from tournament.exchange.upload_schedule import DONE, RETRY, outcome_of, retry_delay
from tournament.models import Round, Tournament, Upload
from tournament.text.messages import render
from tournament.text.messages.audit import encode

log = logging.getLogger("guandan.exchange")

MSG_UNREACHABLE = "upload_unreachable"
MSG_SERVER_ERROR = "upload_server_error"
MSG_REFUSED = "upload_refused"
MSG_DOCUMENT = "upload_document_failed"
LEASE_SLACK = 10  # seconds a lease outlives the try's own timeout (a killed sender's ends)

_guard = threading.Lock()
_threads: dict[int, threading.Thread] = {}  # this process's sender of each event
_wake: dict[int, threading.Event] = {}  # set to end a sender's wait (立即上传, a new lock)


def mark_due(tournament_id: int) -> None:
    """A round of the event is being locked: 待上传, sent once the lock is committed."""
    changed = Upload.objects.filter(tournament_id=tournament_id).exclude(status=Upload.OFF)
    if changed.update(
        status=Upload.PENDING, generation=F("generation") + 1, next_try_at=None, attempts=0
    ):
        transaction.on_commit(partial(kick, tournament_id), robust=True)


def kick(tournament_id: int, force: bool = False) -> None:
    """Start this process's sender of the event (or wake it); never raises, never waits.
    With ``UPLOAD_AUTO`` off, only 立即上传 (``force``) starts it."""
    if not (settings.UPLOAD_AUTO or force):
        return
    try:
        with _guard:
            running = _threads.get(tournament_id)
            if running is not None and running.is_alive():
                _wake[tournament_id].set()
                return
            _wake[tournament_id] = threading.Event()
            thread = threading.Thread(
                target=_loop, args=(tournament_id,), name=f"guandan-upload-{tournament_id}"
            )
            thread.daemon = True  # offline for hours: a command's process may still end
            _threads[tournament_id] = thread
            thread.start()
    except Exception:  # a thread that cannot start: the next page view or start tries again
        log.exception("upload of event %s: the sender did not start", tournament_id)


def _loop(tournament_id: int) -> None:
    """The sender thread: try when due, wait, until the event is sent or needs the organizer."""
    try:
        while True:
            wait = step(tournament_id)
            if wait is None:
                return
            wake = _wake.get(tournament_id)
            if wake is not None and wake.wait(wait):
                wake.clear()
    except Exception:
        log.exception("upload of event %s: the sender stopped", tournament_id)
    finally:
        connection.close()  # this thread's own connection
        with _guard:
            if _threads.get(tournament_id) is threading.current_thread():
                del _threads[tournament_id]


def step(tournament_id: int) -> float | None:
    """One turn of the sender: a try if one is due; seconds until the next turn, or None
    when there is nothing more to do (sent, refused, not set)."""
    now = timezone.now()
    upload = Upload.objects.filter(tournament_id=tournament_id).first()
    if upload is None or upload.status != Upload.PENDING or not upload.configured:
        return None
    if upload.next_try_at is not None and upload.next_try_at > now:
        return max(0.05, (upload.next_try_at - now).total_seconds())
    lease = now + timedelta(seconds=settings.UPLOAD_TIMEOUT_SECONDS + LEASE_SLACK)
    free = Q(lease_until=None) | Q(lease_until__lt=now)
    if not Upload.objects.filter(free, pk=upload.pk).update(lease_until=lease):
        log.info("upload of event %s: another sender is on it", tournament_id)
        return 5.0  # another process is sending it (or died sending it): look again later
    try:
        attempt(upload)
    finally:
        Upload.objects.filter(pk=upload.pk).update(lease_until=None)
    return 0.0


def attempt(upload: Upload) -> str:
    """Send the event's current document once and record what came of it (done, retry,
    refused). Never raises for the network or the server's answer."""
    generation = upload.generation
    try:
        document = event_document(upload.tournament)
        body = document_bytes(document)
    except Exception as exc:  # a fault of the export: shown, and tried again later
        log.exception("upload of %s: the document failed", upload.tournament.slug)
        return _retry(upload, Message(MSG_DOCUMENT, {"why": type(exc).__name__}))
    answer = upload_http.post(upload.server_url, upload.token, packed(body))
    outcome = outcome_of(answer.status)
    if outcome == DONE:
        _sent(upload, generation, document, body)
        log.info("upload of %s: sent (%s)", upload.tournament.slug, answer.status)
        return outcome
    if outcome == RETRY:
        return _retry(upload, _error(answer))
    why = _error(answer)
    error = render(why)[:300]
    Upload.objects.filter(pk=upload.pk, status=Upload.PENDING, generation=generation).update(
        status=Upload.FAILED,
        last_try_at=timezone.now(),
        last_error=error,
        error_message=encode(why),
        next_try_at=None,
    )
    log.error("upload of %s: refused: %s", upload.tournament.slug, error)
    return outcome


def _sent(upload: Upload, generation: int, document: dict, body: bytes) -> None:
    now = timezone.now()
    sent = {
        "sent_at": now,
        "sent_revision": document_revision(document),
        "sent_digest": body_digest(body),
        "sent_rounds": upload.tournament.round_set.filter(status=Round.LOCKED).count(),
        "last_try_at": now,
        "last_error": "",
        "error_message": None,
        "attempts": 0,
        "next_try_at": None,
    }
    rows = Upload.objects.filter(pk=upload.pk, status=Upload.PENDING)
    # A lock while it was on its way: still 待上传, the next turn sends the newer rounds.
    if not rows.filter(generation=generation).update(status=Upload.SENT, **sent):
        rows.update(**sent)


def _retry(upload: Upload, why: Message) -> str:
    """A try that may work later: the wait doubles (with jitter) with each failure."""
    now = timezone.now()
    failures = upload.attempts + 1
    wait = retry_delay(
        failures,
        first=settings.UPLOAD_RETRY_FIRST_SECONDS,
        cap=settings.UPLOAD_RETRY_MAX_SECONDS,
        jitter=random.random(),
    )
    error = render(why)[:300]
    Upload.objects.filter(pk=upload.pk, status=Upload.PENDING).update(
        attempts=failures,
        last_try_at=now,
        last_error=error,
        error_message=encode(why),
        next_try_at=now + timedelta(seconds=wait),
    )
    log.warning("upload of %s: %s; again in %.0f s", upload.tournament.slug, error, wait)
    return RETRY


def _error(answer: upload_http.Answer) -> Message:
    if answer.status is None:
        return Message(MSG_UNREACHABLE, {"why": answer.text})
    code = MSG_SERVER_ERROR if outcome_of(answer.status) == RETRY else MSG_REFUSED
    return Message(code, {"status": answer.status, "why": answer.text})


def send_now(tournament: Tournament) -> None:
    """立即上传: due now (a refused upload too), sent by the background sender."""
    Upload.objects.filter(tournament=tournament).exclude(status=Upload.OFF).update(
        status=Upload.PENDING, next_try_at=None
    )
    transaction.on_commit(partial(kick, tournament.pk, force=True), robust=True)


def kick_if_due(tournament: Tournament) -> None:
    """An organizer's page: start the sender of a pending upload that no thread carries."""
    upload = Upload.objects.filter(tournament=tournament, status=Upload.PENDING).first()
    if upload is not None and upload.configured:
        running = _threads.get(tournament.pk)
        if running is None or not running.is_alive():
            kick(tournament.pk)


def resume_all(**_signal) -> None:
    """Once a process serves its first request: start the sender of every pending upload
    (a laptop restarted offline sends what it could not before)."""
    from django.core.signals import request_started

    request_started.disconnect(resume_all, dispatch_uid="guandan_upload_resume")
    if not settings.UPLOAD_AUTO:
        return
    threading.Thread(target=_resume, name="guandan-upload-resume", daemon=True).start()


def _resume() -> None:
    try:
        pending = Upload.objects.filter(status=Upload.PENDING).exclude(server_url="")
        for tournament_id in pending.values_list("tournament_id", flat=True):
            kick(tournament_id)
    except Exception:  # no table yet (a first start before migrate): nothing to resume
        log.warning("upload: pending uploads not resumed", exc_info=True)
    finally:
        connection.close()


def wait_for_senders(timeout: float = 30) -> None:
    """Wait for this process's sender threads (tests)."""
    deadline = time.monotonic() + timeout
    for thread in list(_threads.values()):
        thread.join(max(0.0, deadline - time.monotonic()))
