"""Confirming every entered table of a round at once: the chief referee's 确认全部已录入,
and ``import_results --lock`` on the command line.

Each table is confirmed as :func:`~tournament.results.services.confirm_result` confirms one
(the same checks, state, version and audit entry), but the round is written in a few
statements whatever its size, instead of a dozen a table: at 2,500 tables ten seconds on
SQLite and twenty-five on PostgreSQL, with the round locked against every referee's save.
The tables share one change number (one commit: a live page that has seen an earlier number
fetches them all).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from tournament.core import milestones
from tournament.core.actors import Actor
from tournament.core.audit import log_entries
from tournament.core.errors import NotAllowed, Refused
from tournament.core.rights import CHIEF_REFEREE, has_role
from tournament.core.round_actions import problem
from tournament.models import Round, Table
from tournament.models.rounds import next_change_seq
from tournament.results import write_rule
from tournament.results.round_status import refresh_round_status
from tournament.results.services import mark_confirmed
from tournament.results.table_write import (
    MSG_NO_RIGHT,
    confirm_problem,
    require_write,
    snapshot,
    table_audit,
)
from tournament.text.messages.audit import MSG_AUDIT_CONFIRMED, about_table

CHUNK = 500  # tables per UPDATE: well within every database's parameter limit


@transaction.atomic
def confirm_all_entered(round_: Round, *, by: Actor) -> int:
    """The chief referee confirms every entered table of the round; returns how many.

    The chief's own entries count too (the chief's own act confirms them, see
    :func:`~tournament.results.table_write.confirm_problem`); a table the rule refuses is
    left as it is, and the round's lock reason then names it."""
    round_ = _open_round(round_)
    if not has_role(by.user, round_.tournament, CHIEF_REFEREE):
        raise NotAllowed(MSG_NO_RIGHT)
    tables = [m for m in _entered(round_) if confirm_problem(m, by.via("referee")) is None]
    return confirm_tables(round_, tables, by=by.via("referee"))


@transaction.atomic
def confirm_imported(round_: Round, *, by: Actor) -> int:
    """Confirm every entered table: without an account (``by.user``) the command line
    acts with the chief referee's authority (its path ``cli``); with one, with that
    account's rights on the staff's path (the one rule,
    :func:`~tournament.results.table_write.confirm_problem`), refused as a whole when that
    account may not confirm a table."""
    round_ = _open_round(round_)
    by = by.via("referee") if by.person is not None else by
    tables = _entered(round_)
    for table in tables:
        refusal = confirm_problem(table, by)
        if refusal is not None:
            raise refusal
    return confirm_tables(round_, tables, by=by)


def _open_round(round_: Round) -> Round:
    """The round's row, locked (before its tables, as every result save does); refused
    while the round takes no results."""
    locked = (
        Round.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=round_.pk)
    )
    why = problem(locked, "enter")
    if why:
        raise Refused(why)
    return locked


def _entered(round_: Round) -> list[Table]:
    """The round's entered tables, locked, with their pairs (the audit lines name them) and
    the locked round (the rights check reads its event: no query a table)."""
    tables = list(
        round_.tables.select_for_update(of=("self",))
        .select_related("ew", "ns")
        .filter(state=Table.ENTERED)
        .exclude(ns=None)
        .order_by("number")
    )
    for table in tables:
        table.round = round_
    return tables


def confirm_tables(round_: Round, tables: list[Table], *, by: Actor) -> int:
    """Confirm ``matches`` (entered tables of the locked ``round_``, checked by
    ``confirm_problem``): how many. Each asks the rule's ``confirm`` path again as it is
    written (:func:`~tournament.results.table_write.require_write`)."""
    if not tables:
        return 0
    for table in tables:
        require_write(table, by, write_rule.CONFIRM)
    seq = next_change_seq(round_.pk)
    entries = []
    for table in tables:
        before = snapshot(table)
        mark_confirmed(table, by.user, by.path)
        table.version += 1
        table.change_seq = seq
        summary = about_table(MSG_AUDIT_CONFIRMED, table)
        entries.append(
            table_audit(
                table,
                by=by,
                action="result.confirm",
                summary=summary,
                before=before,
            )
        )
    first = tables[0]
    for start in range(0, len(tables), CHUNK):
        Table.objects.ruled([m.pk for m in tables[start : start + CHUNK]]).update(
            state=first.state,
            confirmed_by=first.confirmed_by,
            confirmed_via=first.confirmed_via,
            confirmed_at=first.confirmed_at,
            version=F("version") + 1,
            change_seq=seq,
        )
    log_entries(round_.tournament, entries)
    milestones.backup_after_commit()  # the interval backup, when one is due
    refresh_round_status(round_)
    return len(tables)
