"""Series (系列赛/联赛, docs/rules.md §20): events counted together by a points table, each
player's best N events.

``places`` (each person's place in each event, from the events' own standings over locked
rounds), ``standings`` (the series' standings), ``services`` (create, settings, events in
it; audited on the events), ``certificates`` (the top K's PDF), the pages (``views``) and
the admin's view (``admin``). The points table itself is the pure ``scoring.series_points``.
"""
