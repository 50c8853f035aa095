"""The series pages' rows of the role × URL table (tests/app/test_url_table.py): any account
of the organizers' group lists and creates; the series' creator (the world's organizer)
changes it. A post of an event it does not hold is refused."""

from __future__ import annotations


def series_rows(Row) -> dict:  # noqa: N803 - the table's own Row class, passed in
    none = lambda w: []  # noqa: E731
    series = lambda w: [w.series]  # noqa: E731
    post = {"method": "post", "allowed": 302}
    return {
        **{f"series_{n}": Row("organizer", args=none) for n in ("list", "create")},
        **{f"series_{n}": Row("organizer", args=series) for n in ("edit", "certificates")},
        "series_event_add": Row("organizer", args=series, **post),
        "series_event_remove": Row("organizer", args=lambda w: [w.series, "nowhere"], **post),
    }
