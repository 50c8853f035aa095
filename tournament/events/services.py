"""Creating and changing tournaments."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from rules.messages import Message
from tournament.core.actors import NOBODY, Actor
from tournament.core.audit import log_action
from tournament.core.errors import FieldErrors, Refused, Stale
from tournament.core.stamps import public_changed
from tournament.models import Round, Stage, Tournament
from tournament.text.messages.audit import MSG_AUDIT_CREATE_EVENT, MSG_AUDIT_SETTINGS, term
from tournament.text.options import FORMATS

# Message codes: texts in tournament/text/messages/services.py
MSG_SLUG_TAKEN = "slug_taken"
MSG_STALE = "event_stale"
MSG_STARTED = "event_started"
MSG_ENTRY_REGISTERED = "event_entry_registered"


def default_stages(tournament: Tournament) -> list[Stage]:
    """The stage list a format implies; a staged event starts with a Swiss stage."""
    kind = "swiss" if tournament.format == "staged" else tournament.format
    rounds = {"rotation": 3}.get(kind, tournament.rounds)
    return [Stage(tournament=tournament, order=1, name=FORMATS[kind], kind=kind, rounds=rounds)]


def _clean(tournament: Tournament) -> None:
    """The model's own validation of the options, as a service error."""
    try:
        tournament.full_clean()
    except ValidationError as exc:
        raise FieldErrors.of_model(exc) from None


@transaction.atomic
def tournament_create(*, organizer, by: Actor = NOBODY, **fields) -> Tournament:
    """Create a tournament with its first stage; raise :class:`FieldErrors` on bad options."""
    if Tournament.objects.filter(slug=fields.get("slug")).exists():
        raise FieldErrors({"slug": [Message(MSG_SLUG_TAKEN, {"slug": fields.get("slug")})]})
    tournament = Tournament(organizer=organizer, **fields)
    _clean(tournament)
    tournament.save()
    Stage.objects.bulk_create(default_stages(tournament))
    log_action(
        tournament=tournament,
        by=by.via(by.path, user=organizer),
        action="tournament.create",
        obj=tournament,
        summary=Message(MSG_AUDIT_CREATE_EVENT, {"name": tournament.name}),
        after=tournament.option_values(),
    )
    public_changed(tournament)
    return tournament


@transaction.atomic
def tournament_update(*, tournament: Tournament, version: int, by: Actor) -> Tournament:
    """Save changed options (already set on ``tournament``) unless someone saved first."""
    current = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if current.version != version:
        raise Stale(MSG_STALE)
    before, after = settings_snapshot(current), settings_snapshot(tournament)
    changed = {key for key in after if before[key] != after[key]}
    frozen = changed & FROZEN_ONCE_PLAYED
    if frozen and current.round_set.exclude(status=Round.DRAFT).exists():
        labels = [_field_label(key) for key in sorted(frozen)]
        raise Refused(MSG_STARTED, labels=labels)
    if changed & {"entry", "team_pairs"} and current.pairs.exists():
        # The registered pairs (and teams) were made for the entry kind and team size.
        raise Refused(MSG_ENTRY_REGISTERED)
    _clean(tournament)
    tournament.version = current.version + 1
    # Fields set by other actions (the draw) are not on the form: keep what is stored.
    tournament.draw_seed, tournament.lot_seed = current.draw_seed, current.lot_seed
    tournament.save()
    stages = list(tournament.stages.all())
    if {"format", "rounds"} & changed and not tournament.round_set.exists() and len(stages) <= 1:
        # Nothing played and no stage added by hand: the single stage follows the format.
        tournament.stages.all().delete()
        Stage.objects.bulk_create(default_stages(tournament))
    log_action(
        tournament=tournament,
        by=by,
        action="tournament.edit",
        obj=tournament,
        summary=Message(MSG_AUDIT_SETTINGS, {"fields": [_field_label(k) for k in sorted(changed)]}),
        before={k: before[k] for k in changed},
        after={k: after[k] for k in changed},
    )
    public_changed(tournament)
    return tournament


# The rules a result was scored and paired with: changing them mid-event would silently
# rewrite every standing.
FROZEN_ONCE_PLAYED = {
    "format",
    "levels",
    "pass_a",
    "a_fail",
    "scoring",
    "games",
    "bye_policy",
    "hundred_at_time",
    "hundred_forfeit",
}
SNAPSHOT_EXCLUDE = {
    "id",
    "organizer",
    "version",
    "created_at",
    "updated_at",
    "certificate_background",
    "projector_sponsor",
}


def settings_snapshot(tournament: Tournament) -> dict:
    """Every setting as plain JSON-able data, for comparing and auditing."""
    data = {}
    for field in Tournament._meta.concrete_fields:
        if field.name not in SNAPSHOT_EXCLUDE:
            value = getattr(tournament, field.attname)
            data[field.name] = value.isoformat() if hasattr(value, "isoformat") else value
    return data


def _field_label(name: str) -> Message:
    """A setting by its label ("轮数", "Rounds"), as the activity log shows it."""
    return term(Tournament._meta.get_field(name).verbose_name)
