"""Creating and changing tournaments."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from tournament.models import Stage, Tournament
from tournament.options import FORMATS
from tournament.services.audit import log_action

MSG_SLUG_TAKEN = "网址代号“{slug}”已被使用"


def default_stages(tournament: Tournament) -> list[Stage]:
    """The stage list a format implies; a staged event starts with a Swiss stage."""
    kind = "swiss" if tournament.format == "staged" else tournament.format
    rounds = {"rotation": 3}.get(kind, tournament.rounds)
    return [Stage(tournament=tournament, order=1, name=FORMATS[kind], kind=kind, rounds=rounds)]


@transaction.atomic
def tournament_create(*, organizer, request=None, **fields) -> Tournament:
    """Create a tournament with its first stage; raise ValidationError on bad options."""
    if Tournament.objects.filter(slug=fields.get("slug")).exists():
        raise ValidationError({"slug": MSG_SLUG_TAKEN.format(slug=fields.get("slug"))})
    tournament = Tournament(organizer=organizer, **fields)
    tournament.full_clean()
    tournament.save()
    Stage.objects.bulk_create(default_stages(tournament))
    log_action(
        tournament=tournament, user=organizer, request=request, action="tournament.create",
        obj=tournament, summary=f"创建赛事 {tournament.name}", after=tournament.option_values(),
    )  # fmt: skip
    return tournament


@transaction.atomic
def tournament_update(
    *, tournament: Tournament, version: int, user=None, request=None
) -> Tournament:
    """Save changed options (already set on ``tournament``) unless someone saved first."""
    current = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if current.version != version:
        raise ValidationError("赛事设置已被他人修改，请刷新后重试")
    before = current.option_values()
    tournament.full_clean()
    tournament.version = current.version + 1
    tournament.save()
    if not tournament.round_set.exists():
        # Nothing played yet: the stage list still follows the format.
        tournament.stages.all().delete()
        Stage.objects.bulk_create(default_stages(tournament))
    log_action(
        tournament=tournament, user=user, request=request, action="tournament.edit",
        obj=tournament, summary="修改赛事设置", before=before, after=tournament.option_values(),
    )  # fmt: skip
    return tournament
