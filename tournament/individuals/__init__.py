"""Individual events (个人赛, docs/rules.md §17): registering players alone, seating them
four to a table with rotating partners, ranking them. Thin adapters over
:mod:`pairing.individual_swiss`, :mod:`pairing.individual_movement` and
:mod:`scoring.individual_ranking`; every table is an ordinary table between two
partnerships (:mod:`tournament.models.individuals`)."""
