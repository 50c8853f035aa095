"""``{% load i18n %}`` gives tournament/templatetags/remembered_translate.py: a constant
``{% translate %}`` text kept per language and autoescaping, everything else Django's."""

from __future__ import annotations

import pytest
from django.template import TemplateSyntaxError, engines
from django.templatetags import i18n
from django.utils import translation

from tournament.templatetags.remembered_translate import RememberedTranslateNode


def render(source: str, context: dict | None = None, language: str = "zh-hans") -> str:
    with translation.override(language):
        return engines["django"].from_string(source).render(context or {})


def test_i18n_is_the_remembering_library_with_all_of_djangos_tags_and_filters():
    template = engines["django"].from_string("{% load i18n %}{% translate '轮次' %}")
    assert isinstance(template.template.nodelist[-1], RememberedTranslateNode)
    library = engines["django"].engine.template_libraries["i18n"]
    assert set(library.tags) == set(i18n.register.tags)
    assert set(library.filters) == set(i18n.register.filters)


def test_a_constant_text_is_kept_per_language_and_equals_djangos():
    source = "{% load i18n %}{% translate '轮次' %}|{% translate '提交成绩' %}"
    template = engines["django"].from_string(source)
    node = template.template.nodelist[1]
    for language in ("zh-hans", "en", "zh-hans", "en"):
        with translation.override(language):
            expected = translation.gettext("轮次") + "|" + translation.gettext("提交成绩")
            assert template.render({}) == expected
    assert set(node.outputs) == {("zh-hans", True), ("en", True)}
    assert render(source, language="en") == "Round|Submit result"


def test_as_noop_and_escaping_behave_as_djangos():
    assert render("{% load i18n %}{% translate '轮次' as t %}[{{ t }}]", language="en") == "[Round]"
    # Twice through the same node: the kept value is set in the context too.
    loop = "{% load i18n %}{% for i in '12' %}{% translate '轮次' as t %}{{ t }}{% endfor %}"
    assert render(loop, language="en") == "RoundRound"
    assert render("{% load i18n %}{% translate '轮次' noop %}", language="en") == "轮次"
    # As Django's: a template's own literal is safe, escaped in neither mode.
    literal = "{% load i18n %}{% translate 'a<b' %}"
    assert render(literal) == "a<b"
    unescaped = "{% load i18n %}{% autoescape off %}{% translate 'a<b' %}{% endautoescape %}"
    assert render(unescaped) == "a<b"


def test_a_variable_a_filter_or_a_context_is_not_kept():
    template = engines["django"].from_string(
        "{% load i18n %}{% translate word %}{% translate '轮次'|upper %}"
        "{% translate '轮次' context '页面' %}"
    )
    nodes = [n for n in template.template.nodelist if isinstance(n, RememberedTranslateNode)]
    assert [n.constant for n in nodes] == [False, False, False]
    with translation.override("en"):
        assert template.render({"word": "轮次"}) == "RoundROUNDRounds"
        assert template.render({"word": "提交成绩"}) == "Submit resultROUNDRounds"
    assert all(n.outputs == {} for n in nodes)


def test_djangos_syntax_errors():
    with pytest.raises(TemplateSyntaxError):
        engines["django"].from_string("{% load i18n %}{% translate %}")


def test_the_replacement_leaves_djangos_template_checks_clean():
    """The library is swapped in the engine (config/templates.py): Django's check sees no
    two modules under the name ``i18n`` (templates.W003 failed ``check --deploy``)."""
    assert engines["django"].check() == []
