"""Locking a table for a write, the checks every write makes (rights, round, version) and the
write itself (save_match: the table, its audit line, the round's status).

Vocabulary
----------
actor
    Who acted, as the audit log names them: ``table:EW`` for a side of the table, else the
    account or the source (``import``, ``cli``).
version
    Every save increments ``Table.version``; a save based on an older version is refused
    (:class:`StaleResult`) with the values now stored, so nothing is overwritten silently.
ruled
    A table locked by :func:`lock_match` whose write the rule allowed
    (:func:`require_write`, the rule itself in :mod:`tournament.results.write_rule`).
    :func:`save_match` writes only a ruled table, inside the transaction that locked it:
    a write path that forgot the rule fails at its first save (:class:`UnruledWrite`).
"""

from __future__ import annotations

from django.db import transaction

from rules import RuleError, normalize_step
from rules.messages import Message
from tournament.core import milestones
from tournament.core.accounts import actor_label
from tournament.core.actors import Actor
from tournament.core.audit import audit_entry, log_entries
from tournament.core.errors import NotAllowed, Refused, ServiceError, Stale
from tournament.core.prepared import Prepared
from tournament.core.rights import CHIEF_REFEREE, REFEREE, has_role, referee_tables
from tournament.core.round_actions import problem
from tournament.models import AuditEntry, Round, Table, table_guard
from tournament.models.table_guard import UnruledWrite
from tournament.results import write_rule
from tournament.results.checks import ResultValues
from tournament.results.round_status import refresh_round_status
from tournament.results.sides import TABLE_SOURCES, actor_name, printed_by
from tournament.results.write_rule import Decision

# Message codes (texts in tournament/text/messages/services.py).
MSG_STALE = "stale"
MSG_NO_RIGHT = "no_right"
MSG_BYE = "bye"
MSG_NOT_YOUR_TABLE = "not_your_table"
MSG_REFEREE_STEPS = "referee_steps_kept"
MSG_SELF_CONFIRM = "self_confirm"
MSG_NOTHING_TO_CONFIRM = "nothing_to_confirm"


class StaleResult(Stale):
    """The match changed since the form was loaded; ``current`` is what is stored now."""

    def __init__(self, table: Table):
        super().__init__(MSG_STALE)
        self.table = table
        self.current = values_of(table)


def values_of(table: Table) -> ResultValues:
    return ResultValues.of(table)


def snapshot(table: Table) -> dict:
    """Result, state and sheet of a match, for the audit log."""
    data = values_of(table).as_dict()
    data.update(state=table.state, version=table.version, mode=table.mode)
    if table.deals:
        data["deals"] = table.deals
    return data


def table_audit(
    table: Table,
    *,
    by: Actor,
    action: str,
    summary: Message,  # tournament.text.messages.audit
    before: dict,
    extra_after: dict | None = None,
) -> AuditEntry:
    """A table's audit line, not yet saved: who acted, its snapshot before and now."""
    return audit_entry(
        tournament=table.round.tournament,
        by=by,
        action=action,
        obj=table,
        summary=summary,
        before=before,
        after={**snapshot(table), **(extra_after or {})},
        label=_actor(table, by),
    )


def _actor(table: Table, by: Actor) -> str:
    """:func:`actor_of`, and for a side acting through a printed slip, who printed it."""
    printer = printed_by(by, table)
    actor = actor_of(by.user, by.path)
    return f"{actor} slip:{printer}" if printer else actor


def save_table(
    table: Table,
    *,
    by: Actor,
    action: str,
    before: dict,
    summary: Message,  # tournament.text.messages.audit
    extra_after: dict | None = None,
) -> Table:
    """Save a table changed under :func:`lock_match` (its version moves on), with its audit
    line, and bring the round's status up to date. Only a table the rule allowed this write
    (:func:`require_write`, :func:`check_ruled`). A table's result is not public until its
    round is locked (no public stamp moves); the write may start the interval backup."""
    check_ruled(table)
    table.version += 1
    table.save()
    entry = table_audit(
        table, by=by, action=action, summary=summary, before=before, extra_after=extra_after
    )
    log_entries(table.round.tournament, [entry])
    milestones.backup_after_commit()  # the interval backup, when one is due
    refresh_round_status(table.round)
    return table


def set_values(table: Table, values: ResultValues) -> None:
    for name, value in values.as_dict().items():
        setattr(table, name, value)


# Every save runs these two: compiled once (tournament/core/prepared.py), always run inside
# the save's transaction (the FOR UPDATE needs one). The pairs come along with the table: the
# audit summary names them (Table.__str__), one query, not three.
LOCK_ROUND = Prepared(
    lambda pk: (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").filter(pk=pk)
    ),
    int,
)
LOCK_TABLE = Prepared(
    lambda pk: (
        Table.objects.select_for_update(of=("self",)).select_related("ew", "ns").filter(pk=pk)
    ),
    int,
)


def lock_table(table: Table, version: int | None) -> Table:
    """Lock the round, then the match, and check the version the user saw.

    Always in this order (the round first) so that locking a round and saving one of its
    tables cannot interleave: a save either lands before the lock or sees the round locked.
    """
    round_ = LOCK_ROUND.one(table.round_id)
    current = LOCK_TABLE.one(table.pk)
    if round_ is None or current is None:
        raise Table.DoesNotExist  # deleted meanwhile (as the ORM's get would say)
    current.round = round_
    if version is not None and current.version != version:
        raise StaleResult(current)
    if current.ns_id is None:
        raise Refused(MSG_BYE)
    return current


SHELL_SOURCES = ("import", "cli")  # the command line: whoever runs it has the server
PIN_PROBLEMS = ("pin_wrong", "pin_locked")  # tournament.results.sides: MSG_PIN, MSG_PIN_LOCKED
RULED = "_write_rule"  # the attribute of a locked match that holds the rule's decision


def actor_kind(table: Table, by: Actor, *, pin_problem: str | None = None) -> str:
    """Who writes, as :mod:`~tournament.results.write_rule` sees them (its ``ACTORS``).

    A side of the table acts through its code (checked by the view): ``side_pin`` when it
    gave its right PIN or none was asked (``pin_problem`` None), else ``side``. Anybody
    else with an account by their role in the event, a referee with assigned tables
    ``elsewhere`` at the others. Without an account, only the command line
    (``import``/``cli``)."""
    user, source = by.user, by.path
    if source in TABLE_SOURCES:
        return write_rule.SIDE if pin_problem else write_rule.SIDE_PIN
    if not is_real(user):
        return write_rule.SHELL if source in SHELL_SOURCES else write_rule.OUTSIDER
    tournament = table.round.tournament
    if has_role(user, tournament, CHIEF_REFEREE):
        return write_rule.CHIEF
    if not has_role(user, tournament, REFEREE):
        return write_rule.OUTSIDER
    tables = referee_tables(user, tournament)
    if tables is not None and table.number not in tables:
        return write_rule.ELSEWHERE
    return write_rule.REFEREE


def entry_path(source: str) -> str:
    """The rule's path of a final-levels entry from ``source``: a side's slip, a clerk's
    import (web or command line), else the staff's form."""
    if source in TABLE_SOURCES:
        return write_rule.SLIP
    if source in SHELL_SOURCES:
        return write_rule.IMPORT
    return write_rule.FORM


def drawn_by(user) -> str:
    """The source of a draw's writes (the check-in forfeits): the staff's pages for an
    account, else the command line (``manage.py pair``)."""
    return "referee" if is_real(user) else "cli"


def scoresheet_path(source: str) -> str:
    return write_rule.PLAYER_SHEET if source in TABLE_SOURCES else write_rule.SHEET


def write_decision(
    table: Table, by: Actor, path: str, *, pin_problem: str | None = None
) -> tuple[str, Decision]:
    """(the actor's kind, the rule's decision) for this write to ``match`` now: refused while
    the round takes no results, else :func:`~tournament.results.write_rule.may_write`.
    Nothing is written; the pages ask it to show a button or not. The draw's paths
    (``write_rule.DRAFT_PATHS``) write only a draft round (``publish`` is possible only
    there), every other path a round that takes results."""
    kind = actor_kind(table, by, pin_problem=pin_problem)
    why = problem(table.round, "publish" if path in write_rule.DRAFT_PATHS else "enter")
    if why:
        return kind, Decision(write_rule.REFUSE, why)
    decision = write_rule.may_write(kind, path, table.state)
    if decision.msg in PIN_PROBLEMS and pin_problem:
        decision = Decision(write_rule.REFUSE, pin_problem)  # wrong, or too many tries
    return kind, decision


def refusal(table: Table, decision: Decision) -> ServiceError | None:
    """The error to raise or show for a refused decision (None when it is not one)."""
    if decision.verdict != write_rule.REFUSE:
        return None
    if decision.msg == MSG_NOT_YOUR_TABLE:
        return NotAllowed(MSG_NOT_YOUR_TABLE, table=table.number)
    if decision.msg == MSG_NO_RIGHT:
        return NotAllowed(MSG_NO_RIGHT)
    return Refused(decision.msg)


def require_write(
    table: Table, by: Actor, path: str, *, pin_problem: str | None = None
) -> tuple[str, Decision]:
    """The one check every write to a table makes, under :func:`lock_match`, before it
    writes: raises the refusal, else marks the locked table ruled for :func:`save_match`
    and returns (the actor's kind, the decision: ``write``, or ``keep`` for a late entry
    kept for the record, which the caller must not write)."""
    kind, decision = write_decision(table, by, path, pin_problem=pin_problem)
    error = refusal(table, decision)
    if error is not None:
        raise error
    setattr(table, RULED, (path, decision))
    if decision.writes:
        table_guard.rule(table.pk)  # the model's net (Table.save, update) lets it through
    return kind, decision


def check_ruled(table: Table) -> None:
    """Raise :class:`UnruledWrite` unless the rule allowed a write to this locked table, in
    the transaction that holds it (:func:`require_write`)."""
    ruled = getattr(table, RULED, None)
    if ruled is None or not ruled[1].writes:
        raise UnruledWrite(f"table {table.pk}: written without asking the rule ({ruled})")
    if not transaction.get_connection().in_atomic_block:
        raise UnruledWrite(f"table {table.pk}: written outside the transaction that locked it")


def check_referee(table: Table, by: Actor) -> None:
    """The table rights of every write that leaves the result alone (a photo, a slip's new
    PIN, the time a table passed A) and the first check of a lateness, whatever page or
    command it comes from: the rights part of :func:`actor_kind` (a side through its code,
    staff of the event, a referee with assigned tables only at those, without an account
    only the command line). A result's writes ask :func:`require_write`."""
    kind = actor_kind(table, by)
    if kind == write_rule.OUTSIDER:
        raise NotAllowed(MSG_NO_RIGHT)
    if kind == write_rule.ELSEWHERE:
        raise NotAllowed(MSG_NOT_YOUR_TABLE, table=table.number)


def actor_of(user, source: str) -> str:
    """Who acted, for the audit log: ``table:EW`` for a side, else the account or source."""
    side = actor_name(source)
    if side:
        return side
    if user is not None and user.is_authenticated:
        return actor_label(user)
    return source


def same_actor(table: Table, by: Actor) -> bool:
    """True when this person (or this side of the table) made the entry being confirmed.

    A logged-in user is the same actor whatever page they used (staff page or table link);
    two anonymous table actions are the same actor when they come from the same side.
    """
    if by.person is not None and table.entered_by_id == by.person.pk:
        return True
    return by.path in TABLE_SOURCES and table.entered_via == by.path


def confirm_problem(
    table: Table, by: Actor, *, pin_problem: str | None = None
) -> ServiceError | None:
    """Who may confirm an entered table, for every page and service (a table's confirm
    button, 确认全部已录入, ``import_results --lock``); ``None`` when this person (or side)
    may, else the refusal to raise or show. The rule's ``confirm`` path
    (:func:`write_decision`; a side's PIN problem, when it is known, refuses), then:

    Two people see every result (四眼原则), with one exception: the chief referee (or the
    organizer, who has the chief's rights) rules on every table anyway, so an entry the
    chief made is confirmed by the chief's own, separate act (the confirm button or
    确认全部已录入), and a chief running a round alone is never stuck. Any other referee, and
    a side of the table, never confirms their own entry.
    """
    kind, decision = write_decision(table, by, write_rule.CONFIRM, pin_problem=pin_problem)
    if decision.msg in PIN_PROBLEMS:
        # Never a hint about the PIN to the side that entered: it may not confirm at all.
        if same_actor(table, by):
            return Refused(MSG_SELF_CONFIRM)
        return refusal(table, decision)
    if decision.verdict == write_rule.REFUSE:
        return refusal(table, decision)
    if same_actor(table, by) and kind != write_rule.CHIEF:
        return Refused(MSG_SELF_CONFIRM)
    return None


def is_chief(user, tournament) -> bool:
    """True for a logged-in account with the chief referee's rights in this event."""
    return is_real(user) and has_role(user, tournament, CHIEF_REFEREE)


def is_real(user) -> bool:
    """True for a logged-in account (not ``None``, not anonymous)."""
    return user is not None and user.is_authenticated


def _referee_step(step) -> bool:
    """Every step but a deal won: penalty, foul, warning, forfeit (lateness too) and time."""
    return not (isinstance(step, dict) and "win" in step)


def _canonical(step):
    try:
        return normalize_step(step)
    except RuleError:
        return step  # not a step at all: the sheet's own check refuses it


def check_player_steps(table: Table, steps: list, *, late: bool = False) -> None:
    """A side of the table (a player's link) may add and change only deals won: every
    referee step stays exactly as the referee wrote it, in the same line of the sheet, and
    no new one comes from a player. Asked wherever the rule's decision is ``deals_only``
    (the player's sheet, a side's late entry).

    A ``late`` sheet was made on an older sheet than the one stored: its referee steps
    must all be the stored sheet's own, in their order (the referee may have written more
    since); none may be new."""
    old = [_canonical(s) for s in table.deals or [] if _referee_step(s)]
    if late:
        stored = iter(old)
        if all(any(step == kept for kept in stored) for step in _referee_steps(steps)):
            return
        raise NotAllowed(MSG_REFEREE_STEPS)
    old_at = [(i, _canonical(s)) for i, s in enumerate(table.deals or []) if _referee_step(s)]
    new_at = [(i, _canonical(s)) for i, s in enumerate(steps) if _referee_step(s)]
    if old_at != new_at:
        raise NotAllowed(MSG_REFEREE_STEPS)


def _referee_steps(steps: list) -> list:
    return [_canonical(s) for s in steps if _referee_step(s)]
