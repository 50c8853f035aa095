"""Registering teams: add, edit, withdraw and reinstate (the sheet import is
:mod:`tournament.teams.import_sheet`).

A team is registered with its roster (队员) in the sheet's order: pair 1's two players, pair
2's two, …, then up to ``Tournament.substitutes`` substitutes (替补). Its registered pairs
(``Pair.team_slot`` 1…k) are made at once, named after the team ("苏州一队·组合1"), in the
team's unit, so every pairs page, table and score sheet shows them as it shows any pair.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import FieldErrors, Invalid, Stale
from tournament.core.identity import link_event, member_key, same_identity
from tournament.core.normalize import normalize_name
from tournament.core.stamps import public_changed
from tournament.models import Pair, Player, Team, TeamMember, Tournament, Unit
from tournament.standings.selectors import next_round_number
from tournament.text.messages.audit import term

# Message codes: texts in tournament/text/messages/teams.py
MSG_NOT_TEAM_EVENT = "team_not_team_event"
MSG_TEAM_NAME_TAKEN = "reg_dup_team_db"  # the pairs' text: 队名“…”已经报名
MSG_TEAM_PLAYERS = "team_players_count"
MSG_TEAM_SUBSTITUTES = "team_substitutes_count"
MSG_TEAM_SAME_PLAYER = "team_same_player"
MSG_TEAM_STALE = "team_entry_stale"
MSG_TEAM_STATUS = "team_status_unknown"
MSG_NAME_BLANK = "name_blank"
MSG_AUDIT_TEAM_ADD = "audit_team_add"
MSG_AUDIT_TEAM_EDIT = "audit_team_edit"
MSG_AUDIT_TEAM_STATUS = "audit_team_entry_status"

# A registered pair's name: its team's and its place. Data, like the names typed in.
PAIR_NAME = "{team}·组合{slot}"


@dataclass(frozen=True)
class TeamData:
    """A team as a form or a sheet row gives it: ``players`` are the pairs' players in
    order (pair 1's two, pair 2's two, …), ``substitutes`` the rest of the roster."""

    name: str
    unit: str = ""
    players: tuple[str, ...] = ()
    substitutes: tuple[str, ...] = ()
    seed: int | None = None
    phones: dict[int, str] = field(default_factory=dict)  # roster number → phone
    numbers: dict[int, str] = field(default_factory=dict)  # roster number → 会员号

    def normalized(self) -> TeamData:
        return TeamData(
            name=normalize_name(self.name),
            unit=normalize_name(self.unit),
            players=tuple(normalize_name(p) for p in self.players),
            substitutes=tuple(normalize_name(s) for s in self.substitutes if normalize_name(s)),
            seed=self.seed,
            phones={n: normalize_name(p) for n, p in self.phones.items()},
            numbers={n: member_key(m) for n, m in self.numbers.items() if member_key(m)},
        )

    @property
    def roster(self) -> tuple[str, ...]:
        return self.players + self.substitutes


def pair_name(team_name: str, slot: int) -> str:
    """The name of a team's registered pair ``slot``: "苏州一队·组合1"."""
    return PAIR_NAME.format(team=team_name, slot=slot)


def team_problems(tournament: Tournament, data: TeamData) -> dict[str, list[Message]]:
    """Why ``data`` cannot be registered in ``tournament`` (field → messages; empty: fine).
    ``data`` is normalized. The team's name is checked against the database by the caller."""
    errors: dict[str, list[Message]] = {}
    size = 2 * tournament.team_pairs
    if not data.name:
        errors["name"] = [Message(MSG_NAME_BLANK)]
    if len(data.players) != size or not all(data.players):
        errors["players"] = [Message(MSG_TEAM_PLAYERS, {"count": size})]
    if len(data.substitutes) > tournament.substitutes:
        errors["substitutes"] = [Message(MSG_TEAM_SUBSTITUTES, {"count": tournament.substitutes})]
    named = [n for n in data.roster if n]
    twice = sorted({n for n in named if named.count(n) > 1})
    if twice:
        errors.setdefault("players", []).append(
            Message(MSG_TEAM_SAME_PLAYER, {"names": "、".join(twice)})
        )
    return errors


def _check(tournament: Tournament, data: TeamData, exclude: Team | None) -> None:
    if not tournament.is_team_event:
        raise Invalid(MSG_NOT_TEAM_EVENT)
    errors = team_problems(tournament, data)
    taken = Team.objects.filter(tournament=tournament, name=data.name)
    if exclude is not None:
        taken = taken.exclude(pk=exclude.pk)
    if data.name and taken.exists():
        errors.setdefault("name", []).append(Message(MSG_TEAM_NAME_TAKEN, {"name": data.name}))
    if errors:
        raise FieldErrors(errors)


def team_snapshot(team: Team) -> dict:
    """Plain data for the audit log."""
    return {
        "name": team.name,
        "unit": team.unit.name if team.unit_id else "",
        "roster": list(team.members.order_by("number").values_list("name", flat=True)),
        "numbers": [
            m for m in team.members.order_by("number").values_list("member_no", flat=True) if m
        ],
        "seed": team.seed,
        "status": team.status,
        "draw_number": team.draw_number,
    } | _numbers(team)


def _numbers(team: Team) -> dict:
    """The roster's 会员号 where any is given (docs/rules.md §18)."""
    numbers = list(team.members.order_by("number").values_list("member_no", flat=True))
    return {"numbers": numbers} if any(numbers) else {}


def create_roster(team: Team, data: TeamData, pairs: int) -> None:
    """The team's members and its registered pairs with their players (a new team)."""
    members = TeamMember.objects.bulk_create(
        TeamMember(
            team=team,
            number=n,
            name=name,
            phone=data.phones.get(n, ""),
            member_no=data.numbers.get(n, ""),
        ).with_pinyin()
        for n, name in enumerate(data.roster, start=1)
    )
    for slot in range(1, pairs + 1):
        pair = Pair.objects.create(
            tournament_id=team.tournament_id,
            name=pair_name(team.name, slot),
            unit=team.unit,
            seed=team.seed,
            joined_round=team.joined_round,
            team=team,
            team_slot=slot,
        )
        first, second = members[2 * slot - 2], members[2 * slot - 1]
        Player.objects.bulk_create(
            Player(pair=pair, position=p, name=m.name, phone=m.phone, member=m).with_pinyin()
            for p, m in ((1, first), (2, second))
        )


@transaction.atomic
def team_register(*, tournament: Tournament, data: TeamData, by: Actor) -> Team:
    """Register a team with its roster and registered pairs (a late entry joins the next
    round with 0 points, as a pair does)."""
    data = data.normalized()
    _check(tournament, data, exclude=None)
    team = Team.objects.create(
        tournament=tournament,
        name=data.name,
        unit=Unit.named(tournament, data.unit),
        seed=data.seed,
        joined_round=next_round_number(tournament),
    )
    create_roster(team, data, tournament.team_pairs)
    link_event(tournament)
    log_action(
        tournament=tournament,
        by=by,
        action="squad.add",
        obj=team,
        summary=Message(MSG_AUDIT_TEAM_ADD, {"team": team.name}),
        after=team_snapshot(team),
    )
    public_changed(tournament)
    return team


@transaction.atomic
def team_update(*, team: Team, data: TeamData, version: int, by: Actor) -> Team:
    """Rename a team, its unit and its roster members (the players keep their places: a
    different line-up is a line-up change, :mod:`tournament.teams.line_ups`)."""
    team = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
    if team.version != version:
        raise Stale(MSG_TEAM_STALE)
    data = data.normalized()
    _check(team.tournament, data, exclude=team)
    before = team_snapshot(team)
    team.name, team.seed = data.name, data.seed
    team.unit = Unit.named(team.tournament, data.unit)
    team.version += 1
    team.save()
    members = {m.number: m for m in team.members.all()}
    for number, name in enumerate(data.roster, start=1):
        identity = (name, data.phones.get(number, ""), data.numbers.get(number, ""))
        member = members.pop(number, None) or TeamMember(team=team, number=number)
        if not same_identity(member, identity):
            member.person = None  # linked again below, by the new name, phone or 会员号
        member.name, member.phone, member.member_no = identity
        member.save()
        member.players.update(
            name=name, phone=member.phone, name_pinyin=member.name_pinyin, person=member.person
        )
    for gone in members.values():  # substitutes struck off, never players of a pair
        if not gone.players.exists():
            gone.delete()
    for pair in team.pairs.exclude(team_slot=None):
        pair.name, pair.unit, pair.seed = pair_name(team.name, pair.team_slot), team.unit, team.seed
        pair.save()
    team.pairs.filter(team_slot=None).update(unit=team.unit)
    link_event(team.tournament)
    log_action(
        tournament=team.tournament,
        by=by,
        action="squad.edit",
        obj=team,
        summary=Message(MSG_AUDIT_TEAM_EDIT, {"team": team.name}),
        before=before,
        after=team_snapshot(team),
    )
    public_changed(team.tournament)
    return team


@transaction.atomic
def team_set_status(*, team: Team, status: str, by: Actor) -> Team:
    """Withdraw, disqualify or reinstate a team, and its pairs with it."""
    if status not in dict(Pair.STATUS_CHOICES):
        raise Invalid(MSG_TEAM_STATUS)
    team = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
    labels = {key: str(label) for key, label in Pair.STATUS_CHOICES}
    before = team.status
    team.status = status
    team.version += 1
    team.save(update_fields=["status", "version"])
    team.pairs.update(status=status)
    log_action(
        tournament=team.tournament,
        by=by,
        action="squad.status",
        obj=team,
        summary=Message(
            MSG_AUDIT_TEAM_STATUS,
            {"team": team.name, "before": term(labels[before]), "after": term(labels[status])},
        ),
        before={"status": before},
        after={"status": status},
    )
    public_changed(team.tournament)
    return team
