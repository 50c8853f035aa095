"""The standings' web table (django-tables2) and its columns, on the cells of
:mod:`tournament.standings.cells`."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from tournament.models import Pair
from tournament.standings.cells import metric_keys, metric_text
from tournament.text.messages.labels import metric_label
from tournament.text.titles import listing

# 退赛/取消资格 beside a pair's name, translated when the page is drawn (lazy texts).
STATUS_WORDS = {key: label for key, label in Pair.STATUS_CHOICES if key != Pair.ACTIVE}


class MetricColumn(tables.Column):
    """A tiebreak column: the cell of :func:`~tournament.standings.cells.metric_value`, "—" when it does not apply."""

    def __init__(self, key: str) -> None:
        super().__init__(verbose_name=metric_label(key), accessor=key, empty_values=())

    def render(self, value):
        return metric_text(value)


class StandingsTable(tables.Table):
    """Rank, pair and points; the event's tiebreak columns come as ``extra_columns``."""

    rank = tables.Column(verbose_name=_("名次"))
    # Rows carry their own link ("team_url"): the table needs no event slug.
    team = tables.Column(verbose_name=_("队名"))
    unit = tables.Column(verbose_name=_("单位"))
    players = tables.Column(verbose_name=_("选手"), accessor="player_list", orderable=False)
    points = tables.Column(verbose_name=_("积分"))

    def __init__(self, *args, phone_line: list[str] = (), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.phone_line = list(phone_line)

    def render_team(self, value: str, record: dict) -> str:
        """The pair's name (a link to its history) and, under it, the values of the tiebreak
        columns a phone hides (``.tb-line``, shown by app.css under 640 px): without them
        pairs tied on points and the first tiebreak looked identical on a phone."""
        url = record.get("team_url")
        name = format_html('<a href="{}">{}</a>', url, value) if url else format_html("{}", value)
        mark = STATUS_WORDS.get(record.get("status", Pair.ACTIVE))
        if mark:
            name = format_html('{} <span class="badge">{}</span>', name, mark)
        if not self.phone_line:
            return name
        values = format_html_join(
            " · ",
            "{} {}",
            ((metric_label(k), metric_text(record.get(k))) for k in self.phone_line),
        )
        return format_html('{}<span class="tb-line">{}</span>', name, values)

    def render_players(self, value: list[str]) -> str:
        return listing(value)

    class Meta:
        attrs = {"class": "table standings"}
        order_by = ("rank",)


def standings_table(data: list[dict], chain: list[str], *, groups: bool = False) -> StandingsTable:
    """The web table: a column per metric of ``chain``, then groups and the record."""
    extra: list[tuple[str, tables.Column]] = [(k, MetricColumn(k)) for k in metric_keys(chain)]
    if groups:  # 3-round rotation: the group and the rank within it
        extra += [
            ("group", tables.Column(verbose_name=_("组别"))),
            ("group_rank", tables.Column(verbose_name=_("组内名次"))),
        ]
    extra.append(
        (
            "record",
            tables.TemplateColumn(
                "{{ record.wins }}/{{ record.draws }}/{{ record.losses }}",
                verbose_name=_("胜/平/负"),
                orderable=False,
            ),
        )
    )
    # The phone shows the first tiebreak's column (app.css): the later ones go on the line
    # under the pair's name.
    return StandingsTable(data, extra_columns=extra, phone_line=metric_keys(chain)[1:])
