"""Places by finishing time (docs/rules.md §5.5) for a stage with ``places_by_time``.

The referee (or the organizer) records the time each table passed A in the stage's last
round (``Table.passed_at``); when none is recorded for a table whose winner is at A+, the
time its result was entered stands in. The places themselves are
:func:`scoring.places.places_by_time`.
"""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from rules import level_index
from scoring.places import Finish, places_by_time
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.models import Round, Stage, Table
from tournament.models.result_values import PASSED_A
from tournament.results.table_write import check_referee
from tournament.text.messages.audit import MSG_AUDIT_PASSED_AT, about_table

# Message codes (texts in tournament/text/messages/services.py).
MSG_BAD_TIME = "bad_time"
MSG_NOT_BY_TIME = "not_by_time"


def last_round(stage: Stage) -> Round | None:
    return stage.round_set.order_by("-number").first()


def _passed_at(table: Table) -> dt.time | None:
    if table.passed_at is not None:
        return table.passed_at
    passed = PASSED_A in (table.ew_level, table.ns_level)
    if passed and table.entered_at is not None:
        return timezone.localtime(table.entered_at).time().replace(second=0, microsecond=0)
    return None


def stage_finishes(stage: Stage) -> list[tuple[Table, Finish]]:
    """Each decided table of the stage's last round with its finish."""
    round_ = last_round(stage)
    if round_ is None:
        return []
    out = []
    for m in round_.tables.exclude(ns=None).exclude(winner="").select_related("ew", "ns"):
        winner, loser = (m.ew, m.ns) if m.winner == "EW" else (m.ns, m.ew)
        level = m.ew_level if m.winner == "EW" else m.ns_level
        finish = Finish(winner.pk, loser.pk, _passed_at(m), level_index(level) if level else 0)
        out.append((m, finish))
    return out


def stage_places(stage: Stage) -> list[tuple[int, int]]:
    """(place, pair id) of the stage's last round, by finishing time."""
    return places_by_time([finish for _, finish in stage_finishes(stage)])


def parse_time(text: str) -> dt.time | None:
    """``"15:20"`` → time; blank → None; anything else is refused with a message."""
    text = (text or "").strip().replace("：", ":")
    if not text:
        return None
    try:
        return dt.datetime.strptime(text, "%H:%M").time()
    except ValueError:
        raise Refused(MSG_BAD_TIME) from None


def records_passed_at(table: Table) -> bool:
    """True for a table of the last round of a stage placed by finishing time."""
    stage = table.round.stage
    return stage.places_by_time and last_round(stage) == table.round


@transaction.atomic
def record_passed_at(table: Table, value: dt.time | None, *, by: Actor) -> None:
    """Record (or clear) the time the table passed A, with the same table rights as a result."""
    if not records_passed_at(table):
        raise Refused(MSG_NOT_BY_TIME)
    check_referee(table, by)
    before = table.passed_at.strftime("%H:%M") if table.passed_at else ""
    Table.objects.filter(pk=table.pk).update(passed_at=value)
    log_action(
        tournament=table.round.tournament,
        by=by,
        action="result.passed_at",
        obj=table,
        summary=about_table(
            MSG_AUDIT_PASSED_AT, table, time=value.strftime("%H:%M") if value else "—"
        ),
        before={"passed_at": before},
        after={"passed_at": value.strftime("%H:%M") if value else ""},
    )
