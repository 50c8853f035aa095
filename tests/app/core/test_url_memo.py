"""Links built once per process: ``{% url %}`` and :func:`tournament.core.url_memo.reverse`
give Django's URL, remembered only while nothing that decides it can change."""

from __future__ import annotations

import pytest
from django.template import TemplateSyntaxError, engines
from django.test import override_settings
from django.urls import NoReverseMatch, path, set_script_prefix
from django.urls import reverse as django_reverse

from tournament.core import url_memo
from tournament.core.url_memo import reverse

urlpatterns = [path("elsewhere/<slug:slug>/", lambda request, slug: None, name="standings")]


@pytest.fixture(autouse=True)
def empty_memo():
    url_memo._MEMO.clear()
    yield
    url_memo._MEMO.clear()


@pytest.mark.parametrize(
    ("name", "args"),
    [("home", ()), ("standings", ("demo",)), ("table_entry", ("demo", 3, 12))],
)
def test_the_same_url_as_django_remembered(name, args):
    assert reverse(name, args=args) == django_reverse(name, args=args)
    assert len(url_memo._MEMO) == 1
    assert reverse(name, args=list(args)) == django_reverse(name, args=args)
    assert len(url_memo._MEMO) == 1  # the second time from the memo


def test_keyword_arguments_and_a_missing_route():
    kwargs = {"slug": "demo", "number": 3, "table_no": 12}
    assert reverse("table_entry", kwargs=kwargs) == "/t/demo/rounds/3/table/12/"
    with pytest.raises(NoReverseMatch):
        reverse("no_such_page")
    assert len(url_memo._MEMO) == 1


@pytest.mark.django_db
def test_a_model_argument_is_never_remembered(event):
    """A model's text may change (a renamed pair): only text and whole numbers are keys."""

    class Slug:
        def __str__(self):
            return event.slug

    assert reverse("standings", args=[Slug()]) == f"/t/{event.slug}/standings/"
    assert url_memo._MEMO == {}


def test_another_url_tree_or_script_prefix_is_not_answered_from_the_memo():
    assert reverse("standings", args=["demo"]) == "/t/demo/standings/"
    with override_settings(ROOT_URLCONF=__name__):
        assert reverse("standings", args=["demo"]) == "/elsewhere/demo/"
    assert reverse("standings", args=["demo"]) == "/t/demo/standings/"
    set_script_prefix("/venue/")
    try:
        assert reverse("standings", args=["demo"]) == "/venue/t/demo/standings/"
    finally:
        set_script_prefix("/")
    assert reverse("standings", args=["demo"]) == "/t/demo/standings/"


def test_every_templates_url_tag_is_the_remembered_one():
    template = engines["django"].from_string(
        "{% url 'table_entry' slug 3 n %}|{% url 'no_such_page' as gone %}[{{ gone }}]"
    )
    assert template.render({"slug": "demo", "n": 12}) == "/t/demo/rounds/3/table/12/|[]"
    assert ("table_entry", ("demo", 3, 12), (), None, "/") in url_memo._MEMO
    with pytest.raises(NoReverseMatch):
        engines["django"].from_string("{% url 'no_such_page' %}").render({})
    with pytest.raises(TemplateSyntaxError):
        engines["django"].from_string("{% url %}")
