"""A hidden player's name on the events' public pages (docs/rules.md §18): a player who asked
not to appear on public pages (``Person.hidden``) is named :data:`HIDDEN` there instead.

:func:`public_name` is asked where a public page names a registered player (a pair's players
in the standings, the players of a history page); the row's ``person`` should be read with
it (``select_related``/``prefetch_related``), or each row costs a query.

Names also stand inside other texts: a pair named after its players ("张三/李四"), an
individual event's every entry, a partnership, the charts. So every anonymous public answer
of an event is masked once more as it is made (:func:`mask_body`, called by
tournament.public.conditional before the answer is kept): the one place no page can miss.
"""

from __future__ import annotations

import json
import re

from django.utils.translation import gettext_lazy as _

from tournament.core.process_memo import Memo

HIDDEN = _("不公开")


def is_hidden(row) -> bool:
    """Whether the registered player ``row`` (a pair's player, a team's member, an
    individual) is a person hidden from the public pages."""
    return row.person_id is not None and row.person.hidden


def public_name(row) -> str:
    """The name of the registered player ``row`` as a public page shows it."""
    return str(HIDDEN) if is_hidden(row) else row.name


_CJK = "\u3400-\u9fff\uf900-\ufaff"


def hidden_names(slug: str) -> list[str]:
    """The names of the event's registered players who are hidden persons (one query): a
    public answer of the event is masked with them (:func:`mask_body`) before it is kept."""
    return _hidden_names("tournament__slug", slug)


_MEMO = Memo(1001)


def hidden_names_at(slug: str, stamp: str) -> list[str]:
    """:func:`hidden_names`, read once per public stamp in this process (hiding a player
    moves the stamps of their events); each time without a stamp (live pages)."""
    if not stamp:
        return hidden_names(slug)
    key = (slug, stamp)
    if key not in _MEMO:
        return _MEMO.put(key, hidden_names(slug))
    return _MEMO[key]


def hidden_names_of_events(ids: set[int]) -> list[str]:
    """The same for several events at once (a player's page across events)."""
    return _hidden_names("tournament__in", ids)


def _hidden_names(lookup: str, value) -> list[str]:
    from tournament.models import Individual, Player, TeamMember

    hidden = {"person__hidden": True}
    rows = (
        Player.objects.filter(**{f"pair__{lookup}": value}, **hidden),
        TeamMember.objects.filter(**{f"team__{lookup}": value}, **hidden),
        Individual.objects.filter(**{lookup: value}, **hidden),
    )
    first, *others = (q.order_by().values_list("name", flat=True) for q in rows)
    names = first.union(*others)
    return sorted(set(names), key=len, reverse=True)  # the longest first: 王小明 before 王小


def mask_text(text: str, names: list[str]) -> str:
    """``text`` with each of ``names`` read as 不公开 where it stands as a name: not inside a
    longer Chinese word (hiding 王伟 leaves 王伟东 alone). A namesake of a hidden player in
    the same event is masked too: the page cannot tell them apart, and hiding errs on the
    side of the player who asked."""
    if not names:
        return text
    hidden = str(HIDDEN)
    for name in names:
        pattern = rf"(?<![{_CJK}]){re.escape(name)}(?![{_CJK}])"
        text = re.sub(pattern, hidden, text)
        # In JSON written with ASCII escapes, the name's escaped form.
        escaped = json.dumps(name)[1:-1]
        if escaped != name:
            text = text.replace(escaped, json.dumps(hidden)[1:-1])
    return text


def shown_entry_name(slug: str, name: str, *, staff: bool) -> str:
    """An entry's name (a pair named after its players, an individual) as its own page
    heads it: masked for the public even where a sentence glues it to Chinese text (e.g.
    "赵一在…", which :func:`mask_text` leaves alone as a possible longer word)."""
    return name if staff else mask_text(name, hidden_names(slug))


def mask_body(body: bytes, names: list[str], content_type: str) -> bytes:
    """A public answer's body with the hidden players' names masked (HTML, JSON and text
    answers; other bodies, images and PDFs, are left as they are)."""
    if not names or not content_type.startswith(("text/", "application/json")):
        return body
    return mask_text(body.decode("utf-8"), names).encode("utf-8")
