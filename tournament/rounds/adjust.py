"""Manual adjustment of a draft pairing (人工辅助): swap, move, give or take a bye.

Every operation changes only the draft round's matches and is audited. The conflicts
(rematch, same unit, seat imbalance, a pair twice or missing) are recomputed by the pure
:func:`pairing.check_pairing` after each change and shown live; the blocking ones stop the
round from being published (:func:`blocking_conflicts`). The tables' badges are stored
again after each change from the same check (:func:`pairing.conflicts.refreshed_flags`),
so a badge never outlives its conflict.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Max

from pairing import Bye, Pairing
from pairing import Table as PairedTable
from pairing.conflicts import check_pairing, refreshed_flags
from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.core.round_actions import problem
from tournament.core.stamps import public_changed
from tournament.events.stages import stage_members
from tournament.models import Round, Table
from tournament.registration.forbidden_pairings import forbidden_pairs
from tournament.rounds.pairing import entrants
from tournament.teams.line_ups import line_ups
from tournament.teams.pairing import active_teams
from tournament.text.messages import render
from tournament.text.messages.audit import (
    MSG_AUDIT_GIVE_BYE,
    MSG_AUDIT_RENUMBER,
    MSG_AUDIT_SWAP,
    MSG_AUDIT_TAKE_BYE,
)

MSG_ADJUST_ALREADY_BYE = "adjust_already_bye"
MSG_ADJUST_NOT_IN_ROUND = "adjust_not_in_round"
MSG_ADJUST_TWO_BYES = "adjust_two_byes"


def pairing_of(round_: Round) -> Pairing:
    """The round's matches as a plain :class:`pairing.Pairing`."""
    tables, byes = [], []
    rows = round_.tables.order_by("number", "pk").values_list(
        "number", "ew_id", "ns_id", "flags", "bracket_id", "bracket_game"
    )  # plain values: 2,500 Table objects cost more than the check itself
    for table, ew, ns, flags, bracket_id, game in rows:
        if ns is None:
            byes.append(Bye(ew, frozenset(flags or ["bye"])))
        else:
            tables.append(PairedTable(table, ew, ns, frozenset(flags or []), bracket_id, game))
    return Pairing(tables=tuple(tables), byes=tuple(byes))


def line_up_pairs(tournament, number: int) -> set[int]:
    """The pairs a team event's round ``number`` must seat: its active teams' line-ups."""
    ups = line_ups(tournament, number)
    return {p for team in active_teams(tournament, number) for p in ups.get(team.pk, [])}


def _checked(round_: Round, *, ranked: bool = True) -> tuple[Pairing, list, dict]:
    """The round's pairing, its active field (``ranked``: in standings order, with points;
    see :func:`~tournament.rounds.pairing.entrants`) and the keyword arguments of the check."""
    tournament = round_.tournament
    pairing = pairing_of(round_)
    field = entrants(tournament, round_.number, ranked=ranked)
    members = stage_members(tournament, round_.stage, placed=set(pairing.entrant_ids()))
    if tournament.is_team_event:  # the pairs of the active teams' line-ups play
        members = line_up_pairs(tournament, round_.number)
    elif tournament.is_individual_event:  # partnerships change every round: those seated
        members = set(pairing.entrant_ids())
    if members is not None:
        field = [e for e in field if e.id in members]
    options = {
        "avoid_same_unit": tournament.avoid_same_unit,
        "forbidden": forbidden_pairs(tournament),
    }
    return pairing, field, options


def conflicts(round_: Round) -> list:
    """Every conflict of the round's pairing, as found by :func:`pairing.check_pairing`.

    The check reads neither rank nor points, so the field is first taken without the
    standings (their computation is most of the cost of publishing at 5,000 pairs). Only
    the pairs found missing come in the field's order: when there are any, the check is
    made again on the field in standings order, so they are listed as they always were.
    """
    pairing, field, options = _checked(round_, ranked=False)
    found = check_pairing(pairing, field, **options)
    if any(c.kind == "missing" for c in found):
        pairing, field, options = _checked(round_)
        found = check_pairing(pairing, field, **options)
    return found


def _refresh_flags(round_: Round) -> None:
    """Store every table's badges again from the check the conflict list uses."""
    pairing, field, options = _checked(round_)
    flags = refreshed_flags(pairing, field, **options)
    changed = []
    for m in round_.tables.exclude(ns=None).exclude(number=None):
        new = sorted(flags.get(m.number, m.flags or []))
        if new != sorted(m.flags or []):
            m.flags = new
            changed.append(m)
    Table.objects.bulk_update(changed, ["flags"])


def conflict_texts(round_: Round, found: list) -> list[tuple[bool, str]]:
    """(blocking, sentence with pair names, in the active language) for each conflict."""
    names = dict(round_.tournament.pairs.values_list("pk", "name"))
    return [(c.blocking, render(c.message(names))) for c in found]


def blocking_conflicts(round_: Round) -> list[str]:
    """The conflicts that forbid publishing, as sentences in the active language."""
    return [text for blocking, text in conflict_texts(round_, conflicts(round_)) if blocking]


def _draft(round_: Round) -> Round:
    round_ = (
        Round.objects.select_for_update(of=("self",))
        .select_related("tournament", "stage")
        .get(pk=round_.pk)
    )
    # Knockout tables come from the bracket and rotation tables from the movement table:
    # moving a pair by hand would break them (see round_actions).
    why = problem(round_, "adjust")
    if why:
        raise Refused(why)
    return round_


def _slot(round_: Round, pair_id: int) -> tuple[Table, str]:
    table = round_.tables.filter(ew_id=pair_id).first()
    if table is not None:
        return table, "ew"
    table = round_.tables.filter(ns_id=pair_id).first()
    if table is not None:
        return table, "ns"
    raise Refused(MSG_ADJUST_NOT_IN_ROUND)


def _touch(round_: Round, *, by: Actor, summary: Message) -> None:
    _refresh_flags(round_)
    round_.version += 1
    round_.save(update_fields=["version"])
    log_action(
        tournament=round_.tournament,
        by=by,
        action="round.adjust",
        obj=round_,
        summary=summary,
    )
    public_changed(round_.tournament)


def _mark_manual(table: Table) -> None:
    table.flags = sorted(set(table.flags or []) | {"manual"})


@transaction.atomic
def swap_pairs(round_: Round, pair_a: int, pair_b: int, *, by: Actor) -> None:
    """Exchange the places (table and seat, or bye) of two pairs."""
    round_ = _draft(round_)
    (ma, sa), (mb, sb) = _slot(round_, pair_a), _slot(round_, pair_b)
    if ma.pk == mb.pk:
        ma.ew_id, ma.ns_id = ma.ns_id, ma.ew_id  # same table: swap seats
        _mark_manual(ma)
        ma.save()
    else:
        setattr(ma, f"{sa}_id", pair_b)
        setattr(mb, f"{sb}_id", pair_a)
        for m in (ma, mb):
            _mark_manual(m)
            m.save()
    _touch(
        round_,
        by=by,
        summary=Message(MSG_AUDIT_SWAP, {"a": pair_a, "b": pair_b}),
    )


@transaction.atomic
def give_bye(round_: Round, pair_id: int, *, by: Actor) -> None:
    """Take a pair off its table and give it a bye; its opponent is left waiting (a bye too)."""
    round_ = _draft(round_)
    table, _ = _slot(round_, pair_id)
    if table.ns_id is None:
        raise Refused(MSG_ADJUST_ALREADY_BYE)
    other = table.ns_id if table.ew_id == pair_id else table.ew_id
    table.delete()
    for tid in (pair_id, other):
        Table.objects.create(
            round=round_,
            number=None,
            ew_id=tid,
            ns_id=None,
            flags=["bye", "manual"],
            state=Table.CONFIRMED,
        )
    _touch(round_, by=by, summary=Message(MSG_AUDIT_GIVE_BYE, {"team": pair_id}))


@transaction.atomic
def pair_byes(round_: Round, pair_a: int, pair_b: int, *, by: Actor) -> None:
    """Take two pairs off the bye list and seat them at a new table (a takes EW)."""
    round_ = _draft(round_)
    byes = {m.ew_id: m for m in round_.tables.filter(ns=None, ew_id__in=[pair_a, pair_b])}
    if len(byes) != 2 or pair_a == pair_b:
        raise Refused(MSG_ADJUST_TWO_BYES)
    for m in byes.values():
        m.delete()
    top = round_.tables.aggregate(top=Max("number"))["top"] or 0
    Table.objects.create(round=round_, number=top + 1, ew_id=pair_a, ns_id=pair_b, flags=["manual"])
    _touch(
        round_,
        by=by,
        summary=Message(MSG_AUDIT_TAKE_BYE, {"a": pair_a, "b": pair_b}),
    )


@transaction.atomic
def renumber_tables(round_: Round, *, by: Actor) -> None:
    """Number the tables 1… again, in their current order (after byes were given or taken)."""
    round_ = _draft(round_)
    tables = list(round_.tables.exclude(ns=None).order_by("number", "pk"))
    # Out of the way first, past every number in use: a table with an opponent always has a
    # number (match_table_iff_opponent), and two tables never share one, at any moment.
    highest = max((m.number for m in tables), default=0)
    Table.objects.filter(pk__in=[m.pk for m in tables]).update(number=F("number") + highest)
    for i, m in enumerate(tables, start=1):
        m.number = i
    Table.objects.bulk_update(tables, ["number"])
    _touch(round_, by=by, summary=Message(MSG_AUDIT_RENUMBER))
