"""Registering pairs: add, edit, withdraw, reinstate and the all-or-nothing sheet import."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from django.db import transaction

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.bulk import insert_all
from tournament.core.errors import FieldErrors, Invalid, Stale
from tournament.core.identity import link_event, member_key, same_identity
from tournament.core.normalize import normalize_name
from tournament.core.stamps import public_changed
from tournament.models import Pair, Player, Tournament, Unit
from tournament.registration.registration_spreadsheet import (
    HEADERS,
    MSG_DUP_PAIR_DB,
    MSG_SAME_PLAYER,
    RegistrationCheck,
    check_registration,
)
from tournament.spreadsheets.member_numbers import MSG_DUP_MEMBER_DB, MSG_DUP_MEMBER_FILE
from tournament.spreadsheets.table_file import read_table
from tournament.spreadsheets.uploads import upload_limits
from tournament.standings.selectors import next_round_number
from tournament.text.messages.audit import (
    MSG_AUDIT_EDIT_PAIR,
    MSG_AUDIT_IMPORT_PAIRS,
    MSG_AUDIT_PAIR_STATUS,
    MSG_AUDIT_REGISTER,
    term,
)

# Message codes: texts in tournament/text/messages/services.py
MSG_STALE = "team_stale"
MSG_STATUS = "pair_status"
MSG_NAME_BLANK = "name_blank"
MSG_TEAM_EVENT = "pair_in_team_event"  # text in tournament/text/messages/teams.py
MSG_INDIVIDUAL_EVENT = "pair_in_individual_event"  # text in tournament/text/messages/teams.py


def _pairs_event(tournament: Tournament) -> None:
    """Refuse loose pairs in a team event: its pairs are its teams' (tournament.teams); and
    in an individual event: its pairs are its players' own entries and partnerships."""
    if tournament.is_team_event:
        raise Invalid(MSG_TEAM_EVENT)
    if tournament.is_individual_event:
        raise Invalid(MSG_INDIVIDUAL_EVENT)


def _not_individuals(pair: Pair) -> None:
    """Refuse changing a pair of an individual event by hand: its own entries change with
    their players (tournament.individuals.registration), its partnerships with the rounds."""
    if Tournament.objects.filter(pk=pair.tournament_id, entry="individuals").exists():
        raise Invalid(MSG_INDIVIDUAL_EVENT)


@dataclass(frozen=True)
class PairData:
    name: str
    unit: str
    player1: str
    player2: str
    phone1: str = ""
    phone2: str = ""
    seed: int | None = None
    member1: str = ""  # 会员号 (docs/rules.md §18)
    member2: str = ""

    def identity(self, position: int) -> tuple[str, str, str]:
        """Player ``position``'s name, phone and 会员号."""
        if position == 1:
            return (self.player1, self.phone1, self.member1)
        return (self.player2, self.phone2, self.member2)


def _norm(text: str) -> str:
    """Names and phones as stored: one normalisation for the form, the sheet and archives."""
    return normalize_name(text)


def pair_snapshot(pair: Pair, players: Iterable[Player] | None = None) -> dict:
    """Plain data for the audit log. ``players``: the pair's players when the caller
    already holds them (no query); read from the database otherwise."""
    players = {p.position: p for p in (pair.players.all() if players is None else players)}
    return {
        "name": pair.name,
        "unit": pair.unit.name if pair.unit_id else "",
        "player1": players[1].name if 1 in players else "",
        "player2": players[2].name if 2 in players else "",
        "seed": pair.seed,
        "status": pair.status,
        "draw_number": pair.draw_number,
    } | {  # the 会员号 where given (docs/rules.md §18)
        f"member{n}": p.member_no for n, p in players.items() if p.member_no
    }


def unit_for(tournament: Tournament, name: str) -> Unit | None:
    return Unit.named(tournament, _norm(name))


def _clean(data: PairData) -> PairData:
    """The form's or a command's data in its one stored form."""
    data = PairData(**{k: _norm(v) if isinstance(v, str) else v for k, v in data.__dict__.items()})
    return replace(data, member1=member_key(data.member1), member2=member_key(data.member2))


def _check_names(tournament: Tournament, data: PairData, exclude: Pair | None) -> None:
    errors = {}
    for key in ("name", "player1", "player2"):
        if not getattr(data, key):  # e.g. only zero-width characters were typed
            errors[key] = [Message(MSG_NAME_BLANK)]
    if errors:
        raise FieldErrors(errors)
    taken = Pair.objects.filter(tournament=tournament).order_by()  # any order will do
    if exclude is not None:
        taken = taken.exclude(pk=exclude.pk)
    # Compared normalised: a name stored before normalisation may still hold a zero-width space.
    if any(normalize_name(name) == data.name for name in taken.values_list("name", flat=True)):
        errors["name"] = [Message(MSG_DUP_PAIR_DB, {"name": data.name})]
    if data.player1 == data.player2:
        errors["player2"] = [Message(MSG_SAME_PLAYER)]
    errors.update(_member_errors(tournament, data, exclude))
    if errors:
        raise FieldErrors(errors)


def _member_errors(tournament: Tournament, data: PairData, exclude: Pair | None) -> dict:
    """A 会员号 names one person: not twice in the pair, nor in another pair of the event."""
    errors = {}
    others = Player.objects.filter(pair__tournament=tournament).exclude(member_no="")
    if exclude is not None:
        others = others.exclude(pair=exclude)
    taken = set(others.values_list("member_no", flat=True))
    for key in ("member1", "member2"):
        number = getattr(data, key)
        if number and number in taken:
            errors[key] = [Message(MSG_DUP_MEMBER_DB, {"number": number})]
    if data.member1 and data.member1 == data.member2:
        errors["member2"] = [Message(MSG_DUP_MEMBER_FILE, {"number": data.member2, "other": 1})]
    return errors


@transaction.atomic
def pair_register(*, tournament: Tournament, data: PairData, by: Actor) -> Pair:
    _pairs_event(tournament)
    data = _clean(data)
    _check_names(tournament, data, exclude=None)
    # A late entry (registered after pairing began) joins the next round with 0 points.
    pair = Pair.objects.create(
        tournament=tournament,
        name=data.name,
        unit=unit_for(tournament, data.unit),
        seed=data.seed,
        joined_round=next_round_number(tournament),
    )
    # One insert for both players (bulk_create skips Player.save, hence with_pinyin).
    players = Player.objects.bulk_create(
        Player(pair=pair, position=position, name=name, phone=phone, member_no=number).with_pinyin()
        for position, name, phone, number in (
            (1, data.player1, data.phone1, data.member1),
            (2, data.player2, data.phone2, data.member2),
        )
    )
    link_event(tournament)
    log_action(
        tournament=tournament,
        by=by,
        action="team.add",
        obj=pair,
        summary=Message(MSG_AUDIT_REGISTER, {"team": pair.name}),
        after=pair_snapshot(pair, players),
    )
    public_changed(tournament)
    return pair


@transaction.atomic
def pair_update(*, pair: Pair, data: PairData, version: int, by: Actor) -> Pair:
    """Change a pair; refused when someone else saved it since ``version`` was read."""
    _not_individuals(pair)
    pair = Pair.objects.select_for_update().get(pk=pair.pk)
    if pair.version != version:
        raise Stale(MSG_STALE)
    data = _clean(data)
    _check_names(pair.tournament, data, exclude=pair)
    before = pair_snapshot(pair)
    pair.name = data.name
    pair.unit = unit_for(pair.tournament, data.unit)
    pair.seed = data.seed
    pair.version += 1
    pair.save()
    seats = {p.position: p for p in pair.players.all()}
    for position, identity in ((1, data.identity(1)), (2, data.identity(2))):
        player = seats.get(position) or Player(pair=pair, position=position)
        if not same_identity(player, identity):
            player.person = None  # linked again below, by the new name, phone or 会员号
        player.name, player.phone, player.member_no = identity
        player.save()
    link_event(pair.tournament)
    log_action(
        tournament=pair.tournament,
        by=by,
        action="team.edit",
        obj=pair,
        summary=Message(MSG_AUDIT_EDIT_PAIR, {"team": pair.name}),
        before=before,
        after=pair_snapshot(pair),
    )
    public_changed(pair.tournament)
    return pair


@transaction.atomic
def pair_set_status(*, pair: Pair, status: str, by: Actor) -> Pair:
    """Withdraw (退赛), disqualify (取消资格) or reinstate (恢复参赛) a pair."""
    if status not in dict(Pair.STATUS_CHOICES):
        raise Invalid(MSG_STATUS)
    _not_individuals(pair)
    pair = Pair.objects.select_for_update().get(pk=pair.pk)
    labels = {key: str(label) for key, label in Pair.STATUS_CHOICES}
    before = pair.status
    pair.status = status
    pair.version += 1
    pair.save(update_fields=["status", "version"])
    log_action(
        tournament=pair.tournament,
        by=by,
        action="team.status",
        obj=pair,
        summary=Message(
            MSG_AUDIT_PAIR_STATUS,
            {"team": pair.name, "before": term(labels[before]), "after": term(labels[status])},
        ),
        before={"status": before},
        after={"status": status},
    )
    public_changed(pair.tournament)
    return pair


def registration_check(tournament: Tournament, data: bytes, filename: str) -> RegistrationCheck:
    """Read and check a registration sheet against the pairs already registered."""
    _pairs_event(tournament)
    table = read_table(data, filename, HEADERS["team"] + HEADERS["player1"], upload_limits())
    existing_players: dict[str, list[tuple[str, str, str]]] = {}
    for name, phone, pair, unit in Player.objects.filter(pair__tournament=tournament).values_list(
        "name", "phone", "pair__name", "pair__unit__name"
    ):
        existing_players.setdefault(name, []).append((phone, pair, unit or ""))
    existing_pairs = Pair.objects.filter(tournament=tournament).values_list("name", flat=True)
    members = Player.objects.filter(pair__tournament=tournament).exclude(member_no="")
    return check_registration(
        table, existing_pairs, existing_players, members.values_list("member_no", flat=True)
    )


def _players(rows, keys: dict[str, int]) -> list[Player]:
    """The sheet's players, each in its new pair (``keys``: pair name → key)."""
    return [
        Player(
            pair_id=keys[r.pair], position=position, name=name, phone=phone, member_no=number
        ).with_pinyin()
        for r in rows
        for position, name, phone, number in (
            (1, r.player1, r.phone, r.member1),
            (2, r.player2, r.phone2, r.member2),
        )
    ]


@transaction.atomic
def pairs_import(
    *, tournament: Tournament, data: bytes, filename: str, by: Actor, actor: str = ""
) -> RegistrationCheck:
    """Import a sheet: all rows, or nothing when any row has a problem.

    Checked again inside the transaction, so a pair registered between the preview and
    the confirmation is still caught.
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    check = registration_check(tournament, data, filename)
    if not check.ok:
        return check
    units = {u.name: u for u in Unit.objects.filter(tournament=tournament)}
    next_round = next_round_number(tournament)
    for name in check.units():
        if name not in units:
            units[name] = Unit.objects.create(tournament=tournament, name=name)
    # One statement for the pairs and one for the players (tournament.core.bulk): at 5,000
    # rows bulk_create's compiled batches were a quarter of the command. Pair names are
    # unique in an event (and checked above), so the new pairs' keys are read back by name.
    insert_all(
        [
            Pair(
                tournament=tournament,
                name=r.pair,
                unit=units.get(r.unit),
                seed=r.seed,
                joined_round=next_round,
            ).with_pinyin()
            for r in check.rows
        ]
    )
    names = {r.pair for r in check.rows}
    keys = {
        name: pk
        for name, pk in Pair.objects.filter(tournament=tournament).values_list("name", "pk")
        if name in names
    }
    insert_all(_players(check.rows, keys))
    link_event(tournament)
    count = len(check.rows)
    log_action(
        tournament=tournament,
        by=by,
        action="team.import",
        label=actor,
        summary=Message(MSG_AUDIT_IMPORT_PAIRS, {"file": filename, "count": count}),
        after={"count": count, "file": filename},
    )
    public_changed(tournament)
    return check
