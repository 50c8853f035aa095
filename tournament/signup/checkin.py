"""Check-in (检录) on the day, and what to do with the pairs that did not come.

Vocabulary
----------
check-in code
    ``<pair id>-<12 hex digits>``: the pair id signed with the server's secret (HMAC), so a
    code cannot be guessed from a draw number. The check-in QR holds the URL that ends in it
    (:func:`checkin_url`); the staff's scanner reads the code from that URL.
board
    The active pairs of each unit, checked in or still missing.
missing pairs
    Active pairs without a check-in. Before pairing a round the organizer marks them, in one
    action, absent from that round (:class:`~tournament.models.Absence`: they are paired and
    forfeit their table) or withdrawn (退赛). Nothing happens to them otherwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Invalid, Refused
from tournament.core.stamps import public_changed
from tournament.individuals.registration import individual_set_status
from tournament.models import Absence, CheckIn, Pair, Player, Round, Table, Tournament
from tournament.registration.search import SUGGESTIONS, clean, matching, numbered
from tournament.registration.services import pair_set_status
from tournament.results import write_rule
from tournament.results.table_write import drawn_by, require_write
from tournament.text.messages.audit import (
    MSG_AUDIT_ABSENT,
    MSG_AUDIT_ABSENT_LOST,
    MSG_AUDIT_ABSENT_ROUND,
    MSG_AUDIT_CHECK_IN_UNDONE,
    MSG_AUDIT_CHECKED_IN,
    round_ref,
    term,
)

# Message codes: texts in tournament/text/messages/people.py
MSG_FOREIGN_CODE = "checkin_foreign_code"
MSG_PAIR_OUT = "checkin_team_out"
MSG_PICK_ACTION = "checkin_pick_action"
MSG_NONE_MISSING = "checkin_none_missing"
MSG_NOT_FOUND = "checkin_not_found"
CODE_RE = re.compile(r"(\d{1,10})-([0-9a-f]{12})")


def checkin_code(pair: Pair | int) -> str:
    """The pair's check-in code (a pair or its id)."""
    pk = pair if isinstance(pair, int) else pair.pk
    # sha1 by name: Django 6.1 changes the default, and printed QR codes must keep matching.
    digest = salted_hmac("guandan.checkin", str(pk), algorithm="sha1").hexdigest()[:12]
    return f"{pk}-{digest}"


def checkin_path(slug: str, pair_id: int) -> str:
    return reverse("checkin_scan", args=[slug, checkin_code(pair_id)])


def checkin_url(pair: Pair, request=None) -> str:
    path = checkin_path(pair.tournament.slug, pair.pk)
    return request.build_absolute_uri(path) if request is not None else path


def pair_for_code(tournament: Tournament, text: str) -> Pair:
    """The pair whose check-in code ``text`` holds (a bare code or the whole URL)."""
    found = CODE_RE.findall(text or "")
    for pk, _digest in reversed(found):
        pair = Pair.objects.filter(tournament=tournament, pk=int(pk)).first()
        if pair is not None and constant_time_compare(checkin_code(pair), f"{pk}-{_digest}"):
            return pair
    raise Invalid(MSG_FOREIGN_CODE)


def entries(tournament: Tournament):
    """The active entries that check in: the pairs; in an individual event the players' own
    entries (a partnership is only who sits together in some round)."""
    pairs = Pair.objects.filter(tournament=tournament, status=Pair.ACTIVE)
    if tournament.is_individual_event:
        pairs = pairs.filter(individual__isnull=False)
    return pairs


def numbered_entries(tournament: Tournament, pairs) -> list[Pair]:
    """The entries as a list; an individual event's own entries show their player's draw
    number (kept on the individual, not on the entry: set here, never saved)."""
    pairs = list(pairs)
    if tournament.is_individual_event:
        for pair in pairs:
            pair.draw_number = pair.individual.draw_number
    return pairs


def _numbered(tournament: Tournament, pairs, query: str) -> Pair | None:
    """The entry of the draw number ``query``: an individual event's are its players'."""
    if tournament.is_individual_event:
        return pairs.filter(individual__draw_number=int(query)).first()
    return numbered(pairs, query)


def find_pairs(tournament: Tournament, query: str) -> list[Pair]:
    """Active pairs with the draw number ``query`` (exactly) or matching it
    (:func:`tournament.registration.search.matching`), at most :data:`~tournament.registration.search.SUGGESTIONS`."""
    query = clean(query)
    if not query:
        return []
    pairs = entries(tournament).select_related("unit", "individual")
    if query.isdigit():
        found = [pair for pair in [_numbered(tournament, pairs, query)] if pair is not None]
    else:
        found = matching(pairs, query)[:SUGGESTIONS]
    return numbered_entries(tournament, found)


@transaction.atomic
def check_in(*, pair: Pair, method: str, by: Actor) -> tuple[CheckIn, bool]:
    """Check a pair in; ``(check-in, False)`` when it already was (nothing changes)."""
    pair = Pair.objects.select_for_update().get(pk=pair.pk)
    if pair.status != Pair.ACTIVE:
        raise Refused(MSG_PAIR_OUT, name=pair.name)
    existing = CheckIn.objects.filter(pair=pair).first()
    if existing is not None:
        return existing, False
    checkin = CheckIn.objects.create(pair=pair, by=by.user, method=method)
    log_action(
        tournament=pair.tournament,
        by=by,
        action="checkin.in",
        obj=pair,
        summary=Message(MSG_AUDIT_CHECKED_IN, {"name": pair.name}),
        after={"method": method},
    )
    public_changed(pair.tournament)
    return checkin, True


@transaction.atomic
def undo_check_in(*, pair: Pair, by: Actor) -> None:
    deleted, _rows = CheckIn.objects.filter(pair=pair).delete()
    if deleted:
        log_action(
            tournament=pair.tournament,
            by=by,
            action="checkin.undo",
            obj=pair,
            summary=Message(MSG_AUDIT_CHECK_IN_UNDONE, {"name": pair.name}),
        )
        public_changed(pair.tournament)


@dataclass
class UnitBoard:
    unit: str
    checked: list[Pair] = field(default_factory=list)
    missing: list[Pair] = field(default_factory=list)


def board(tournament: Tournament) -> list[UnitBoard]:
    """Each unit's active pairs, checked in or missing (units in name order)."""
    units: dict[str, UnitBoard] = {}
    pairs = entries(tournament).select_related("unit", "checkin", "individual")
    for pair in numbered_entries(tournament, pairs.order_by("unit__name_pinyin", "name_pinyin")):
        name = pair.unit.name if pair.unit_id else _("（无单位）")
        row = units.setdefault(name, UnitBoard(name))
        (row.checked if hasattr(pair, "checkin") else row.missing).append(pair)
    return list(units.values())


def board_counts(tournament: Tournament) -> tuple[int, int]:
    """(checked in, missing) of the active pairs: the board's totals line."""
    active = entries(tournament)
    total = active.count()
    checked = active.filter(checkin__isnull=False).count()
    return checked, total - checked


def missing_pairs(tournament: Tournament) -> list[Pair]:
    pairs = entries(tournament).filter(checkin__isnull=True)
    return numbered_entries(
        tournament, pairs.select_related("unit", "individual").order_by("name_pinyin")
    )


@transaction.atomic
def mark_missing(
    *,
    tournament: Tournament,
    action: str,
    round_number: int,
    pair_ids: list[int],
    by: Actor,
) -> list[Pair]:
    """Mark the pairs that did not check in absent from ``round_number`` or withdrawn.

    ``team_ids`` is the list the organizer saw: a pair that checked in meanwhile is left
    alone, and a pair that was not on the page is not touched.
    """
    if action not in ("absent", "withdraw"):
        raise Invalid(MSG_PICK_ACTION)
    seen = set(pair_ids)
    pairs = [t for t in missing_pairs(tournament) if t.pk in seen]
    if not pairs:
        raise Refused(MSG_NONE_MISSING)
    for pair in pairs:
        if action == "withdraw" and tournament.is_individual_event:  # the player with it
            individual_set_status(individual=pair.individual, status=Pair.WITHDRAWN, by=by)
        elif action == "withdraw":
            pair_set_status(pair=pair, status=Pair.WITHDRAWN, by=by)
        else:
            Absence.objects.get_or_create(pair=pair, round_number=round_number)
    names = [t.name for t in pairs]
    absent = Message(MSG_AUDIT_ABSENT_ROUND, {"n": round_number})
    label = absent if action == "absent" else term(_("退赛"))
    log_action(
        tournament=tournament,
        by=by,
        action="checkin.absent" if action == "absent" else "checkin.withdraw",
        summary=Message(MSG_AUDIT_ABSENT, {"label": label, "names": names}),
        after={"teams": [t.pk for t in pairs], "round": round_number},
    )
    public_changed(tournament)
    return pairs


def _absent_entries(round_: Round) -> set[int]:
    """The pairs absent from the round; in an individual event, the partnerships in which an
    absent player sits (their absence is on their own entry): that side forfeits, and the
    standings score the absent player's loss and the three present players' win (§17.4)."""
    absent = set(
        Absence.objects.filter(
            pair__tournament_id=round_.tournament_id, round_number=round_.number
        ).values_list("pair_id", flat=True)
    )
    if not absent or not round_.tournament.is_individual_event:
        return absent
    seats = Player.objects.filter(
        pair__tournament_id=round_.tournament_id,
        pair__individual__isnull=True,
        individual__own_id__in=absent,
    )
    return set(seats.values_list("pair_id", flat=True))


def apply_absences(round_: Round, *, by: Actor) -> int:
    """Forfeit the tables of the round's absent pairs (both absent: both forfeit).

    Called when a round is paired (and re-paired); only tables without a result. Each
    forfeit is the write rule's ``checkin_absence`` path, asked for the one who drew
    (:func:`~tournament.results.table_write.require_write`). Returns how many tables were
    forfeited.
    """
    absent = _absent_entries(round_)
    if not absent:
        return 0
    changed, now = [], timezone.now()
    source = drawn_by(by.user)
    for table in round_.tables.filter(ns__isnull=False, forfeit="").filter(
        Q(ew_id__in=absent) | Q(ns_id__in=absent)
    ):
        table.round = round_  # the draw's locked round: the rule reads its status and event
        require_write(table, by.via(source), write_rule.CHECKIN_ABSENCE)
        ew_out, ns_out = table.ew_id in absent, table.ns_id in absent
        table.forfeit = "both" if ew_out and ns_out else ("EW" if ew_out else "NS")
        table.winner = "" if ew_out and ns_out else ("NS" if ew_out else "EW")
        table.state, table.confirmed_via, table.confirmed_at = Table.CONFIRMED, "absent", now
        table.save()
        changed.append(table.number)
    log_action(
        tournament=round_.tournament,
        by=by,
        action="checkin.forfeit",
        obj=round_,
        summary=Message(
            MSG_AUDIT_ABSENT_LOST, {"round": round_ref(round_), "tables": [str(t) for t in changed]}
        ),
        after={"tables": changed},
    )
    public_changed(round_.tournament)
    return len(changed)
