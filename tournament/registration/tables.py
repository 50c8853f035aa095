"""django-tables2 tables for lists shown to organizers and the public."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournament.models import Pair


class PairListing(tables.Table):
    draw_number = tables.Column(verbose_name=_("抽签号"), empty_values=(None,), default="—")
    name = tables.Column(verbose_name=_("队名"), order_by=("sort_key",))
    unit = tables.Column(
        verbose_name=_("单位"), accessor="unit__name", order_by=("unit_sort_key",), default="—"
    )
    players = tables.Column(verbose_name=_("选手"), empty_values=(), orderable=False)
    seed = tables.Column(verbose_name=_("种子"), default="")
    status = tables.Column(verbose_name=_("状态"))
    actions = tables.TemplateColumn(
        template_name="registration/_pair_actions.html", verbose_name="", orderable=False
    )

    class Meta:
        model = Pair
        fields = ("draw_number", "name", "unit", "players", "seed", "status", "actions")
        order_by = ("name",)
        attrs = {"class": "table"}
        row_attrs = {"class": lambda record: "" if record.is_active else "muted"}

    def render_players(self, record: Pair) -> str:
        return record.player_names()

    def render_status(self, record: Pair, value) -> str:
        css = {"active": "ok", "withdrawn": "warn", "disqualified": "bad"}[record.status]
        return format_html('<span class="badge {}">{}</span>', css, record.get_status_display())
