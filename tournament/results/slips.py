"""Who printed a side's slip, and revoking a slip (a new link and PIN for one side).

Vocabulary (see also :mod:`tournament.results.sides`)
----------
printer
    The staff account that downloaded a slip. Its QR link carries ``?p=<uid>.<mac>``: the
    account's id and a MAC of the table, the side, that side's code and the id, so it
    cannot be moved to another slip or survive a revocation. The players' page keeps it in
    a cookie (``gd_slip_<match>``), and the audit line of every entry made through that
    side's link names the printer beside ``table:EW``. Nothing is written when the slip is
    printed (reads never write): the link itself is the record.
revoke
    A referee with rights to the table gives one side a new code and PIN: the old slip's
    link answers 404 from then on, its wrong-PIN count starts again; the slips are
    printed again from the table's page.
"""

from __future__ import annotations

from django.db import transaction

from rules.messages import Message
from tournament.core import counters
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.core.stamps import public_changed
from tournament.models import Table
from tournament.models.rounds import new_entry_code, new_side_pin
from tournament.results.sides import pin_key
from tournament.results.table_write import check_referee, lock_table
from tournament.text.messages.audit import MSG_AUDIT_SLIP_REVOKED

MSG_BAD_SIDE = "slip_bad_side"


@transaction.atomic
def revoke_slip(table: Table, side: str, *, by: Actor) -> Table:
    """Give ``side`` a new link and PIN (its slip was lost, or seen by the other side)."""
    if side not in ("EW", "NS"):
        raise Refused(MSG_BAD_SIDE)
    table = lock_table(table, None)
    check_referee(table, by.via("referee"))
    field = side.lower()
    setattr(table, f"{field}_code", new_entry_code())
    setattr(table, f"{field}_pin", new_side_pin())
    table.save(update_fields=[f"{field}_code", f"{field}_pin"])
    counters.clear(pin_key(table, side))
    log_action(
        tournament=table.round.tournament,
        by=by,
        action="slip.revoke",
        obj=table,
        summary=Message(MSG_AUDIT_SLIP_REVOKED, {"table": table.number, "side": side}),
    )
    public_changed(table.round.tournament)
    return table
