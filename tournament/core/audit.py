"""Writing the audit log (操作记录).

Vocabulary
----------
action
    What an audit entry records, as a short code (``"round.lock"``): the family before the
    dot, the change after it. :data:`ACTIONS` lists every action the app writes, with what
    it means; :func:`audit_entry` refuses any other, and an archive's audit entries are
    checked against the same list (:func:`tournament.archive.checks.check_audit`),
    so an event the app wrote always reads back. ``tests/app/core/test_audit_actions.py`` fails
    when the code writes an action missing from the list.
"""

from __future__ import annotations

from django.db import models
from django.utils import translation

from rules.messages import Message
from tournament.core.accounts import actor_label
from tournament.core.actors import NOBODY, Actor
from tournament.core.bulk import insert_all
from tournament.models import AuditEntry, Tournament
from tournament.models.audit import object_type
from tournament.text.messages import render
from tournament.text.messages.audit import encode

# Every audit action the app writes: action -> what it records.
ACTIONS: dict[str, str] = {
    "tournament.create": "the event created",
    "tournament.edit": "the event's settings changed",
    "stage.add": "a stage added",
    "series.add": "the event added to a series (系列赛), with its class",
    "series.remove": "the event taken out of a series",
    "series.edit": "the points settings of a series the event is in changed",
    "stage.delete": "a stage deleted",
    "stage.playoff": "a play-off for qualifying arranged, or its winner entered",
    "team.add": "a pair registered",
    "team.edit": "a pair's names or unit changed",
    "team.status": "a pair withdrawn, disqualified or put back",
    "team.import": "pairs imported from a sheet",
    "squad.add": "a team (of a team event) registered",
    "squad.edit": "a team's name, unit or roster changed",
    "squad.status": "a team withdrawn, disqualified or put back",
    "squad.import": "teams (of a team event) imported from a sheet",
    "squad.line_up": "a team's line-up changed for a round",
    "individual.add": "a player registered alone (individual event)",
    "individual.edit": "an individual's name, unit or phone changed",
    "individual.status": "an individual withdrawn, disqualified or put back",
    "individual.substitute": "a substitute seated for an absent player before the round",
    "individual.import": "individual players imported from a sheet",
    "forbidden.add": "two pairs kept apart",
    "forbidden.remove": "two pairs no longer kept apart",
    "draw": "the draw numbers drawn (the whole draw)",
    "draw.override": "one pair's draw number changed by hand",
    "ratings.divisions": "an event's entries split by rating into division events (分组)",
    "ratings.division": "a division event made from a registration event by rating",
    "round.pair": "a round paired",
    "round.repair": "a round paired again",
    "round.adjust": "pairs swapped, a bye given or taken, tables renumbered",
    "round.publish": "a round's pairings published",
    "round.start": "a round's clock started",
    "round.lock": "a round locked",
    "round.unlock": "a round unlocked",
    "round.reviewed": "a round marked reviewed",
    "result.enter": "a table's result entered",
    "result.dispute": "a second entry that disagrees (a dispute)",
    "result.kept": "a late phone entry kept for the record, the table unchanged",
    "result.confirm": "a table's result confirmed",
    "result.ruling": "the chief referee's ruling on a table",
    "result.sheet": "a step of a deal-by-deal sheet",
    "result.passed_at": "the time a pair passed A",
    "result.fouls": "a table's foul counts",
    "result.early_time": "time called before the round's end, with the reason",
    "result.import": "results imported from the clerk's sheet",
    "foul.add": "a foul recorded",
    "photo.add": "a photo of a score sheet uploaded",
    "staff.set": "a staff member added or given another role or tables",
    "staff.remove": "a staff member removed",
    "staff.password": "a staff member's password reset",
    "login.unlock": "a locked-out account unlocked",
    "token.create": "an API token created",
    "token.revoke": "an API token revoked",
    "token.upload_new": "an upload token issued for the event (the association's server)",
    "token.upload_off": "an upload token of the event revoked",
    "upload.received": "an exchange file a venue laptop sent, received with an upload token",
    "upload.settings": "the upload of the event to the association's server set or turned off",
    "checkin.in": "a pair checked in",
    "checkin.undo": "a check-in undone",
    "checkin.absent": "pairs not checked in marked absent from a round",
    "checkin.withdraw": "pairs not checked in withdrawn",
    "checkin.forfeit": "the tables of absent pairs forfeited",
    "signup.submit": "an application sent through the sign-up page",
    "signup.edit": "an application changed",
    "signup.promote": "an application moved up from the waiting list",
    "signup.withdraw": "an application withdrawn",
    "signup.approve": "an application approved",
    "signup.reject": "an application rejected",
    "signup.fee": "a pair's fee marked",
    "signup.settings": "the sign-up settings changed",
    "signup.confirm_email": "an application's e-mail address confirmed by its link",
    "signup.reject_many": "the applications from one address or of one hour rejected at once",
    "slip.revoke": "one side's player slip revoked: a new link and PIN for that side",
    "admin.add": "a row added in the admin",
    "admin.change": "a row changed in the admin",
    "admin.delete": "a row deleted in the admin",
    "archive.import": "the event imported from an archive",
    "exchange.import": "the event imported from an exchange file (results from another laptop)",
    "exchange.replace": "the imported event replaced by a newer exchange file of the same event",
    "person.merge": "two players across events found to be one (no event: tournament None)",
    "person.unmerge": "a merge of two players undone (no event)",
    "person.hidden": "a player hidden from the public pages, or shown again (no event)",
}
# Actions that earlier versions wrote and this one no longer does: still read from archives.
FORMER_ACTIONS: dict[str, str] = {
    "result.confirm_all": "every entered table of a round confirmed at once",
}


class UnknownAction(ValueError):
    """An audit entry with an action missing from :data:`ACTIONS` (a programming error)."""


def log_action(**change) -> AuditEntry:
    """Record one change (described by the keywords of :func:`audit_entry`). Call inside
    the transaction that makes the change.

    ``summary`` is best a :class:`~rules.messages.Message` of :mod:`tournament.text.messages.audit`:
    it is then shown in each reader's language, and kept as its Chinese sentence too."""
    return log_entries(change["tournament"], [audit_entry(**change)])[0]


def log_entries(tournament: Tournament, entries: list[AuditEntry]) -> list[AuditEntry]:
    """Record the changes :func:`audit_entry` described, in one insert, inside the
    transaction that makes them (a round's tables confirmed at once: one row each). Of
    several entries, the primary keys are not read back (:func:`~tournament.core.bulk.insert_all`).

    Only the audit lines: the service that makes the change says what else it does (the
    public pages' stamp: :func:`tournament.core.stamps.public_changed`; a backup:
    :func:`tournament.backups.auto.start`)."""
    if len(entries) == 1:
        entries[0].save()
        return entries
    insert_all(entries)  # one statement: a round's 5,000 lines were 10 compiled INSERTs
    return entries


def audit_entry(
    *,
    tournament: Tournament,
    by: Actor = NOBODY,
    action: str,
    obj: models.Model | None = None,
    summary: str | Message = "",
    before: dict | None = None,
    after: dict | None = None,
    label: str = "",
) -> AuditEntry:
    """One change for the audit log, not yet saved (see :func:`log_entries`): made by the
    actor ``by`` (named ``label``, or by :func:`~tournament.core.accounts.actor_label`)."""
    if action not in ACTIONS:
        raise UnknownAction(f"audit action {action!r} is not in ACTIONS")
    message = None
    if isinstance(summary, Message):
        message = encode(summary)
        with translation.override("zh-hans"):
            summary = render(summary)
    if by.phone is not None:  # an entry made on a phone (tournament.results.entry_keys)
        after = {**(after or {}), "phone": by.phone.audit()}
    return AuditEntry(
        tournament=tournament,
        user=by.person,
        actor=(label or actor_label(by.user, tournament))[:150],
        ip=by.ip,
        device=by.device,
        action=action,
        object_type=object_type(type(obj)) if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        summary=summary[:300],
        summary_message=message,
        before=before,
        after=after,
    )
