"""The team list of a team event: finding teams by what the organizer types, the table.

A query matches a team whose name, unit or any roster member's name contains it (in
characters or pinyin, :mod:`tournament.teams.search`), or whose draw number it is.
"""

from __future__ import annotations

import django_tables2 as tables
from django.db.models import Q, QuerySet
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.models import Team
from tournament.registration.search import clean
from tournament.teams.search import team_matching
from tournament.text.pinyin import name_sort_key
from tournament.text.titles import listing

PAGE_SIZE = 50  # teams a page of the team list (and of the line-ups) shows


def matching_teams(teams: QuerySet[Team], query: str) -> QuerySet[Team]:
    """The teams of ``teams`` that match ``query`` (:func:`tournament.teams.search.team_matching`),
    or whose draw number it is; all of them for an empty query."""
    query = clean(query)
    found = team_matching(teams, query)
    if query.isdigit():
        found = teams.filter(Q(pk__in=found.values("pk")) | Q(draw_number=int(query)))
    return found


def sorted_teams(teams) -> list[Team]:
    """The teams in name order (pinyin, numbers by value), with the keys the table sorts by."""
    rows = list(teams)
    for team in rows:
        team.sort_key = name_sort_key(team.name)
        team.unit_sort_key = name_sort_key(team.unit.name) if team.unit_id else ""
    rows.sort(key=lambda team: team.sort_key)
    return rows


def roster_html(team: Team, pairs: int) -> str:
    """Each registered pair's two players, then the substitutes: one line each."""
    members = sorted(team.members.all(), key=lambda m: m.number)
    lines = [
        (_("组合%(n)s") % {"n": slot}, listing(m.name for m in members[2 * slot - 2 : 2 * slot]))
        for slot in range(1, pairs + 1)
    ]
    subs = members[2 * pairs :]
    if subs:
        lines.append((_("替补"), listing(m.name for m in subs)))
    return format_html_join(
        "", '<div class="roster-line"><span class="muted">{}</span> {}</div>', lines
    )


class TeamListing(tables.Table):
    draw_number = tables.Column(
        verbose_name=gettext_lazy("抽签号"), empty_values=(None,), default="—"
    )
    name = tables.Column(verbose_name=gettext_lazy("队名"), order_by=("sort_key",))
    unit = tables.Column(
        verbose_name=gettext_lazy("单位"),
        accessor="unit__name",
        order_by=("unit_sort_key",),
        default="—",
    )
    roster = tables.Column(verbose_name=gettext_lazy("队员"), empty_values=(), orderable=False)
    status = tables.Column(verbose_name=gettext_lazy("状态"))
    actions = tables.TemplateColumn(
        template_name="registration/_team_actions.html", verbose_name="", orderable=False
    )

    class Meta:
        model = Team
        fields = ("draw_number", "name", "unit", "roster", "status", "actions")
        order_by = ("name",)
        attrs = {"class": "table"}
        row_attrs = {"class": lambda record: "" if record.is_active else "muted"}

    def render_roster(self, record: Team) -> str:
        return roster_html(record, record.tournament.team_pairs)

    def render_status(self, record: Team, value) -> str:
        css = {"active": "ok", "withdrawn": "warn", "disqualified": "bad"}[record.status]
        return format_html('<span class="badge {}">{}</span>', css, record.get_status_display())
