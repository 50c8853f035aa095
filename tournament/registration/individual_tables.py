"""An individual event's registration: the player list's search and table, and the form.

A query matches a player whose name (in characters or pinyin) or unit contains it
(:func:`tournament.individuals.search.individual_matching`), or whose draw number it is.
"""

from __future__ import annotations

import django_tables2 as tables
from django import forms
from django.db.models import Q, QuerySet
from django.utils.html import format_html
from django.utils.translation import gettext_lazy

from tournament.core.normalize import normalize_name
from tournament.individuals.registration import IndividualData
from tournament.individuals.search import individual_matching
from tournament.models import Individual
from tournament.models.pairs import NAME_MAX
from tournament.registration.registration_spreadsheet import MEMBER_NO_MAX, PHONE_MAX, SEED_MAX
from tournament.registration.search import clean
from tournament.spreadsheets.table_file import DB_INT_MAX
from tournament.text.messages import render
from tournament.text.pinyin import name_sort_key

PAGE_SIZE = 50  # players a page of the list shows
MSG_BLANK = "form_blank"  # message code: text in tournament/text/messages/people.py


def matching_individuals(people: QuerySet[Individual], query: str) -> QuerySet[Individual]:
    """The players of ``people`` matching ``query``, or whose draw number it is."""
    query = clean(query)
    found = individual_matching(people, query)
    if query.isdigit():
        found = people.filter(Q(pk__in=found.values("pk")) | Q(draw_number=int(query)))
    return found


def sorted_individuals(people) -> list[Individual]:
    """The players in name order (pinyin, numbers by value), with the keys the table sorts by."""
    rows = list(people)
    for person in rows:
        person.sort_key = name_sort_key(person.name)
        person.unit_sort_key = name_sort_key(person.unit.name) if person.unit_id else ""
    rows.sort(key=lambda person: person.sort_key)
    return rows


class IndividualListing(tables.Table):
    draw_number = tables.Column(
        verbose_name=gettext_lazy("抽签号"), empty_values=(None,), default="—"
    )
    name = tables.Column(verbose_name=gettext_lazy("姓名"), order_by=("sort_key",))
    unit = tables.Column(
        verbose_name=gettext_lazy("单位"),
        accessor="unit__name",
        order_by=("unit_sort_key",),
        default="—",
    )
    # A phone number never breaks (its cell a word); the seed is left off on a phone.
    phone = tables.Column(
        verbose_name=gettext_lazy("手机"),
        default="",
        orderable=False,
        attrs={"td": {"class": "words"}},
    )
    seed = tables.Column(
        verbose_name=gettext_lazy("种子"),
        default="",
        attrs={"th": {"class": "hide-sm"}, "td": {"class": "hide-sm"}},
    )
    status = tables.Column(verbose_name=gettext_lazy("状态"))
    actions = tables.TemplateColumn(
        template_name="registration/_individual_actions.html", verbose_name="", orderable=False
    )

    class Meta:
        model = Individual
        fields = ("draw_number", "name", "unit", "phone", "seed", "status", "actions")
        order_by = ("name",)
        attrs = {"class": "table"}
        row_attrs = {"class": lambda record: "" if record.is_active else "muted"}

    def render_status(self, record: Individual, value) -> str:
        css = {"active": "ok", "withdrawn": "warn", "disqualified": "bad"}[record.status]
        return format_html('<span class="badge {}">{}</span>', css, record.get_status_display())


class IndividualForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("姓名"), max_length=NAME_MAX)
    member_no = forms.CharField(
        label=gettext_lazy("会员号"), max_length=MEMBER_NO_MAX, required=False
    )
    unit = forms.CharField(label=gettext_lazy("单位"), max_length=NAME_MAX, required=False)
    phone = forms.CharField(label=gettext_lazy("手机"), max_length=PHONE_MAX, required=False)
    seed = forms.IntegerField(
        label=gettext_lazy("种子"), min_value=1, max_value=SEED_MAX, required=False
    )
    version = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=0, max_value=DB_INT_MAX
    )

    def clean(self):
        data = super().clean()
        if isinstance(data.get("name"), str):
            data["name"] = normalize_name(data["name"])
            if not data["name"]:
                self.add_error("name", render(MSG_BLANK))
        return data

    def individual_data(self) -> IndividualData:
        d = self.cleaned_data
        return IndividualData(
            name=d["name"],
            unit=d.get("unit") or "",
            phone=d.get("phone") or "",
            seed=d.get("seed"),
            member_no=d.get("member_no") or "",
        )


def individual_initial(person: Individual) -> dict:
    return {
        "name": person.name,
        "unit": person.unit.name if person.unit_id else "",
        "phone": person.phone,
        "member_no": person.member_no,
        "seed": person.seed,
        "version": person.version,
    }
