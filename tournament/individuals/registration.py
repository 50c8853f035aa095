"""Registering individuals: add, edit, withdraw and reinstate. Each individual gets its
own entry at once (a pair of one player, named as the individual): check-in, absences and
sit-outs are written against it (:mod:`tournament.models.individuals`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import FieldErrors, Invalid, Stale
from tournament.core.identity import link_event, member_key, same_identity
from tournament.core.normalize import normalize_name
from tournament.core.stamps import public_changed
from tournament.models import Individual, Pair, Player, Tournament, Unit
from tournament.standings.selectors import next_round_number
from tournament.text.messages.audit import term

# Message codes: texts in tournament/text/messages/teams.py (the pairs' where named so).
MSG_NOT_INDIVIDUAL_EVENT = "individual_not_individual_event"
MSG_NAME_TAKEN = "individual_name_taken"
MSG_NAME_BLANK = "name_blank"
MSG_STALE = "individual_stale"
MSG_STATUS = "team_status_unknown"
MSG_AUDIT_ADD = "audit_individual_add"
MSG_AUDIT_EDIT = "audit_individual_edit"
MSG_AUDIT_STATUS = "audit_individual_status"


@dataclass(frozen=True)
class IndividualData:
    """A player as a form or a sheet row gives them."""

    name: str
    unit: str = ""
    phone: str = ""
    seed: int | None = None
    member_no: str = ""  # 会员号 (docs/rules.md §18)

    def normalized(self) -> IndividualData:
        return IndividualData(
            normalize_name(self.name),
            normalize_name(self.unit),
            normalize_name(self.phone),
            self.seed,
            member_key(self.member_no),
        )


def _check(tournament: Tournament, data: IndividualData, exclude: Individual | None) -> None:
    if not tournament.is_individual_event:
        raise Invalid(MSG_NOT_INDIVIDUAL_EVENT)
    if not data.name:
        raise FieldErrors({"name": [Message(MSG_NAME_BLANK)]})
    taken = Individual.objects.filter(tournament=tournament, name=data.name)
    if exclude is not None:
        taken = taken.exclude(pk=exclude.pk)
    # Own entries and partnerships share the pairs' names ("王伟", "王伟/李娜").
    clash = Pair.objects.filter(tournament=tournament, name=data.name)
    if exclude is not None and exclude.own_id:
        clash = clash.exclude(pk=exclude.own_id)
    if taken.exists() or clash.exists():
        raise FieldErrors({"name": [Message(MSG_NAME_TAKEN, {"name": data.name})]})


def snapshot(individual: Individual) -> dict:
    """Plain data for the audit log."""
    return {
        "name": individual.name,
        "unit": individual.unit.name if individual.unit_id else "",
        "phone": individual.phone,
        "seed": individual.seed,
        "status": individual.status,
        "draw_number": individual.draw_number,
    } | ({"member_no": individual.member_no} if individual.member_no else {})


def create_own(individual: Individual) -> Pair:
    """The individual's own entry: a pair of one player (check-in, absences, sit-outs)."""
    own = Pair.objects.create(
        tournament_id=individual.tournament_id,
        name=individual.name,
        unit_id=individual.unit_id,
        seed=individual.seed,
        joined_round=individual.joined_round,
        status=individual.status,
    )
    Player.objects.create(
        pair=own,
        position=1,
        name=individual.name,
        phone=individual.phone,
        individual=individual,
        person_id=individual.person_id,
    )
    Individual.objects.filter(pk=individual.pk).update(own=own)
    individual.own = own
    return own


@transaction.atomic
def individual_register(*, tournament: Tournament, data: IndividualData, by: Actor) -> Individual:
    """Register a player alone (a late entry joins the next round with 0 points)."""
    data = data.normalized()
    _check(tournament, data, exclude=None)
    individual = Individual.objects.create(
        tournament=tournament,
        name=data.name,
        unit=Unit.named(tournament, data.unit),
        phone=data.phone,
        member_no=data.member_no,
        seed=data.seed,
        joined_round=next_round_number(tournament),
    )
    create_own(individual)
    link_event(tournament)
    log_action(
        tournament=tournament,
        by=by,
        action="individual.add",
        obj=individual,
        summary=Message(MSG_AUDIT_ADD, {"name": individual.name}),
        after=snapshot(individual),
    )
    public_changed(tournament)
    return individual


@transaction.atomic
def individual_update(
    *, individual: Individual, data: IndividualData, version: int, by: Actor
) -> Individual:
    """Change a player's name, unit, phone or seed; refused when someone saved first."""
    individual = (
        Individual.objects.select_for_update().select_related("tournament").get(pk=individual.pk)
    )
    if individual.version != version:
        raise Stale(MSG_STALE)
    data = data.normalized()
    _check(individual.tournament, data, exclude=individual)
    before = snapshot(individual)
    old_name = individual.name
    if not same_identity(individual, (data.name, data.phone, data.member_no)):
        individual.person = None  # linked again below, by the new name, phone or 会员号
    individual.name, individual.phone, individual.seed = data.name, data.phone, data.seed
    individual.member_no = data.member_no
    individual.unit = Unit.named(individual.tournament, data.unit)
    individual.version += 1
    individual.save()
    individual.seats.update(name=individual.name, phone=individual.phone, person=None)
    link_event(individual.tournament)
    Pair.objects.filter(pk=individual.own_id).update(name=individual.name, unit=individual.unit)
    if old_name != individual.name:
        for pair in Pair.objects.filter(players__individual=individual).exclude(
            pk=individual.own_id
        ):
            pair.name = "/".join(p.name for p in pair.players.order_by("position"))
            pair.save()
    log_action(
        tournament=individual.tournament,
        by=by,
        action="individual.edit",
        obj=individual,
        summary=Message(MSG_AUDIT_EDIT, {"name": individual.name}),
        before=before,
        after=snapshot(individual),
    )
    public_changed(individual.tournament)
    return individual


@transaction.atomic
def individual_set_status(*, individual: Individual, status: str, by: Actor) -> Individual:
    """Withdraw, disqualify or reinstate a player (and their own entry with them)."""
    if status not in dict(Pair.STATUS_CHOICES):
        raise Invalid(MSG_STATUS)
    individual = (
        Individual.objects.select_for_update().select_related("tournament").get(pk=individual.pk)
    )
    labels = {key: str(label) for key, label in Pair.STATUS_CHOICES}
    before = individual.status
    individual.status = status
    individual.version += 1
    individual.save(update_fields=["status", "version"])
    Pair.objects.filter(pk=individual.own_id).update(status=status)
    log_action(
        tournament=individual.tournament,
        by=by,
        action="individual.status",
        obj=individual,
        summary=Message(
            MSG_AUDIT_STATUS,
            {
                "name": individual.name,
                "before": term(labels[before]),
                "after": term(labels[status]),
            },
        ),
        before={"status": before},
        after={"status": status},
    )
    public_changed(individual.tournament)
    return individual
