"""Team events (团体赛, docs/rules.md §16): registering teams, their line-ups, pairing
teams and ranking them. Thin adapters over :mod:`pairing.team_swiss`,
:mod:`pairing.team_seats`, :mod:`scoring.team_matches` and :mod:`scoring.team_ranking`."""
