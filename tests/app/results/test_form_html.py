"""The result and foul forms' HTML written in Python (tournament/results/form_html.py) is
Django's own, byte for byte, for every field in every state the pages show."""

from __future__ import annotations

import pytest
from django.forms.renderers import DjangoTemplates

from rules import RuleSet
from tournament.models import Round, Table
from tournament.results.form_html import WRITTEN, QuickRenderer
from tournament.results.forms import FoulForm, PlayerResultForm, ResultForm

pytestmark = pytest.mark.django_db

DJANGO = DjangoTemplates()


def _html(form) -> list[str]:
    """Every field of ``form`` and its label, as the table pages render them."""
    return [f"{field.label_tag()} {field}" for field in form]


def _same(make) -> None:
    ours, django = make(QuickRenderer()), make(DJANGO)
    if ours.is_bound:  # checked first, as a refused post is shown: aria-invalid, errors
        assert ours.is_valid() == django.is_valid()
    assert _html(ours) == _html(django)


@pytest.mark.parametrize("chief", [False, True])
@pytest.mark.parametrize(
    "data",
    [
        None,
        # Bound: a selected level, a ticked box, a refused count, markup in the text.
        {"ew_level": "A+", "ns_level": "7", "at_time": "on", "ew_fouls": "12", "version": "3"},
        {"ew_level": "<b>", "time_reason": '"x" & <y>', "forfeit": "EW", "version": "x"},
    ],
)
def test_the_result_forms_are_djangos_html(data, chief):
    initial = {"ew_level": "K", "ns_level": "", "ew_fouls": 1, "version": 4}
    for knockout, scoring in ((False, ""), (True, "hundred_plus")):
        options = {"knockout": knockout, "scoring": scoring, "initial": initial}
        _same(lambda r, o=options: ResultForm(data, chief=chief, renderer=r, **o))
        _same(lambda r, o=options: PlayerResultForm(data, renderer=r, **o))


def test_the_foul_form_is_djangos_html(tournament, pairs8, make_round):
    round_ = make_round(tournament, pairs8, status=Round.IN_PLAY)
    table = Table.objects.select_related("ew", "ns").get(round=round_, number=1)
    table.ew.name = 'A <"&> B'  # the organizer's input, in the player choices
    _same(lambda r: FoulForm(table=table, renderer=r))
    _same(lambda r: FoulForm({"side": "NS", "kind": "x", "remark": "<i>"}, table=table, renderer=r))


def test_only_the_written_templates_bypass_django():
    """Any other template (an error list, a whole form) is still Django's."""
    form = ResultForm({"ew_level": "?"}, renderer=QuickRenderer())
    assert not form.is_valid()
    assert str(form.errors["ew_level"]) == str(ResultForm({"ew_level": "?"}).errors["ew_level"])
    assert "django/forms/widgets/select.html" in WRITTEN


def test_a_forms_choice_fields_share_their_choices_and_narrow_their_own_copy(monkeypatch):
    """The result and foul forms are built for every load and post of a table's page: their
    choice fields' copies share the class's normalized choices (Django normalized each
    widget's copy again: half of building the forms); narrowing one form's choices (100+'s
    过A方式, the foul form's players) leaves the class and the other forms whole."""
    from django.forms import widgets

    normalized = []
    real = widgets.normalize_choices
    monkeypatch.setattr(widgets, "normalize_choices", lambda v: normalized.append(v) or real(v))
    ResultForm(knockout=True, chief=True)
    assert normalized == []  # stock Django: once per choice field
    plain = ResultForm(scoring="hundred_plus")
    narrowed = ResultForm(scoring="hundred_plus", rules=RuleSet())
    base = ResultForm.base_fields
    level = narrowed.fields["ew_level"]
    assert level.choices is not base["ew_level"].choices  # a list of its own
    assert level.choices == base["ew_level"].choices == level.widget.choices
    full = [c[0] for c in base["pass_how"].choices]
    assert [c[0] for c in plain.fields["pass_how"].choices] == full
    narrowed_how = [c[0] for c in narrowed.fields["pass_how"].choices]
    assert narrowed_how != full and narrowed_how == [
        c[0] for c in narrowed.fields["pass_how"].widget.choices
    ]
    assert [c[0] for c in ResultForm.base_fields["pass_how"].choices] == full
    assert FoulForm().fields["player"].widget.choices == [("", "—")]
    assert FoulForm.base_fields["player"].choices == []


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_a_remembered_select_is_djangos_select_for_each_value_and_language(language):
    """The levels' and the foul form's selects are built once per name, value, attributes,
    choices, language and renderer (tournament/core/shared_choices.py), and are the HTML
    Django's own select gives for the same."""
    from django import forms
    from django.utils import translation

    from tournament.core import shared_choices

    shared_choices._HTML.clear()
    with translation.override(language):
        for value in ("", "7", "A+", "Z"):
            form = ResultForm(data={"ew_level": value}, prefix=None)
            field = form.fields["ew_level"]
            stock = forms.Select(choices=field.choices)
            ours = str(form["ew_level"])
            assert ours == str(form["ew_level"])  # the second time from the memo
            bound = form["ew_level"]
            attrs = {**bound.build_widget_attrs({}), "id": bound.auto_id}  # as as_widget
            expected = stock.render(bound.html_name, bound.value(), attrs, form.renderer)
            assert ours == expected
            assert (f'value="{value}" selected' in ours) == (value != "Z")  # Z: no such level
    assert 4 <= len(shared_choices._HTML) <= 5
