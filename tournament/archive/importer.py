"""Importing an event archive into this installation (see :mod:`tournament.archive.write`).

All or nothing: the import runs in one transaction and any problem rolls it back. Primary
keys are new; every reference is mapped from the archive-local ids. An archive whose slug
is already used here is refused unless a new slug is given.

Streaming: :func:`import_archive_file` reads the file as records
(:mod:`tournament.archive.reader`) and saves each part's rows in batches as they
come, keeping only the map of archive-local ids to new keys; :func:`import_archive` takes
an archive already in memory (tests, small events) through the same steps.

Nothing in an archive is trusted (:mod:`tournament.archive.checks`): types,
references, levels, score sheets, brackets and audit entries are checked, names normalised,
the database's field checks run before saving, and audit entries are marked as imported.
A username that already exists here is attached only with ``map_users`` (``--map-users``):
otherwise an edited archive could make anyone staff or organizer of the imported event.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, transaction
from django.utils.dateparse import parse_datetime

from rules.messages import Message
from tournament.archive.checks import (
    check_audit,
    check_shape,
    check_stage_state,
    check_submission,
    check_table,
    is_int,
    mark_imported,
)
from tournament.archive.reader import READ_ERRORS, opened, read_error, records
from tournament.archive.rows import (
    BATCH,
    Accounts,
    RowReader,
    create_rows,
    fresh_tokens,
    restore_file,
    tournament_attname,
    user_list,
)
from tournament.archive.write import (
    FORMAT,
    MSG_FILES_OBJECT,
    MSG_IDS,
    MSG_INVALID,
    MSG_NO_TOURNAMENT,
    MSG_NOT_ARCHIVE,
    MSG_ORDER,
    MSG_ORDER_META,
    MSG_SLUG_EXISTS,
    MSG_UNREADABLE,
    MSG_VERSION,
    PARTS,
    VERSION,
    ArchiveError,
    Part,
    invalid,
)
from tournament.core.audit import log_action
from tournament.core.identity import link_event
from tournament.models import (
    AuditEntry,
    Pair,
    SignUp,
    Stage,
    Submission,
    Table,
    Tournament,
)
from tournament.standings.selectors import ruleset
from tournament.text.messages.audit import MSG_AUDIT_IMPORT_ARCHIVE

PART_BY_KEY = {p.key: p for p in PARTS}


@dataclass
class ImportResult:
    tournament: Tournament
    created_users: list[str] = field(default_factory=list)
    ignored_fields: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


class _Import:
    """One import, fed record by record (see :mod:`tournament.archive.reader`)."""

    def __init__(
        self, *, slug: str | None, owner, actor: str, map_users: bool, log: bool = True
    ) -> None:
        self.slug, self.owner, self.actor, self.log = slug, owner, actor, log
        self.meta: dict[str, Any] = {}
        self.users = Accounts(map_users=map_users, owner_given=owner is not None)
        self.reader = RowReader(self.users)
        self.result: ImportResult | None = None
        self.part: Part | None = None
        self.batch: list[dict] = []
        self.ids: set[int] = set()
        self.number = 0  # rows of the current part so far
        self.rules = None

    def feed(self, key: str, value: Any) -> None:
        part = PART_BY_KEY.get(key)
        if part is None:
            if self.result is not None and key in ("tournament", "users", "files"):
                raise invalid(MSG_ORDER_META, key=key)
            self.meta[key] = value
            return
        if self.result is None:
            self.start()
        if part is not self.part:
            self.next_part(part)
        row_id = value.get("id")
        if not is_int(row_id) or row_id in self.ids:
            raise invalid(MSG_IDS, key=key)
        self.ids.add(row_id)
        self.batch.append(value)
        if len(self.batch) >= BATCH:
            self.flush()

    def next_part(self, part: Part) -> None:
        if self.part is not None and PARTS.index(part) < PARTS.index(self.part):
            raise invalid(MSG_ORDER, key=part.key, after=self.part.key)
        self.flush()
        self.part, self.ids, self.number = part, set(), 0
        self.result.counts.setdefault(part.key, 0)

    def start(self) -> None:
        """The header checked, the accounts and the tournament made (before any row)."""
        if self.meta.get("format") != FORMAT:
            raise ArchiveError(MSG_NOT_ARCHIVE)
        version = self.meta.get("version")
        if not is_int(version) or version > VERSION:
            raise ArchiveError(MSG_VERSION, version=version, supported=VERSION)
        row = self.meta.get("tournament")
        if not isinstance(row, dict):
            raise invalid(MSG_NO_TOURNAMENT)
        if not isinstance(self.meta.get("files", {}), dict):
            raise invalid(MSG_FILES_OBJECT)
        row = dict(row, slug=self.slug or row.get("slug", ""))
        if Tournament.objects.filter(slug=row["slug"]).exists():
            raise ArchiveError(MSG_SLUG_EXISTS, slug=row["slug"])
        names = user_list(self.meta.get("users", []))
        if self.owner is None and isinstance(row.get("organizer"), str):
            names.add(row["organizer"])
        elif self.owner is not None:
            names.discard(row.get("organizer"))  # resolved later only if a row names it
        self.users.declare(names)
        tournament = _new_tournament(self, row)
        self.reader.new[Tournament] = {1: tournament.pk}
        self.result = ImportResult(tournament, self.users.created)
        self.rules = ruleset(tournament)

    def flush(self) -> None:
        """Check and save the rows of the current part gathered so far."""
        if not self.batch:
            return
        rows, self.batch = self.checked(self.batch), []
        model = self.part.model
        values = [self.reader.values(model, r) for r in rows]
        link = tournament_attname(model)
        if link:
            for row_values in values:
                row_values[link] = self.result.tournament.pk
        if model is SignUp:
            fresh_tokens(values)
        keys = create_rows(model, values, rows)
        new = self.reader.new.setdefault(model, {})
        new.update((r["id"], key) for r, key in zip(rows, keys, strict=True))
        self.result.counts[self.part.key] += len(keys)

    def checked(self, rows: list[dict]) -> list[dict]:
        """The checks that need the rules or the other rows (numbered as in the file)."""
        model, first = self.part.model, self.number + 1
        self.number += len(rows)
        numbered = list(enumerate(rows, start=first))
        if model is Table:
            for number, row in numbered:
                check_table(row, self.rules, number)
        elif model is Stage:
            pair_ids = set(self.reader.new.get(Pair, {}))
            for number, row in numbered:
                check_stage_state(row.get("state") or {}, pair_ids, number)
        elif model is Submission:
            for number, row in numbered:
                check_submission(row, number)
        elif model is AuditEntry:
            exported = self.meta.get("exported_at")
            when = parse_datetime(exported) if isinstance(exported, str) else None
            for number, row in numbered:
                check_audit(row, when, number)
            rows = [mark_imported(row) for row in rows]
        return rows

    def finish(self) -> ImportResult:
        if self.result is None:
            self.start()
        self.flush()
        result = self.result
        result.ignored_fields = sorted(self.reader.ignored)
        if not self.log:  # the caller records the import in its own words (the exchange file)
            return result
        log_action(
            tournament=result.tournament,
            action="archive.import",
            obj=result.tournament,
            label=self.actor,
            summary=Message(
                MSG_AUDIT_IMPORT_ARCHIVE, {"slug": self.meta["tournament"].get("slug", "")}
            ),
        )
        return result


def _new_tournament(job: _Import, row: dict) -> Tournament:
    """The archived tournament saved here, under ``slug`` when given, with its times."""
    if job.owner is not None:
        row.pop("organizer", None)
    tournament = job.reader.instance(Tournament, row)
    if job.owner is not None:
        tournament.organizer = job.owner
    restore_file(tournament, job.meta.get("files", {}))
    try:
        tournament.full_clean()
    except ValidationError as exc:
        raise ArchiveError(MSG_INVALID, error="；".join(exc.messages)) from None
    tournament.save()
    times = {
        name: tournament._meta.get_field(name).to_python(row.get(name)) or getattr(tournament, name)
        for name in ("created_at", "updated_at")
    }
    Tournament.objects.filter(pk=tournament.pk).update(**times)
    return tournament


def dict_records(archive: dict) -> Iterator[tuple[str, Any]]:
    """An archive in memory as the records a file gives (its parts after the rest)."""
    if not isinstance(archive, dict):
        raise ArchiveError(MSG_NOT_ARCHIVE)
    check_shape(archive)
    for key, value in archive.items():
        if key not in PART_BY_KEY:
            yield key, value
    for part in PARTS:
        for row in archive.get(part.key, []):
            yield part.key, row


IMPORT_ERRORS = (
    IntegrityError,
    DataError,
    KeyError,
    TypeError,
    ValueError,
    ValidationError,
    OverflowError,
)


def _run(source: Iterator[tuple[str, Any]], **options) -> ImportResult:
    """Feed the records to one import inside one transaction; any error rolls it all back
    and is raised as :class:`ArchiveError`."""
    try:
        with transaction.atomic():
            job = _Import(**options)
            for key, value in source:
                job.feed(key, value)
            result = job.finish()
            link_event(result.tournament)  # its players' persons, by the identity rule
            return result
    except ArchiveError:
        raise
    except READ_ERRORS as exc:
        raise read_error(exc) from None
    except IMPORT_ERRORS as exc:
        message = "；".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)
        raise ArchiveError(MSG_INVALID, error=message) from None


def import_archive(
    archive: dict,
    *,
    slug: str | None = None,
    owner=None,
    actor: str = "cli",
    map_users: bool = False,
    log: bool = True,
) -> ImportResult:
    """Create the archived tournament (an archive in memory) here; raise
    :class:`ArchiveError` on any problem, having saved nothing (not even the user accounts
    created for it). ``log=False``: no audit line (the caller writes its own)."""
    options = {"slug": slug, "owner": owner, "actor": actor, "map_users": map_users, "log": log}
    return _run(dict_records(archive), **options)


def import_archive_file(
    source: str | Path | BinaryIO,
    *,
    slug: str | None = None,
    owner=None,
    actor: str = "cli",
    map_users: bool = False,
) -> ImportResult:
    """Create the tournament of an archive file (``.json.gz`` or ``.json``, a path or a
    binary file) here, reading it as a stream; all of it or nothing, as
    :func:`import_archive`."""
    options = {"slug": slug, "owner": owner, "actor": actor, "map_users": map_users}
    try:
        with opened(source) as open_stream:
            return _run(records(open_stream), **options)
    except OSError as exc:
        if isinstance(exc, READ_ERRORS):
            raise read_error(exc) from None
        raise ArchiveError(MSG_UNREADABLE, error=str(exc.strerror or exc)) from None
