"""Shared bits of the management commands."""

from __future__ import annotations

from django.core.management.base import CommandError

from tournament.models import Tournament


def get_tournament(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise CommandError(f"找不到赛事“{slug}”") from None
