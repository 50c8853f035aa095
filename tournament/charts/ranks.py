"""Ranks over the rounds: one entry's rank after each round as a line, the levels of each of
its matches as small bars, and a bump chart of the top places."""

from __future__ import annotations

from django.utils.translation import gettext as _

from rules.levels import LEVELS
from tournament.charts.svg import figure, frame, hidden_table, num, text

W, H = 600, 260
LEFT, RIGHT, TOP, BOTTOM = 58, 16, 16, 40
SERIES = 8  # colour classes series-0 … series-7 in app.css


def _x(i: int, n: int, right: int = RIGHT) -> float:
    return LEFT + (W - LEFT - right) * (i / (n - 1) if n > 1 else 0.5)


def _y(rank: int, worst: int) -> float:
    span = H - TOP - BOTTOM
    return TOP + span * ((rank - 1) / (worst - 1) if worst > 1 else 0.5)


def _axes(rounds: list[int], worst: int, right: int = RIGHT) -> list[str]:
    n = len(rounds)
    body = [text(LEFT - 8, _y(1, worst) + 7, "1", "chart-note", "end")]
    if worst > 1:
        body.append(text(LEFT - 8, _y(worst, worst) + 7, str(worst), "chart-note", "end"))
    step = max(1, (n + 7) // 8)  # at most about eight round labels across
    for i, r in enumerate(rounds):
        if i % step == 0 or i == n - 1:
            body.append(text(_x(i, n, right), H - 8, str(r), "chart-note", "middle"))
    return body


def _points(ranks: list[int | None], worst: int, right: int = RIGHT) -> str:
    n = len(ranks)
    return " ".join(f"{num(_x(i, n, right))},{num(_y(r, worst))}" for i, r in enumerate(ranks) if r)


def rank_line(rounds: list[int], ranks: list[int | None], entries: int) -> str:
    """The rank after each round (1 at the top); ``entries`` sets the bottom of the scale."""
    worst = max(1, entries, *[r for r in ranks if r])
    body = _axes(rounds, worst)
    body.append(f'<polyline class="rank-line" points="{_points(ranks, worst)}"/>')
    n = len(ranks)
    for i, r in enumerate(ranks):
        if r:
            body.append(
                f'<circle class="dot" cx="{num(_x(i, n))}" cy="{num(_y(r, worst))}" r="4"'
                f' data-round="{rounds[i]}" data-rank="{r}"/>'
            )
    known = [r for r in ranks if r]
    label = _("每轮后的名次（共 %(n)s 名）") % {"n": entries}
    desc = (
        _("第 %(round)s 轮后名列第 %(rank)s") % {"round": rounds[-1], "rank": known[-1]}
        if known
        else label
    )
    rows = [[r, k or "—"] for r, k in zip(rounds, ranks, strict=True)]
    table = hidden_table(label, [_("轮次"), _("名次")], rows)
    return figure(frame("rank", W, H, label, desc, body), table)


def match_levels(matches: list[tuple[int, int, int]]) -> str:
    """Per match (round, own level index, opponent's level index): two bars side by side,
    own in the accent colour, the opponent's grey."""
    n, top = max(len(matches), 1), len(LEVELS) - 1
    height, base = 190, 156
    slot = (W - LEFT) / n
    bar = min(slot * 0.35, 24)
    body = [f'<line class="axis" x1="{LEFT}" y1="{base}" x2="{W}" y2="{base}"/>']
    body.append(text(LEFT - 8, base, LEVELS[0], "chart-note", "end"))
    body.append(text(LEFT - 8, 27, LEVELS[top], "chart-note", "end"))
    step = max(1, (n + 9) // 10)
    for i, (r, own, opp) in enumerate(matches):
        x = LEFT + slot * i + slot / 2
        for cls, value, dx in (("bar-own", own, -bar), ("bar-opp", opp, 0)):
            h = (base - 20) * (value + 1) / (top + 1)  # "2" a stub, "A+" the full height
            body.append(
                f'<rect class="{cls}" x="{num(x + dx)}" y="{num(base - h)}" width="{num(bar)}"'
                f' height="{num(h)}" data-round="{r}" data-level="{LEVELS[value]}"/>'
            )
        if i % step == 0:
            body.append(text(x, height - 6, str(r), "chart-note", "middle"))
    for k, (cls, name) in enumerate((("bar-own", _("本方")), ("bar-opp", _("对方")))):
        x = W - 250 + 120 * k  # the legend, top right (room for "Opponent")
        body.append(f'<rect class="{cls} legend" x="{x}" y="4" width="16" height="16"/>')
        body.append(text(x + 22, 19, name, "chart-note"))
    label = _("每轮级数：本方与对方")
    rows = [[r, LEVELS[own], LEVELS[opp]] for r, own, opp in matches]
    table = hidden_table(label, [_("轮次"), _("本方"), _("对方")], rows)
    return figure(frame("levels", W, height, label, label, body), table)


def bump_chart(rounds: list[int], series: list[tuple[str, list[int | None]]]) -> str:
    """The top places over the rounds: one line per entry (``series`` in final order,
    name and rank after each round); ranks below the chart's scale sit on its bottom."""
    right = 175  # room for the names at the right end
    top = max(len(series), 1)
    worst = max([top, *[min(r, top * 2) for _n, ranks in series for r in ranks if r]])
    body = _axes(rounds, worst, right)
    n = len(rounds)
    for k, (name, ranks) in enumerate(series):
        clamped = [min(r, worst) if r else None for r in ranks]
        cls = f"bump series-{k % SERIES}"
        body.append(f'<polyline class="{cls}" points="{_points(clamped, worst, right)}"/>')
        last = next((i for i in range(n - 1, -1, -1) if clamped[i]), None)
        if last is not None:
            x, y = _x(last, n, right), _y(clamped[last], worst)
            body.append(f'<circle class="{cls}" cx="{num(x)}" cy="{num(y)}" r="5"/>')
            body.append(text(x + 8, y + 4, f"{ranks[last]}. {name[:7]}", "chart-name"))
    label = _("前 %(n)s 名的名次变化") % {"n": len(series)}
    desc = _("每条线为一个参赛者，从左到右为每轮后的名次。")
    head = [_("名称"), *[_("第%(n)s轮") % {"n": r} for r in rounds]]
    rows = [[name, *[r or "—" for r in ranks]] for name, ranks in series]
    table = hidden_table(label, head, rows)
    return figure(frame("bump", W, H, label, desc, body), table)
