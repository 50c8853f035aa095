"""Importing an exchange file (成绩交换文件) here: ``import_document(document, slug=, by=)``.

The same event
    An event is known across installations by its ``event.uid`` (``Tournament.exchange_uid``,
    given once where the event is made). An event imported here keeps the ``revision`` of its
    file (``Tournament.exchange_revision``). Importing a file of an event already imported:
    the same revision changes nothing (``"unchanged"``: nothing written, not even the audit
    log); a newer one replaces the event (``"replaced"``, audited from which revision to
    which); an older one is refused.
Slugs
    The event keeps its slug unless ``slug`` renames it. A slug used here by any other event
    (made here, or imported with another uid) is refused.
All or nothing
    The file is checked (:mod:`tournament.exchange.checks`), made into an event archive
    (:mod:`tournament.exchange.to_archive`) and imported by the archive importer in one
    transaction with the replacement, the players' identities (the archive importer's
    :func:`~tournament.core.identity.link_event`, then the persons of the replaced copy) and a
    last check that the places the file states are the places its tables give.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from rules.messages import Message
from tournament.archive.importer import import_archive
from tournament.archive.write import ArchiveError
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.identity import link_event
from tournament.core.stamps import public_changed
from tournament.exchange.checks import ExchangeError, check_document
from tournament.exchange.places import PLACE_KINDS, event_places
from tournament.exchange.replace import delete_event, last_person, persons_of, relink
from tournament.exchange.to_archive import archive_of
from tournament.models import Tournament
from tournament.text.messages import render
from tournament.text.messages.audit import MSG_AUDIT_EXCHANGE_IMPORT, MSG_AUDIT_EXCHANGE_REPLACE

CREATED, REPLACED, UNCHANGED = "created", "replaced", "unchanged"
# Message codes (texts in tournament/text/messages/exchange.py).
MSG_OLDER = "exchange_older"  # have, got
MSG_SLUG_TAKEN = "exchange_slug_taken"  # slug
MSG_PLACES = "exchange_places"  # where
MSG_DATA = "exchange_data"  # error
MSG_UNCHANGED = "exchange_unchanged"  # name, revision
MSG_CREATED = "exchange_created"  # name, slug, revision
MSG_REPLACED = "exchange_replaced"  # name, slug, old, new
# The account that owns an imported event when nobody signed in imports it (a command).
IMPORT_OWNER = "exchange-import"
PUBLIC_FLAGS = ("publish_pairings", "publish_standings")


@dataclass(frozen=True)
class ImportOutcome:
    """What an import did: ``status`` is ``"created"``, ``"replaced"`` or ``"unchanged"``;
    ``message`` says it in a sentence (the active language)."""

    tournament: Tournament
    status: str
    message: str
    previous_revision: int | None = None


def import_document(document: dict, *, slug: str | None = None, by: Actor) -> ImportOutcome:
    """Import one exchange document (see the module's docstring); raise
    :class:`ExchangeError` (a service error) having changed nothing.

    The same file sent twice at once (a laptop's retry while its first try is still being
    imported): the second waits on the first's rows, fails, and is then found unchanged."""
    check_document(document)
    existing, target, unchanged = _decide(document, slug)
    if unchanged is not None:
        return unchanged
    try:
        with transaction.atomic():
            return _import(document, target, existing, by)
    except ExchangeError:
        _existing, _target, unchanged = _decide(document, slug)
        if unchanged is not None:
            return unchanged
        raise


def _decide(doc: dict, slug: str | None) -> tuple[Tournament | None, str, ImportOutcome | None]:
    """The imported copy of the document's event here (or None), the slug to import it
    under, and the outcome when there is nothing to do; raise when the file is refused."""
    revision = doc["revision"]
    existing = (
        Tournament.objects.filter(exchange_uid=doc["event"]["uid"], exchange_revision__isnull=False)
        .order_by("pk")
        .first()
    )
    target = slug or (existing.slug if existing else doc["event"]["slug"])
    if existing is not None:
        if revision < existing.exchange_revision:
            raise ExchangeError(MSG_OLDER, have=existing.exchange_revision, got=revision)
        if revision == existing.exchange_revision and existing.slug == target:
            text = Message(MSG_UNCHANGED, {"name": existing.name, "revision": revision})
            return existing, target, ImportOutcome(existing, UNCHANGED, render(text), revision)
    taken = Tournament.objects.filter(slug=target)
    if existing is not None:
        taken = taken.exclude(pk=existing.pk)
    if taken.exists():
        raise ExchangeError(MSG_SLUG_TAKEN, slug=target)
    return existing, target, None


def _import(doc: dict, slug: str, existing: Tournament | None, by: Actor) -> ImportOutcome:
    previous = existing.exchange_revision if existing is not None else None
    owner = existing.organizer if existing is not None else _owner(by)
    persons = persons_of(existing) if existing is not None else {}
    newer_than = last_person()
    if existing is not None:
        delete_event(existing.pk)
    archive = archive_of(doc, slug=slug)
    # The association's server shows the results it receives; a replacement keeps the
    # choice made here for the event (docs/exchange.md, "Import").
    for flag in PUBLIC_FLAGS:
        archive["tournament"][flag] = getattr(existing, flag) if existing is not None else True
    try:
        result = import_archive(archive, owner=owner, log=False)
    except ArchiveError as exc:
        raise ExchangeError(MSG_DATA, error=exc.msg) from None
    t = result.tournament
    _check_places(doc, t)
    relink(t, persons, newer_than=newer_than)
    link_event(t)  # every row a person (the archive importer did; a no-op then)
    return _recorded(doc, t, previous, by)


def _recorded(doc: dict, t: Tournament, previous: int | None, by: Actor) -> ImportOutcome:
    """The audit line of the import (the revision it replaced, if any) and its outcome; the
    public pages show the event."""
    public_changed(t)
    revision, origin = doc["revision"], doc["event"]["slug"]
    if previous is None:
        summary = Message(MSG_AUDIT_EXCHANGE_IMPORT, {"slug": origin, "revision": revision})
        log_action(tournament=t, by=by, action="exchange.import", obj=t, summary=summary)
        params = {"name": t.name, "slug": t.slug, "revision": revision}
        return ImportOutcome(t, CREATED, render(Message(MSG_CREATED, params)), None)
    params = {"slug": origin, "old": previous, "new": revision}
    summary = Message(MSG_AUDIT_EXCHANGE_REPLACE, params)
    log_action(tournament=t, by=by, action="exchange.replace", obj=t, summary=summary)
    message = Message(MSG_REPLACED, {**params, "name": t.name, "slug": t.slug})
    return ImportOutcome(t, REPLACED, render(message), previous)


def _owner(by: Actor):
    """The importing user, or (a command) an inactive account without a password."""
    if by.person is not None:
        return by.person
    User = get_user_model()
    user = User.objects.filter(username=IMPORT_OWNER).first()
    if user is None:
        user = User(username=IMPORT_OWNER, is_active=False)
        user.set_unusable_password()
        user.save()
    return user


def _check_places(doc: dict, t: Tournament) -> None:
    """The places the file states must be those its tables give here (ids of the file: the
    n-th entry of its list is the n-th made here). Each entry's points and 级差分 must be
    equal, and so must the ranks, but for entries tied on both: the app draws its lots by
    the database's ids in pairs and team events, so a tie decided by lot may fall the other
    way in a copy (docs/exchange.md, "places")."""
    kind = PLACE_KINDS[doc["event"]["entry"]]
    listed = doc["entries"][kind + "s"]
    made = list(_entry_keys(t, kind))
    file_id = {pk: row["id"] for pk, row in zip(made, listed, strict=True)}
    here = [dict(row, entry=file_id[row["entry"]]) for _k, row in event_places(t)]
    stated = [{k: p[k] for k in ("rank", "entry", "points", "level_diff")} for p in doc["places"]]
    score_here = {row["entry"]: (row["points"], row["level_diff"]) for row in here}
    for i, (a, b) in enumerate(zip(stated, here, strict=False)):
        same_place = (a["rank"], a["points"], a["level_diff"]) == (
            b["rank"],
            b["points"],
            b["level_diff"],
        )
        if not same_place or score_here.get(a["entry"]) != (a["points"], a["level_diff"]):
            raise ExchangeError(MSG_PLACES, where=f"/places/{i}")
    if len(stated) != len(here):
        raise ExchangeError(MSG_PLACES, where=f"/places/{min(len(stated), len(here))}")


def _entry_keys(t: Tournament, kind: str):
    related = {"pair": t.pairs, "team": t.teams, "individual": t.individuals}[kind]
    return related.order_by("pk").values_list("pk", flat=True)
