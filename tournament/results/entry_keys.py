"""Entries kept on a phone and sent with their own key: applied once, a late conflict filed
as a dispute, a late entry on a confirmed table kept for the record (see
:mod:`tournament.models.offline` for the key, made-at and arrived-at).

Vocabulary
----------
phone entry
    What a request says about the entry it carries: its key, when the phone made it, when
    it arrived, and whether it is *late*.
late entry
    An entry the phone kept and sent by itself once the network came back (``offline=1``):
    nobody is looking at the form when it arrives, so a stale version cannot be answered
    "check and submit again". What it may do is the rule's ``late`` path
    (:mod:`tournament.results.write_rule`). If the table now holds the same content, the
    entry is already there; a confirmed table is never changed by it: the entry is *kept*
    (shown to the chief referee as 确认后到达, no dispute); if the table holds an
    unconfirmed entry of the same person, the entry corrects it (as that person may);
    anything else is a conflict, filed as a dispute for the chief referee with both
    entries kept. A person or side has at most one entry in a table's open dispute: a
    further late entry of theirs is kept, not filed. Before anything is kept or filed the
    entry is checked as its save would check it (:func:`check_late_scoresheet`; a final-levels
    entry by its form), and a table keeps at most :data:`MAX_KEPT` entries of one sender.
resumed sheet
    A late deal-by-deal sheet whose steps begin with every step the table holds, on a
    table still in play (after a crash and a restored backup the laptop holds fewer deals
    than the phone): the deals the server has are matched, the rest appended, and play
    goes on (outcome ``applied``). Not a conflict: nothing the table holds is contradicted.
outcome
    ``applied`` (saved as sent), ``same`` (the table held it already), ``conflict`` (filed
    as a dispute), ``kept`` (kept for the record only, its payload says why,
    :data:`KEPT_WHY`; the table's audit log has a line of it, ``result.kept``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from tournament.core.actors import Actor
from tournament.core.audit import log_entries
from tournament.core.errors import Invalid, Refused
from tournament.models import AppliedEntry, Table
from tournament.results import write_rule
from tournament.results.checks import ResultValues, scoresheet_state
from tournament.results.services import dispute_entries, save_dispute
from tournament.results.sides import TABLE_SOURCES
from tournament.results.table_write import (
    StaleResult,
    actor_of,
    check_player_steps,
    lock_table,
    require_write,
    same_actor,
    snapshot,
    table_audit,
    values_of,
)
from tournament.standings.selectors import ruleset
from tournament.text.messages.audit import MSG_AUDIT_KEPT_AGAIN, MSG_AUDIT_KEPT_LATE, about_table

# Message codes (texts in tournament/text/messages/services.py).
MSG_KEY_BAD = "entry_key_bad"
MSG_MADE_AT_BAD = "made_at_bad"
MSG_KEY_REUSED = "entry_key_reused"
MSG_KEPT_FULL = "kept_full"  # n
MSG_LATE_SHEET_LONG = "late_sheet_long"  # n

# A key as phones make them: a UUID, or the fallback's letters, digits and dashes.
KEY_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{7,63}")
# A phone's clock may be off; a made-at time outside this window is not believed (kept as
# claimed, shown as such). A day back covers a phone left offline through a long day.
AHEAD = timedelta(minutes=5)
BEHIND = timedelta(hours=24)
LATE_VALUES = ("1", "true", "True", True)

APPLIED, SAME, CONFLICT = AppliedEntry.APPLIED, AppliedEntry.SAME, AppliedEntry.CONFLICT
KEPT = AppliedEntry.KEPT
# Why a late entry was kept and not filed (``payload["kept"]``).
AFTER_CONFIRMATION = "after_confirmation"  # 确认后到达
IN_DISPUTE = "in_dispute"  # its sender has an entry in the table's open dispute already
KEPT_WHY = (AFTER_CONFIRMATION, IN_DISPUTE)
# Kept entries of one sender (a person, or a side's link) at one table. Beyond them a late
# entry is refused with a message, not kept over the oldest: the first ones are the record
# nearest the play, and a refused entry stays on the phone with its message (outbox.js), so
# nothing is lost; a sender with a fourth version has something to tell the chief in person.
MAX_KEPT = 3
# The lines a late sheet may have: a round lasts at most rules.ruleset.MAX_TIME_LIMIT (600)
# minutes and a deal takes more than two, so a legal sheet, its referee lines included, is
# far shorter (a sheet of 100 deals is under 20 KB). Its lines, checked by the rules, are
# each a small canonical dict, so this also bounds the payload kept (under 20 KB).
MAX_LATE_STEPS = 400


@dataclass(frozen=True)
class PhoneEntry:
    key: str
    arrived_at: datetime
    made_at: datetime | None = None
    late: bool = False
    claimed: str = ""  # the phone's made-at when it was out of range (not believed)

    def audit(self) -> dict:
        """What the audit line keeps of it (``after["phone"]``)."""
        return {
            "key": self.key,
            "made_at": self.made_at.isoformat() if self.made_at else None,
            "arrived_at": self.arrived_at.isoformat(),
            "late": self.late,
            "claimed": self.claimed,
        }


def phone_entry(data: Mapping, now: datetime | None = None) -> PhoneEntry | None:
    """The entry a request carries (form fields or a JSON body); None without a key.

    >>> from datetime import timezone as tz
    >>> now = datetime(2026, 5, 1, 10, 0, tzinfo=tz.utc)
    >>> e = phone_entry({"entry_key": "k-12345678", "made_at": "2026-05-01T09:58:00Z"}, now)
    >>> (e.key, e.made_at.minute, e.late)
    ('k-12345678', 58, False)
    >>> phone_entry({"entry_key": "k-12345678", "made_at": "2020-01-01T00:00Z"}, now).claimed
    '2020-01-01T00:00Z'
    >>> phone_entry({"entry_key": ""}) is None
    True
    """
    raw = data.get("entry_key")
    if raw is None or raw == "":
        return None
    if not isinstance(raw, str) or not KEY_RE.fullmatch(raw):
        raise Invalid(MSG_KEY_BAD)
    now = now or timezone.now()
    made_at, claimed = made_at_of(data.get("made_at"), now)
    late = data.get("offline") in LATE_VALUES
    return PhoneEntry(raw, now, made_at, late, claimed)


def made_at_of(raw, now: datetime) -> tuple[datetime | None, str]:
    """(the time believed, the time claimed but not believed): junk is refused outright."""
    if raw is None or raw == "":
        return None, ""
    if not isinstance(raw, str) or len(raw) > 40:
        raise Invalid(MSG_MADE_AT_BAD)
    try:
        when = datetime.fromisoformat(raw)
    except ValueError:
        raise Invalid(MSG_MADE_AT_BAD) from None
    if when.tzinfo is None:  # a time without its zone means nothing certain
        raise Invalid(MSG_MADE_AT_BAD)
    if not now - BEHIND <= when <= now + AHEAD:
        return None, raw
    return when, ""


@dataclass
class Applied:
    """What one save did: the answer to give (again, to a repeat), its outcome, and for a
    conflict what the phone sent."""

    answer: dict
    outcome: str = APPLIED
    payload: dict | None = None


@transaction.atomic
def apply_once(
    table: Table, entry: PhoneEntry | None, kind: str, save: Callable[[], Applied]
) -> tuple[dict, bool]:
    """Run ``save`` once per entry key: (the answer, True when it is a repeat).

    The table is locked first (the round, then the match, as every save does), so two
    copies of one entry arriving together queue up; the second then finds the first's
    key, written in the same transaction as the save (:func:`repeat_answer`, :func:`remember`).
    """
    if entry is None:
        return save().answer, False
    table = lock_table(table, None)
    done = repeat_answer(table, entry, kind)
    if done is not None:
        return done, True
    applied = save()
    remember(table, entry, kind, applied)
    return applied.answer, False


def repeat_answer(table: Table, entry: PhoneEntry, kind: str) -> dict | None:
    """The answer given to this entry's key before (a repeat), or None; the table locked
    (:func:`~tournament.results.table_write.lock_match`). A key used at another table or
    for another kind of entry is refused."""
    done = AppliedEntry.objects.filter(
        tournament_id=table.round.tournament_id, key=entry.key
    ).first()
    if done is None:
        return None
    if done.table_id != table.pk or done.kind != kind:
        raise Refused(MSG_KEY_REUSED)
    return done.answer


def remember(table: Table, entry: PhoneEntry, kind: str, applied: Applied) -> None:
    """Keep the entry's key with what its save did, in the save's transaction."""
    try:
        with transaction.atomic():
            AppliedEntry.objects.create(
                tournament_id=table.round.tournament_id,
                key=entry.key,
                table=table,
                kind=kind,
                outcome=applied.outcome,
                answer=applied.answer,
                payload=applied.payload,
                made_at=entry.made_at,
            )
    except IntegrityError:  # the same key at another table at the same moment
        raise Refused(MSG_KEY_REUSED) from None


def saved_late(
    entry: PhoneEntry | None,
    save: Callable[[int | None], Table],
    version: int | None,
    *,
    same: Callable[[Table], bool],
    values: Callable[[], ResultValues],
    by: Actor,
    correct: bool = False,
    extra: dict | None = None,
    steps: list | None = None,
    table: Table | None = None,
    resume: Callable[[Table], bool] | None = None,
    check: Callable[[Table], object] | None = None,
) -> tuple[Table, str]:
    """``save(version)``, and its outcome. A stale version is refused as always, unless the
    entry is late (see the module doc), or, for a late entry, a refusal of the ``match``
    it was made for when that table is confirmed: then the rule's ``late`` path decides
    (:func:`~tournament.results.table_write.require_write`: refused, kept or written);
    ``same(stored match)`` says it is there already, a confirmed table keeps it for the
    record, an own unconfirmed entry is corrected (``correct``), else a conflict is filed
    with the phone's ``values()`` (a side's ``steps``, a sheet, only with the stored
    sheet's referee steps). Before any of these the entry is checked as its save would
    check it: a sheet's ``steps`` by :func:`check_late_scoresheet`, anything else by
    ``check(stored match)`` (a final-levels entry: its early time; its form checked it).
    ``resume(stored match)``: the entry continues what the table holds (a *resumed
    sheet*): saved at the table's version."""
    if entry is None or not entry.late:
        return save(version), APPLIED  # a refusal ends the caller's whole transaction
    current, decision = _saved_or_ruled(save, version, table, by)
    if decision is None:
        return current, APPLIED
    if steps is not None:  # checked as its save would, before anything is kept or filed
        check_late_scoresheet(current, steps, deals_only=decision.deals_only)
    if check is not None:
        check(current)
    if same(current):
        return current, SAME
    if decision.verdict == write_rule.KEEP:
        check_room(current, by)
        return current, KEPT  # a confirmed table changes only by the chief's act
    if resume is not None and current.state in (Table.EMPTY, Table.IN_PLAY) and resume(current):
        return save(current.version), APPLIED  # save_scoresheet asks the rule for its own path
    if correct and current.state == Table.ENTERED and same_actor(current, by):
        return save(current.version), APPLIED
    if current.state == Table.DISPUTED and in_dispute(current, by):
        check_room(current, by)
        return current, KEPT  # at most one entry of each person or side in a dispute
    conflict = _file_conflict(current, values(), by=by, extra=extra)
    return conflict, CONFLICT


def _saved_or_ruled(
    save: Callable[[int | None], Table], version: int | None, table: Table | None, by: Actor
) -> tuple[Table, write_rule.Decision | None]:
    """``(the saved table, None)`` when a late entry's save goes through, else ``(the stored
    table, the rule's decision for a late entry on it)``, locked: after a stale version, or
    after a refusal of a confirmed table (made on a phone that saw it confirmed already)."""
    try:
        with transaction.atomic():  # a savepoint: the save may go on after a stale version
            return save(version), None
    except StaleResult as stale:
        current = stale.table  # locked: apply_once locked the table before the savepoint
    except Refused:
        current = lock_table(table, None) if table is not None else None
        if current is None or current.state != Table.CONFIRMED:
            raise
    _kind, decision = require_write(current, by, write_rule.LATE)
    return current, decision


def check_late_scoresheet(table: Table, steps: list, *, deals_only: bool) -> None:
    """Refuse a late sheet its save would refuse (``save_scoresheet``: a side's link adds only
    deals won, every line passes the rules), and one longer than :data:`MAX_LATE_STEPS`,
    with the same messages: nothing of it is kept or filed. Fouls are not compared with
    the stored sheet's, as the foul log may have grown since the phone's copy was made."""
    if len(steps) > MAX_LATE_STEPS:
        raise Invalid(MSG_LATE_SHEET_LONG, n=MAX_LATE_STEPS)
    if deals_only:
        check_player_steps(table, steps, late=True)
    scoresheet_state(ruleset(table.round.tournament), steps)


def check_room(table: Table, by: Actor) -> None:
    """Refuse to keep one more entry of this sender at this table past :data:`MAX_KEPT`."""
    sender = actor_of(by.user, by.path)
    kept = table.applied_entries.filter(outcome=KEPT).values_list("payload", flat=True)
    if sum(1 for p in kept if isinstance(p, dict) and p.get("by") == sender) >= MAX_KEPT:
        raise Refused(MSG_KEPT_FULL, n=MAX_KEPT)


def file_kept(current: Table, payload: dict, *, by: Actor) -> dict:
    """A late entry that changed nothing: its line in the table's audit log (who, when,
    what the phone sent; the table as it stays), and what its applied entry keeps: the
    phone's ``payload`` (``values`` or a sheet's ``steps``), why it was kept
    (:data:`KEPT_WHY`) and who sent it."""
    why = IN_DISPUTE if current.state == Table.DISPUTED else AFTER_CONFIRMATION
    sender, source = actor_of(by.user, by.path), by.path
    extra: dict = {"kept": why}
    if "values" in payload:
        at = timezone.now().isoformat()
        extra["entries"] = [{"by": sender, "via": source, "at": at, "values": payload["values"]}]
    else:
        extra["phone_deals"] = payload.get("steps") or []
    code = MSG_AUDIT_KEPT_AGAIN if why == IN_DISPUTE else MSG_AUDIT_KEPT_LATE
    stays = snapshot(current)
    line = table_audit(
        current,
        by=by,
        action="result.kept",
        summary=about_table(code, current),
        before=stays,
        extra_after=extra,
    )
    log_entries(current.round.tournament, [line])
    return {**payload, "kept": why, "by": sender, "via": source}


def in_dispute(table: Table, by: Actor) -> bool:
    """True when this person (a side: this side) has an entry in the table's dispute."""
    for sub in dispute_entries(table):
        if by.path in TABLE_SOURCES:
            if sub.source == by.path:
                return True
        elif by.person is not None and sub.submitted_by_id == by.person.pk:
            return True
    return False


def _file_conflict(table: Table, values: ResultValues, *, by: Actor, extra: dict | None) -> Table:
    """Put the table (locked, its late entry allowed by the rule) in dispute with both
    entries on file: the one stored and the phone's."""
    before = snapshot(table)
    stored = values_of(table).as_dict()
    if table.state != Table.EMPTY and not any(s.values == stored for s in table.submissions.all()):
        # A sheet in play has no entry on file yet: its levels so far are the stored entry.
        table.submissions.create(
            values=stored, submitted_by=table.entered_by, source=table.entered_via or "referee"
        )
    table.submissions.create(values=values.as_dict(), submitted_by=by.person, source=by.path)
    table.state = Table.DISPUTED
    return save_dispute(table, by=by, before=before, extra=extra)
