"""Entering, confirming and correcting table results: transactions, versions, audit.

Vocabulary
----------
entry
    One person's result for a table (a :class:`~tournament.models.Submission`): a referee,
    the chief referee, a clerk's import, or a side of the table through its link.
confirmation
    A second person agreeing with the entry: the chief referee, another referee, or the
    other side of the table. Nobody confirms their own entry: the server refuses it.
dispute (争议)
    Two entries that differ. The first stays until the chief referee rules.
version
    Every save increments ``Table.version``; a save based on an older version is refused
    (:class:`StaleResult`) with the values now stored, so nothing is overwritten silently.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournament.core.actors import Actor
from tournament.core.errors import Refused
from tournament.models import Round, Table
from tournament.results import write_rule
from tournament.results.checks import ResultValues, result_from_deals, scoresheet_state
from tournament.results.pace import record_line_times
from tournament.results.scoresheet_fouls import check_foul_steps
from tournament.results.sides import (
    MSG_USE_CONFIRM,
    TABLE_SOURCES,
    SideRefused,
    check_side_confirmation,
    side_pin_problem,
)
from tournament.results.table_write import (
    actor_of,
    check_player_steps,
    confirm_problem,
    entry_path,
    is_real,
    lock_table,
    require_write,
    same_actor,
    save_table,
    scoresheet_path,
    set_values,
    snapshot,
    values_of,
)
from tournament.standings.selectors import ruleset
from tournament.text.messages.audit import (
    MSG_AUDIT_CONFIRMED,
    MSG_AUDIT_DISPUTED,
    MSG_AUDIT_ENTERED,
    MSG_AUDIT_RULED,
    MSG_AUDIT_SHEET_STEP,
    about_table,
)

# Message codes (texts in tournament/text/messages/services.py).
MSG_KNOCKOUT_DRAW = "knockout_draw"
MSG_NO_SUCH_ENTRY = "no_such_entry"
MSG_ENTRY_UNFINISHED = "entry_unfinished"
MSG_SHEET_CLOSED = "sheet_closed"
OPEN_STATUSES = (Round.PUBLISHED, Round.IN_PLAY, Round.ENTERED, Round.CONFIRMED)


def enter_result(
    table: Table,
    values: ResultValues,
    *,
    version: int | None,
    by: Actor,
    deals: list | None = None,
    path: str | None = None,
) -> Table:
    """Enter a table's result (checked already, see :mod:`tournament.results.checks`) by the
    actor ``by``, by the rule's ``path`` (:mod:`~tournament.results.write_rule`; by default
    the one of ``by.path``: :func:`~tournament.results.table_write.entry_path`).

    The first entry sets the result. A second, different person entering the same result
    confirms it; a different result makes a dispute and changes nothing else. The same
    person may correct their own entry until someone confirms it. With confirmation
    switched off, an entry is confirmed at once. Returns the match; its ``state`` tells
    the caller which of these happened (``disputed`` included: not an error, it is saved).

    ``enter_result`` runs in the caller's transaction, for a caller whose own transaction
    ends with any refusal anyway (:func:`tournament.results.entry.record_final`): no savepoint,
    two round trips fewer under the round's lock. Everyone else calls :func:`submit_result`.
    """
    table = lock_table(table, version)
    kind, _decision = require_write(table, by, path or entry_path(by.path))
    check_knockout_winner(table, values)
    before = snapshot(table)
    table.submissions.create(values=values.as_dict(), submitted_by=by.person, source=by.path)
    is_chief = kind == write_rule.CHIEF
    if table.state == Table.DISPUTED:
        if is_chief:
            return _rule(table, values, by=by, before=before)
        # A disputed table waits for the chief referee: further entries are kept on file.
        return save_dispute(table, by=by, before=before)
    # A confirmed table reaches here only by the chief's act (the rule refuses the others).
    others_entry = table.state == Table.ENTERED and not same_actor(table, by)
    if others_entry and values_of(table) != values:
        # Not an error to roll back: the dispute itself must be saved for the chief referee.
        table.state = Table.DISPUTED
        return save_dispute(table, by=by, before=before)
    if others_entry and by.path in TABLE_SOURCES:
        raise Refused(MSG_USE_CONFIRM)  # a side confirms with its PIN, never by re-entry
    if others_entry:
        return _confirm(table, by=by, before=before)
    enter_on(table, values, by=by, deals=deals, before=before)
    return save_table(
        table,
        by=by,
        action="result.enter",
        before=before,
        summary=about_table(MSG_AUDIT_ENTERED, table),
    )


# In its own transaction, or a savepoint of the caller's: a caller that goes on after a
# refusal (a sheet's rows, each refused on its own) keeps what came before.
submit_result = transaction.atomic(enter_result)


def enter_on(table: Table, values: ResultValues, *, by: Actor, deals, before: dict) -> None:
    """Store a new entry on the match (not saved): entered, or confirmed at once."""
    set_values(table, values)
    if deals is not None:
        table.deals = deals
        table.mode = "deals"
    table.entered_by = by.person
    table.entered_via = by.path
    table.entered_at = timezone.now()
    table.confirmed_by, table.confirmed_via, table.confirmed_at = None, "", None
    table.state = Table.ENTERED
    confirmation = table.round.tournament.confirmation_required
    if not confirmation or before["state"] == Table.CONFIRMED:
        # No second check wanted, or a chief referee's correction (only they reach here).
        mark_confirmed(table, by.user, "")


def save_dispute(table: Table, *, by: Actor, before: dict, extra: dict | None = None) -> Table:
    """Save the dispute; the audit log keeps every entry's values (who, via, when), and
    ``extra`` (a late phone entry's sheet, say) beside them."""
    entries = [
        {
            "by": actor_of(s.submitted_by, s.source),
            "via": s.source,
            "at": s.created_at.isoformat(),
            "values": s.values,
        }
        for s in dispute_entries(table)
    ]
    return save_table(
        table,
        by=by,
        action="result.dispute",
        before=before,
        summary=about_table(MSG_AUDIT_DISPUTED, table),
        extra_after={"entries": entries, **(extra or {})},
    )


def dispute_entries(table: Table) -> list:
    """The entries in dispute, oldest first: the one stored, then each different one.

    The stored entry is the latest submission with the stored values made before the
    dispute began; every later submission is part of the dispute, one per person and path
    (a person's newer entry replaces their older one).
    """
    subs = list(table.submissions.select_related("submitted_by").order_by("created_at", "pk"))
    stored = values_of(table).as_dict()
    first = 0
    for i, sub in enumerate(subs):
        if sub.values == stored and (
            table.entered_at is None or sub.created_at <= table.entered_at
        ):
            first = i
    latest: dict = {}
    for sub in subs[first:]:
        latest.pop((sub.submitted_by_id, sub.source), None)
        latest[(sub.submitted_by_id, sub.source)] = sub
    return list(latest.values())


def check_knockout_winner(table: Table, values: ResultValues) -> None:
    """A knockout table needs a winner (a decider after a draw), unless both pairs forfeit."""
    if table.bracket_id and not values.winner and values.forfeit != "both":
        raise Refused(MSG_KNOCKOUT_DRAW)


def mark_confirmed(table: Table, user, via: str) -> None:
    table.state = Table.CONFIRMED
    table.confirmed_by = user if is_real(user) else None
    table.confirmed_via = via
    table.confirmed_at = timezone.now()


def _confirm(table: Table, *, by: Actor, before: dict, pin_problem: str | None = None) -> Table:
    """The one path to a table confirmed by a second person, whichever way in: the confirm
    button (:func:`confirm_result`) or a second, identical entry (:func:`submit_result`).
    The rule of who may (:func:`~tournament.results.table_write.confirm_problem`), a side's
    PIN and gap, then the confirmation and its audit line (``result.confirm``)."""
    refusal = confirm_problem(table, by, pin_problem=pin_problem)
    if refusal is not None:
        raise refusal
    require_write(table, by, write_rule.CONFIRM, pin_problem=pin_problem)
    try:
        check_side_confirmation(table, by, pin_problem)  # the gap
    except SideRefused as exc:
        raise Refused(exc.msg) from None
    mark_confirmed(table, by.user, by.path)
    return save_table(
        table,
        by=by,
        action="result.confirm",
        before=before,
        summary=about_table(MSG_AUDIT_CONFIRMED, table),
    )


def confirm_result(
    table: Table,
    *,
    version: int | None,
    by: Actor,
    pin: str | None = None,
) -> Table:
    """Confirm the entered result, as :func:`~tournament.results.table_write.confirm_problem`
    allows (not the person or side who entered it, unless the chief referee).

    A side of the table also needs its PIN and must respect the gap after an entry from
    the same address (:mod:`tournament.results.sides`). The PIN is checked first,
    outside the table's transaction: a wrong one stays counted.
    """
    pin_problem = side_pin_problem(table, by.path, pin)
    return _confirm_locked(table, version=version, by=by, pin_problem=pin_problem)


@transaction.atomic
def _confirm_locked(table: Table, *, version, by: Actor, pin_problem) -> Table:
    table = lock_table(table, version)
    before = snapshot(table)
    return _confirm(table, by=by, before=before, pin_problem=pin_problem)


@transaction.atomic
def resolve_dispute(
    table: Table,
    values: ResultValues,
    *,
    version: int | None,
    by: Actor,
    path: str | None = None,
) -> Table:
    """The chief referee's ruling on a disputed table, or correction of any other: final
    and confirmed (the rule's ``ruling`` or ``correction`` path, unless ``path`` says)."""
    table = lock_table(table, version)
    if path is None:
        path = write_rule.RULING if table.state == Table.DISPUTED else write_rule.CORRECTION
    require_write(table, by.via("referee"), path)
    check_knockout_winner(table, values)
    return _rule(table, values, by=by, before=snapshot(table))


@transaction.atomic
def pick_entry(table: Table, submission_id, *, version: int | None, by: Actor) -> Table:
    """The chief referee settles a dispute by choosing one of the entries on file."""
    submission = table.submissions.filter(pk=_int_or_none(submission_id)).first()
    if submission is None:
        raise Refused(MSG_NO_SUCH_ENTRY)
    values = ResultValues(**submission.values)
    if values.unfinished:  # the levels so far of a sheet in play: no result to adopt
        raise Refused(MSG_ENTRY_UNFINISHED)
    return resolve_dispute(table, values, version=version, by=by, path=write_rule.RULING)


def _int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _rule(table: Table, values: ResultValues, *, by: Actor, before: dict) -> Table:
    """Set and confirm a result on the chief referee's authority (audited as a ruling)."""
    set_values(table, values)
    if not table.entered_by_id:
        table.entered_by, table.entered_via, table.entered_at = by.user, "chief", timezone.now()
    mark_confirmed(table, by.user, "chief")
    return save_table(
        table,
        by=by,
        action="result.ruling",
        before=before,
        summary=about_table(MSG_AUDIT_RULED, table),
    )


def levels_so_far(state) -> ResultValues:
    """An unfinished sheet's levels and fouls (its :func:`scoresheet_state`), as stored values."""
    return ResultValues(
        ew_level=state.ew, ns_level=state.ns, ew_fouls=state.fouls.ew, ns_fouls=state.fouls.ns
    )


@transaction.atomic
def save_scoresheet(
    table: Table,
    steps: list,
    *,
    version: int | None,
    by: Actor,
    allow_fouls: bool = False,
    path: str | None = None,
) -> Table:
    """Save a deal-by-deal score sheet after every deal; a finished sheet enters the result.

    Refused as a whole when any step breaks the rules, so the stored sheet is always valid.
    Who may, in which state: the rule's ``path`` (by default the staff's or the player's
    sheet: :func:`~tournament.results.table_write.scoresheet_path`; the foul log passes its own).
    A player's version may only add or change deals won (``check_player_steps``). Fouls and
    warnings come only through the foul log (``record_foul``, ``allow_fouls``).
    """
    locked = lock_table(table, version)
    path = path or scoresheet_path(by.path)
    _kind, decision = require_write(locked, by, path)
    if locked.state == Table.ENTERED and not same_actor(locked, by):
        raise Refused(MSG_SHEET_CLOSED)  # an entered sheet is its maker's until confirmed
    if decision.deals_only:
        check_player_steps(locked, steps)
    check_foul_steps(locked, steps, allow_fouls)
    record_line_times(locked, steps)
    rules = ruleset(locked.round.tournament)
    values = result_from_deals(rules, steps)
    if values is not None:
        return submit_result(
            locked,
            values,
            version=locked.version,
            by=by,
            deals=steps,
            path=path,
        )
    state = scoresheet_state(rules, steps)
    before = snapshot(locked)
    locked.deals = steps
    locked.mode = "deals"
    locked.state = Table.IN_PLAY if steps else Table.EMPTY
    set_values(locked, levels_so_far(state))
    locked.entered_by = by.person
    locked.entered_via = by.path
    return save_table(
        locked,
        by=by,
        action="result.sheet",
        before=before,
        summary=about_table(MSG_AUDIT_SHEET_STEP, locked, n=len(steps)),
    )
