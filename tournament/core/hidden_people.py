"""A hidden player's name on the events' public pages (docs/rules.md §18): a player who asked
not to appear on public pages (``Person.hidden``) is named :data:`HIDDEN` there instead.

:func:`public_name` is asked where a public page names a registered player (a pair's players
in the standings, the players of a history page); the row's ``person`` should be read with
it (``select_related``/``prefetch_related``), or each row costs a query.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

HIDDEN = _("不公开")


def is_hidden(row) -> bool:
    """Whether the registered player ``row`` (a pair's player, a team's member, an
    individual) is a person hidden from the public pages."""
    return row.person_id is not None and row.person.hidden


def public_name(row) -> str:
    """The name of the registered player ``row`` as a public page shows it."""
    return str(HIDDEN) if is_hidden(row) else row.name
