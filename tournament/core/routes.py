"""The URL prefixes every package's routes share (included by ``tournament/urls.py``).

T
    One event's pages: ``t/<slug>/``.
R
    One round of the event: ``T + rounds/<number>/``.
M
    One table of the round, for staff: ``R + table/<table_no>/``.
E
    One table for its players, through the table's secret link: ``T + e/<match_id>/<code>/``.
"""

T = "t/<slug:slug>/"
R = T + "rounds/<int:number>/"
M = R + "table/<int:table_no>/"
E = T + "e/<int:table_id>/<str:code>/"
