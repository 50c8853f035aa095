"""Ratings of players (等级分, docs/rules.md §19): a thin adapter feeding every locked table to the
pure :mod:`rating` package, and what organizers do with it (seeding, divisions)."""
