"""The frame every chart shares: an ``<svg>`` that scales to its box (``viewBox``, width
100%), with its text alternative (``role="img"``, ``aria-label``, ``<title>``, ``<desc>``)
and, next to it, a visually hidden table with the same numbers for screen readers.

No script and no ``style`` attribute (the pages' CSP forbids inline styles): colours and
sizes are SVG presentation attributes and classes of static/css/app.css.
"""

from __future__ import annotations

from django.utils.html import escape


def num(value: float) -> str:
    """A coordinate with at most one decimal (short markup at thousands of marks)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def frame(kind: str, width: int, height: int, label: str, desc: str, body: list[str]) -> str:
    """The ``<svg>`` element: ``kind`` is the chart's class (``chart-<kind>``)."""
    label_e = escape(label)
    return (
        f'<svg class="chart chart-{kind}" viewBox="0 0 {width} {height}" width="100%"'
        f' role="img" aria-label="{label_e}" xmlns="http://www.w3.org/2000/svg"'
        f' preserveAspectRatio="xMidYMid meet">'
        f"<title>{label_e}</title><desc>{escape(desc)}</desc>" + "".join(body) + "</svg>"
    )


def hidden_table(caption: str, head: list[str], rows: list[list]) -> str:
    """The chart's numbers as a table only screen readers see (in a ``div`` of class
    ``vh``: a table is never narrower than its text, so a 1 px table with an English
    caption on one line made a phone's page scroll sideways; the div clips it)."""
    cells = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    # No <thead>/<tbody> tags (the browser adds the tbody): pages are read by a table's
    # first tbody (tests, scrapers), which stays the page's own table.
    return (
        f'<div class="vh"><table><caption>{escape(caption)}</caption><tr>{cells}</tr>{body}'
        "</table></div>"
    )


def figure(svg: str, table: str) -> str:
    """The chart and its hidden table (the same numbers, for a screen reader)."""
    return f'<figure class="chart-box">{svg}{table}</figure>'


def text(x: float, y: float, content: str, cls: str = "", anchor: str = "start") -> str:
    extra = f' class="{cls}"' if cls else ""
    return f'<text x="{num(x)}" y="{num(y)}" text-anchor="{anchor}"{extra}>{escape(content)}</text>'
