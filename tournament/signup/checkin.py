"""Check-in (检录) on the day, and what to do with the pairs that did not come.

Vocabulary
----------
check-in code
    ``<team id>-<12 hex digits>``: the team id signed with the server's secret (HMAC), so a
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
from tournament.models import Absence, CheckIn, Match, Round, Team, Tournament
from tournament.registration.search import SUGGESTIONS, clean, matching, numbered
from tournament.registration.services import team_set_status
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
MSG_TEAM_OUT = "checkin_team_out"
MSG_PICK_ACTION = "checkin_pick_action"
MSG_NONE_MISSING = "checkin_none_missing"
MSG_NOT_FOUND = "checkin_not_found"
CODE_RE = re.compile(r"(\d{1,10})-([0-9a-f]{12})")


def checkin_code(team: Team | int) -> str:
    """The pair's check-in code (a team or its id)."""
    pk = team if isinstance(team, int) else team.pk
    # sha1 by name: Django 6.1 changes the default, and printed QR codes must keep matching.
    digest = salted_hmac("guandan.checkin", str(pk), algorithm="sha1").hexdigest()[:12]
    return f"{pk}-{digest}"


def checkin_path(slug: str, team_id: int) -> str:
    return reverse("checkin_scan", args=[slug, checkin_code(team_id)])


def checkin_url(team: Team, request=None) -> str:
    path = checkin_path(team.tournament.slug, team.pk)
    return request.build_absolute_uri(path) if request is not None else path


def team_for_code(tournament: Tournament, text: str) -> Team:
    """The pair whose check-in code ``text`` holds (a bare code or the whole URL)."""
    found = CODE_RE.findall(text or "")
    for pk, _digest in reversed(found):
        team = Team.objects.filter(tournament=tournament, pk=int(pk)).first()
        if team is not None and constant_time_compare(checkin_code(team), f"{pk}-{_digest}"):
            return team
    raise Invalid(MSG_FOREIGN_CODE)


def find_teams(tournament: Tournament, query: str) -> list[Team]:
    """Active pairs with the draw number ``query`` (exactly) or matching it
    (:func:`tournament.registration.search.matching`), at most :data:`~tournament.registration.search.SUGGESTIONS`."""
    query = clean(query)
    if not query:
        return []
    teams = Team.objects.filter(tournament=tournament, status=Team.ACTIVE)
    if query.isdigit():
        return [team for team in [numbered(teams, query)] if team is not None]
    return list(matching(teams, query).select_related("unit")[:SUGGESTIONS])


@transaction.atomic
def check_in(*, team: Team, method: str, by: Actor) -> tuple[CheckIn, bool]:
    """Check a pair in; ``(check-in, False)`` when it already was (nothing changes)."""
    team = Team.objects.select_for_update().get(pk=team.pk)
    if team.status != Team.ACTIVE:
        raise Refused(MSG_TEAM_OUT, name=team.name)
    existing = CheckIn.objects.filter(team=team).first()
    if existing is not None:
        return existing, False
    checkin = CheckIn.objects.create(team=team, by=by.user, method=method)
    log_action(
        tournament=team.tournament,
        by=by,
        action="checkin.in",
        obj=team,
        summary=Message(MSG_AUDIT_CHECKED_IN, {"name": team.name}),
        after={"method": method},
    )
    public_changed(team.tournament)
    return checkin, True


@transaction.atomic
def undo_check_in(*, team: Team, by: Actor) -> None:
    deleted, _rows = CheckIn.objects.filter(team=team).delete()
    if deleted:
        log_action(
            tournament=team.tournament,
            by=by,
            action="checkin.undo",
            obj=team,
            summary=Message(MSG_AUDIT_CHECK_IN_UNDONE, {"name": team.name}),
        )
        public_changed(team.tournament)


@dataclass
class UnitBoard:
    unit: str
    checked: list[Team] = field(default_factory=list)
    missing: list[Team] = field(default_factory=list)


def board(tournament: Tournament) -> list[UnitBoard]:
    """Each unit's active pairs, checked in or missing (units in name order)."""
    units: dict[str, UnitBoard] = {}
    teams = Team.objects.filter(tournament=tournament, status=Team.ACTIVE)
    for team in teams.select_related("unit", "checkin").order_by(
        "unit__name_pinyin", "name_pinyin"
    ):
        name = team.unit.name if team.unit_id else _("（无单位）")
        row = units.setdefault(name, UnitBoard(name))
        (row.checked if hasattr(team, "checkin") else row.missing).append(team)
    return list(units.values())


def board_counts(tournament: Tournament) -> tuple[int, int]:
    """(checked in, missing) of the active pairs: the board's totals line."""
    active = Team.objects.filter(tournament=tournament, status=Team.ACTIVE)
    total = active.count()
    checked = active.filter(checkin__isnull=False).count()
    return checked, total - checked


def missing_teams(tournament: Tournament) -> list[Team]:
    teams = Team.objects.filter(tournament=tournament, status=Team.ACTIVE, checkin__isnull=True)
    return list(teams.select_related("unit").order_by("name_pinyin"))


@transaction.atomic
def mark_missing(
    *,
    tournament: Tournament,
    action: str,
    round_number: int,
    team_ids: list[int],
    by: Actor,
) -> list[Team]:
    """Mark the pairs that did not check in absent from ``round_number`` or withdrawn.

    ``team_ids`` is the list the organizer saw: a pair that checked in meanwhile is left
    alone, and a pair that was not on the page is not touched.
    """
    if action not in ("absent", "withdraw"):
        raise Invalid(MSG_PICK_ACTION)
    seen = set(team_ids)
    teams = [t for t in missing_teams(tournament) if t.pk in seen]
    if not teams:
        raise Refused(MSG_NONE_MISSING)
    for team in teams:
        if action == "withdraw":
            team_set_status(team=team, status=Team.WITHDRAWN, by=by)
        else:
            Absence.objects.get_or_create(team=team, round_number=round_number)
    names = [t.name for t in teams]
    absent = Message(MSG_AUDIT_ABSENT_ROUND, {"n": round_number})
    label = absent if action == "absent" else term(_("退赛"))
    log_action(
        tournament=tournament,
        by=by,
        action="checkin.absent" if action == "absent" else "checkin.withdraw",
        summary=Message(MSG_AUDIT_ABSENT, {"label": label, "names": names}),
        after={"teams": [t.pk for t in teams], "round": round_number},
    )
    public_changed(tournament)
    return teams


def apply_absences(round_: Round, *, by: Actor) -> int:
    """Forfeit the tables of the round's absent pairs (both absent: both forfeit).

    Called when a round is paired (and re-paired); only tables without a result. Each
    forfeit is the write rule's ``checkin_absence`` path, asked for the one who drew
    (:func:`~tournament.results.table_write.require_write`). Returns how many tables were
    forfeited.
    """
    absent = set(
        Absence.objects.filter(
            team__tournament_id=round_.tournament_id, round_number=round_.number
        ).values_list("team_id", flat=True)
    )
    if not absent:
        return 0
    changed, now = [], timezone.now()
    source = drawn_by(by.user)
    for match in round_.matches.filter(ns__isnull=False, forfeit="").filter(
        Q(ew_id__in=absent) | Q(ns_id__in=absent)
    ):
        match.round = round_  # the draw's locked round: the rule reads its status and event
        require_write(match, by.via(source), write_rule.CHECKIN_ABSENCE)
        ew_out, ns_out = match.ew_id in absent, match.ns_id in absent
        match.forfeit = "both" if ew_out and ns_out else ("EW" if ew_out else "NS")
        match.winner = "" if ew_out and ns_out else ("NS" if ew_out else "EW")
        match.state, match.confirmed_via, match.confirmed_at = Match.CONFIRMED, "absent", now
        match.save()
        changed.append(match.table)
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
