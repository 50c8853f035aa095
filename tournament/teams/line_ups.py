"""Line-ups (出场名单, docs/rules.md §16.1): which of a team's players form its pairs, in
which order, round by round.

A team plays its registered pairs in every round whose line-up was not changed
(docs/rules.md §16.1: the line-up of a round is the registered one unless it is changed
before that round is published). A change (:class:`~tournament.models.LineUp`) is for one round, made before
that round is published (while it is not yet paired, or still a draft: the draft's tables
then take the new pairs at once) and refused after. Two players who have not played
together before become a new pair of the team.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Invalid, Refused
from tournament.core.stamps import public_changed
from tournament.models import LineUp, Pair, Player, Round, Table, Team, TeamMember
from tournament.standings.selectors import next_round_number

MSG_PUBLISHED = "line_up_published"
MSG_SIZE = "line_up_size"
MSG_MEMBER = "line_up_member"
MSG_TWICE = "line_up_twice"
MSG_NO_ROUND = "line_up_no_round"
MSG_AUDIT_LINE_UP = "audit_line_up"


def registered_line_up(team: Team) -> list[int]:
    """The team's registered pairs, in their order."""
    pairs = team.pairs.exclude(team_slot=None).order_by("team_slot")
    return list(pairs.values_list("pk", flat=True))


def line_ups(tournament, round_number: int) -> dict[int, list[int]]:
    """Every team's line-up for ``round_number`` (team id → pair ids in table order)."""
    result: dict[int, list[int]] = {}
    registered = Pair.objects.filter(tournament=tournament).exclude(team_slot=None)
    for team_id, pk in registered.order_by("team_id", "team_slot").values_list("team_id", "pk"):
        result.setdefault(team_id, []).append(pk)
    changes = LineUp.objects.filter(team__tournament=tournament, round_number=round_number)
    for team_id, pairs in changes.values_list("team_id", "pairs"):
        result[team_id] = list(pairs)
    return result


def line_up_of(team: Team, round_number: int) -> list[int]:
    """One team's line-up for ``round_number``."""
    change = team.line_ups.filter(round_number=round_number).first()
    return list(change.pairs) if change else registered_line_up(team)


def open_round(tournament) -> int | None:
    """The round whose line-ups can still change: the draft, or the next one to pair
    (None when every round is paired and published)."""
    draft = tournament.round_set.filter(status=Round.DRAFT).order_by("number").first()
    if draft is not None:
        return draft.number
    number = next_round_number(tournament)
    return number if number <= max(tournament.rounds, 1) else None


def members_of_pairs(pair_ids: Sequence[int]) -> list[tuple[int, int]]:
    """Each pair's two roster numbers (in its players' order), for a form's initial values."""
    rows = Player.objects.filter(pair_id__in=pair_ids).order_by("position")
    numbers: dict[int, list[int]] = {}
    for pair_id, number in rows.values_list("pair_id", "member__number"):
        numbers.setdefault(pair_id, []).append(number)
    return [tuple(numbers.get(pk, [])) for pk in pair_ids]


def _pair_of(team: Team, first: TeamMember, second: TeamMember, round_number: int) -> int:
    """The team's pair of these two members: the one they formed before, or a new one."""
    wanted = {first.pk, second.pk}
    for pair in team.pairs.prefetch_related("players"):
        if {p.member_id for p in pair.players.all()} == wanted:
            return pair.pk
    pair = Pair.objects.create(
        tournament_id=team.tournament_id,
        name=f"{team.name}·{first.name}/{second.name}",
        unit_id=team.unit_id,
        team=team,
        joined_round=round_number,
        status=team.status,
    )
    Player.objects.bulk_create(
        Player(
            pair=pair, position=n, name=m.name, phone=m.phone, member=m, person_id=m.person_id
        ).with_pinyin()
        for n, m in ((1, first), (2, second))
    )
    return pair.pk


def _check_members(team: Team, chosen: Sequence[tuple[int, int]]) -> dict[int, TeamMember]:
    size = team.tournament.team_pairs
    if len(chosen) != size or any(len(two) != 2 for two in chosen):
        raise Invalid(MSG_SIZE, count=size)
    roster = {m.number: m for m in team.members.all()}
    flat = [n for two in chosen for n in two]
    if any(n not in roster for n in flat):
        raise Invalid(MSG_MEMBER)
    for n in flat:
        if flat.count(n) > 1:
            raise Invalid(MSG_TWICE, name=roster[n].name)
    return roster


@transaction.atomic
def change_line_up(
    *, team: Team, round_number: int, members: Sequence[tuple[int, int]], by: Actor
) -> list[int]:
    """Set the team's line-up for ``round_number``: ``members`` are the roster numbers of
    each pair's two players, in table order. Refused once that round is published."""
    team = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
    tournament = team.tournament
    round_ = tournament.round_set.filter(number=round_number).first()
    if round_ is not None and round_.status != Round.DRAFT:
        raise Refused(MSG_PUBLISHED, n=round_number)
    roster = _check_members(team, members)
    before = line_up_of(team, round_number)
    pairs = [_pair_of(team, roster[a], roster[b], round_number) for a, b in members]
    LineUp.objects.update_or_create(team=team, round_number=round_number, defaults={"pairs": pairs})
    if round_ is not None:
        _move_draft_tables(round_, before, pairs)
    names = " · ".join(f"{roster[a].name}/{roster[b].name}" for a, b in members)
    log_action(
        tournament=tournament,
        by=by,
        action="squad.line_up",
        obj=team,
        summary=Message(
            MSG_AUDIT_LINE_UP, {"team": team.name, "n": round_number, "line_up": names}
        ),
        before={"pairs": before},
        after={"pairs": pairs, "round": round_number},
    )
    public_changed(tournament)
    return pairs


def _move_draft_tables(round_: Round, before: list[int], after: list[int]) -> None:
    """Put the new pairs at the draft's tables (and byes) of the old ones, place by place.
    The tables are found first and changed after, so a swap of two pairs cannot mix them."""
    tables = Table.objects.filter(round=round_)
    moves = []
    for old, new in zip(before, after, strict=False):
        if old != new:
            ew = list(tables.filter(ew_id=old).values_list("pk", flat=True))
            ns = list(tables.filter(ns_id=old).values_list("pk", flat=True))
            moves.append((new, ew, ns))
    for new, ew, ns in moves:
        Table.objects.filter(pk__in=ew).update(ew_id=new)
        Table.objects.filter(pk__in=ns).update(ns_id=new)
    if moves:
        Round.objects.filter(pk=round_.pk).update(version=round_.version + 1)
