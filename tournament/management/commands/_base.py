"""Shared bits of the management commands."""

from __future__ import annotations

from django.core import checks
from django.core.management import base
from django.core.management.base import CommandError

from tournament.models import Tournament


class BaseCommand(base.BaseCommand):
    """The base of the project's commands: Django's, with the system checks but the URL ones.

    The URL checks import the URLconf, and with it every view and the read API (django-ninja,
    pydantic): about 0.35 CPU-s of each command's start-up for routes no command uses.
    ``manage.py check`` (and the test suite) still runs them.
    """

    def get_check_kwargs(self, options) -> dict:
        tags = checks.registry.registry.tags_available() - {checks.Tags.urls}
        return {"tags": sorted(tags)}


def get_tournament(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise CommandError(f"找不到赛事“{slug}”") from None
