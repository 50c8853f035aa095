"""Locking a table for a write, the checks every write makes (rights, round, version) and the
write itself (save_match: the table, its audit line, the round's status).

Vocabulary
----------
actor
    Who acted, as the audit log names them: ``table:EW`` for a side of the table, else the
    account or the source (``import``, ``cli``).
version
    Every save increments ``Match.version``; a save based on an older version is refused
    (:class:`StaleResult`) with the values now stored, so nothing is overwritten silently.
"""

from __future__ import annotations

from rules import RuleError, normalize_step
from rules.messages import Message
from tournament.core.accounts import actor_label
from tournament.core.audit import audit_entry, log_entries
from tournament.core.errors import NotAllowed, Refused, ServiceError, Stale
from tournament.core.rights import CHIEF_REFEREE, REFEREE, has_role, referee_tables
from tournament.models import AuditEntry, Match, Round
from tournament.results.checks import ResultValues
from tournament.results.sides import TABLE_SOURCES, actor_name, printed_by
from tournament.rounds.actions import problem
from tournament.rounds.status import refresh_round_status

# Message codes (texts in tournament/core/messages/services.py).
MSG_STALE = "stale"
MSG_NO_RIGHT = "no_right"
MSG_BYE = "bye"
MSG_NOT_YOUR_TABLE = "not_your_table"
MSG_REFEREE_STEPS = "referee_steps_kept"
MSG_SELF_CONFIRM = "self_confirm"
MSG_NOTHING_TO_CONFIRM = "nothing_to_confirm"


class StaleResult(Stale):
    """The match changed since the form was loaded; ``current`` is what is stored now."""

    def __init__(self, match: Match):
        super().__init__(MSG_STALE)
        self.match = match
        self.current = values_of(match)


def values_of(match: Match) -> ResultValues:
    return ResultValues.of(match)


def snapshot(match: Match) -> dict:
    """Result, state and sheet of a match, for the audit log."""
    data = values_of(match).as_dict()
    data.update(state=match.state, version=match.version, mode=match.mode)
    if match.deals:
        data["deals"] = match.deals
    return data


def table_audit(
    match: Match,
    *,
    user,
    request,
    action: str,
    summary: Message,  # tournament.core.messages.audit
    before: dict,
    source: str = "",
    extra_after: dict | None = None,
) -> AuditEntry:
    """A table's audit line, not yet saved: who acted, its snapshot before and now."""
    return audit_entry(
        tournament=match.round.tournament,
        user=user,
        request=request,
        action=action,
        obj=match,
        summary=summary,
        before=before,
        after={**snapshot(match), **(extra_after or {})},
        actor=_actor(match, user, source, request),
    )


def _actor(match: Match, user, source: str, request) -> str:
    """:func:`actor_of`, and for a side acting through a printed slip, who printed it."""
    printer = printed_by(request, match, source)
    actor = actor_of(user, source)
    return f"{actor} slip:{printer}" if printer else actor


def save_match(
    match: Match,
    *,
    user,
    request,
    action: str,
    before: dict,
    summary: Message,  # tournament.core.messages.audit
    source: str = "",
    extra_after: dict | None = None,
) -> Match:
    """Save a table changed under :func:`lock_match` (its version moves on), with its audit
    line, and bring the round's status up to date."""
    match.version += 1
    match.save()
    entry = table_audit(
        match,
        user=user,
        request=request,
        action=action,
        summary=summary,
        before=before,
        source=source,
        extra_after=extra_after,
    )
    log_entries(match.round.tournament, [entry])
    refresh_round_status(match.round)
    return match


def set_values(match: Match, values: ResultValues) -> None:
    for name, value in values.as_dict().items():
        setattr(match, name, value)


def lock_match(match: Match, version: int | None) -> Match:
    """Lock the round, then the match, and check the version the user saw.

    Always in this order (the round first) so that locking a round and saving one of its
    tables cannot interleave: a save either lands before the lock or sees the round locked.
    """
    round_ = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=match.round_id)
    )
    # The pairs come along: the audit summary names them (Match.__str__), one query, not three.
    current = (
        Match.objects.select_for_update(of=("self",)).select_related("ew", "ns").get(pk=match.pk)
    )
    current.round = round_
    if version is not None and current.version != version:
        raise StaleResult(current)
    if current.ns_id is None:
        raise Refused(MSG_BYE)
    return current


SHELL_SOURCES = ("import", "cli")  # the command line: whoever runs it has the server


def check_referee(match: Match, user, source: str) -> None:
    """The one table-rights check of every write (entry, sheet, foul, confirmation, lateness,
    import), whatever page or command it comes from.

    A side of the table acts through its code (checked by the view). Anybody else with an
    account must be staff of the event, and a referee with assigned tables only at those.
    Without an account, only the command line (``import``/``cli``) may act.
    """
    if source in TABLE_SOURCES:
        return
    if not is_real(user):
        if source in SHELL_SOURCES:
            return
        raise NotAllowed(MSG_NO_RIGHT)
    tournament = match.round.tournament
    if not has_role(user, tournament, REFEREE):
        raise NotAllowed(MSG_NO_RIGHT)
    tables = referee_tables(user, tournament)
    if tables is not None and match.table not in tables:
        raise NotAllowed(MSG_NOT_YOUR_TABLE, table=match.table)


def check_round_open(match: Match) -> None:
    """Results are entered only while the round is published and not locked."""
    why = problem(match.round, "enter")
    if why:
        raise Refused(why)


def actor_of(user, source: str) -> str:
    """Who acted, for the audit log: ``table:EW`` for a side, else the account or source."""
    side = actor_name(source)
    if side:
        return side
    if user is not None and user.is_authenticated:
        return actor_label(user)
    return source


def same_actor(match: Match, user, source: str) -> bool:
    """True when this person (or this side of the table) made the entry being confirmed.

    A logged-in user is the same actor whatever page they used (staff page or table link);
    two anonymous table actions are the same actor when they come from the same side.
    """
    if is_real(user) and match.entered_by_id == user.pk:
        return True
    return source in TABLE_SOURCES and match.entered_via == source


def confirm_problem(match: Match, user, source: str) -> ServiceError | None:
    """The one rule of who may confirm an entered table, for every page and service
    (a table's confirm button, 确认全部已录入, ``import_results --lock``); ``None`` when
    this person (or side) may, else the refusal to raise or show.

    Two people see every result (四眼原则), with one exception: the chief referee (or the
    organizer, who has the chief's rights) rules on every table anyway, so an entry the
    chief made is confirmed by the chief's own, separate act (the confirm button or
    确认全部已录入), and a chief running a round alone is never stuck. Any other referee, and
    a side of the table, never confirms their own entry. Table rights as every write
    (:func:`check_referee`), in a round that takes results (:func:`check_round_open`).
    """
    why = problem(match.round, "enter")
    if why:
        return Refused(why)
    if match.state != Match.ENTERED:
        return Refused(MSG_NOTHING_TO_CONFIRM)
    if same_actor(match, user, source) and not is_chief(user, match.round.tournament):
        return Refused(MSG_SELF_CONFIRM)
    try:
        check_referee(match, user, source)
    except NotAllowed as exc:
        return exc
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


def check_player_steps(match: Match, steps: list, source: str) -> None:
    """A side of the table (a player's link) may add and change only deals won: every
    referee step stays exactly as the referee wrote it, in the same line of the sheet, and
    no new one comes from a player. The one check of every path that saves a player's sheet
    (called by :func:`tournament.results.services.save_sheet`)."""
    if source not in TABLE_SOURCES:
        return
    old = [(i, _canonical(s)) for i, s in enumerate(match.deals or []) if _referee_step(s)]
    new = [(i, _canonical(s)) for i, s in enumerate(steps) if _referee_step(s)]
    if old != new:
        raise NotAllowed(MSG_REFEREE_STEPS)
