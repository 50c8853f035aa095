"""Making and changing a series (系列赛, docs/rules.md §20): create, settings, events in it.

Who: any account that may create events (the association's organizers) creates a series;
its creator and the site's administrators change it (:func:`may_change`).

Audit: the activity log belongs to an event today (``AuditEntry.tournament``), so adding an
event to a series and taking it out are logged on that event, and a change of the points
settings on every event the series holds (the event's points change with them). Creating a
series concerns no event: ``Series.created_by`` and ``created_at`` record it.
"""

from __future__ import annotations

import json

from django.db import transaction

from rules.messages import Message
from scoring import ScoringError
from scoring.series_points import parse_config
from tournament.core.actors import NOBODY, Actor
from tournament.core.audit import audit_entry, log_action, log_entries
from tournament.core.errors import FieldErrors, Invalid, NotAllowed, Refused
from tournament.models import Series, SeriesEvent, Tournament
from tournament.models.series import EVENT_CLASSES
from tournament.text.messages.audit import (
    MSG_AUDIT_SERIES_ADD,
    MSG_AUDIT_SERIES_EDIT,
    MSG_AUDIT_SERIES_REMOVE,
    term,
)

MSG_SLUG_TAKEN = "series_slug_taken"
MSG_NO_EVENT = "series_no_event"
MSG_EVENT_TWICE = "series_event_twice"
MSG_EVENT_MISSING = "series_event_missing"
MSG_BAD_CLASS = "series_bad_class"
MSG_CONFIG_JSON = "series_config_json"
MSG_NOT_YOURS = "series_not_yours"
SETTINGS = ("name", "host", "config", "best_n", "certificate_top", "published", "publish_rating")


def may_change(user, series: Series) -> bool:
    return user.is_authenticated and (user.is_superuser or series.created_by_id == user.pk)


def check_config(config) -> dict:
    """A points setting as stored: a JSON object (text is parsed), checked by the core."""
    if isinstance(config, str):
        try:
            config = json.loads(config or "{}")
        except ValueError as exc:
            raise FieldErrors({"config": [Message(MSG_CONFIG_JSON, {"e": str(exc)})]}) from None
    try:
        parse_config({k: v for k, v in (config or {}).items() if k != "best_n"})
    except (ScoringError, AttributeError) as exc:
        raise FieldErrors({"config": [getattr(exc, "msg", str(exc))]}) from None
    return {k: v for k, v in config.items() if k != "best_n"}


def series_create(*, slug: str, name: str, by_user=None, **fields) -> Series:
    if slug == "new" or Series.objects.filter(slug=slug).exists():  # new: the create page
        raise FieldErrors({"slug": [Message(MSG_SLUG_TAKEN, {"slug": slug})]})
    fields["config"] = check_config(fields.get("config") or {})
    return Series.objects.create(slug=slug, name=name, created_by=by_user, **fields)


@transaction.atomic
def series_update(*, series: Series, by: Actor = NOBODY, **fields) -> Series:
    """Save changed settings; a change of the points table is logged on every event."""
    if "config" in fields:
        fields["config"] = check_config(fields["config"])
    before = {key: getattr(series, key) for key in SETTINGS}
    for key, value in fields.items():
        setattr(series, key, value)
    series.save()
    changed = sorted(k for k in fields if before[k] != getattr(series, k))
    points = [k for k in changed if k in ("config", "best_n")]
    if points:
        entries = [
            audit_entry(
                tournament=entry.tournament,
                by=by,
                action="series.edit",
                summary=Message(MSG_AUDIT_SERIES_EDIT, {"series": series.name, "fields": points}),
                before={k: before[k] for k in points},
                after={k: getattr(series, k) for k in points},
            )
            for entry in series.entries.select_related("tournament")
        ]
        for entry in entries:  # one event each: log_entries takes one event's lines
            log_entries(entry.tournament, [entry])
    return series


def _event(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise Invalid(MSG_NO_EVENT, slug=slug) from None


@transaction.atomic
def series_add(
    *, series: Series, event_slug: str, event_class: str = "county", by: Actor = NOBODY
) -> SeriesEvent:
    if event_class not in dict(EVENT_CLASSES):
        raise Invalid(MSG_BAD_CLASS, event_class=event_class)
    tournament = _event(event_slug)
    if series.entries.filter(tournament=tournament).exists():
        raise Refused(MSG_EVENT_TWICE, name=tournament.name)
    entry = SeriesEvent.objects.create(
        series=series, tournament=tournament, event_class=event_class
    )
    log_action(
        tournament=tournament,
        by=by,
        action="series.add",
        obj=entry,
        summary=Message(
            MSG_AUDIT_SERIES_ADD,
            {"series": series.name, "event_class": term(dict(EVENT_CLASSES)[event_class])},
        ),
        after={"series": series.slug, "event_class": event_class},
    )
    return entry


@transaction.atomic
def series_remove(*, series: Series, event_slug: str, by: Actor = NOBODY) -> None:
    tournament = _event(event_slug)
    entry = series.entries.filter(tournament=tournament).first()
    if entry is None:
        raise Refused(MSG_EVENT_MISSING, name=tournament.name)
    log_action(
        tournament=tournament,
        by=by,
        action="series.remove",
        obj=entry,
        summary=Message(MSG_AUDIT_SERIES_REMOVE, {"series": series.name}),
        before={"series": series.slug, "event_class": entry.event_class},
    )
    entry.delete()


def check_owner(user, series: Series) -> None:
    if not may_change(user, series):
        raise NotAllowed(MSG_NOT_YOURS)
