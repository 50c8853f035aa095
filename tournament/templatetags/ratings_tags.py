"""Ratings on an event's public pages, where the event publishes them (docs/rules.md §19).

A tag, not the public views: the public pages sit below the ratings in the layers."""

from __future__ import annotations

from django import template

from tournament.ratings.services import published_ratings
from tournament.text.titles import listing

register = template.Library()


@register.simple_tag
def pair_ratings(tournament, pair) -> str:
    """The pair's players' ratings as a list in the active language ("张三 12.3、李四 8.0"),
    "" unless the event publishes them (a hidden person: never)."""
    return listing(f"{name} {value:.1f}" for name, value in published_ratings(tournament, pair.pk))
