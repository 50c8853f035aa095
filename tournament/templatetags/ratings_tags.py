"""Ratings on an event's public pages, where the event publishes them (docs/rules.md §19).

A tag, not the public views: the public pages sit below the ratings in the layers."""

from __future__ import annotations

from django import template

from tournament.ratings.services import published_ratings

register = template.Library()


@register.simple_tag
def pair_ratings(tournament, pair) -> list[tuple[str, float]]:
    """The pair's players' ratings, [] unless the event publishes them (hidden: never)."""
    return published_ratings(tournament, pair.pk)
