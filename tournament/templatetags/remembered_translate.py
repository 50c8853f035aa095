"""``{% translate "text" %}`` with its translation kept per language on the node.

A page renders dozens of constant ``{% translate %}`` texts (a table's form about twenty,
every page the menu's and the footer's), each time resolving the literal, asking the
language's catalog through the request's translation (a context-local lookup), escaping and
marking it safe again: the same answer for the same language. Templates load it as
``{% load i18n %}``: the template backend (``config/templates.py``) gives this library that
name, with every other tag and filter of Django's ``i18n`` unchanged. Parsing, syntax and errors are Django's own
(``do_translate``).

Only a constant text without filters is kept, by language and autoescaping; a variable, a
filter or a ``context`` is rendered by Django's node as before.
"""

from __future__ import annotations

from django import template
from django.templatetags import i18n
from django.templatetags.i18n import TranslateNode, do_translate
from django.utils.translation import get_language

register = template.Library()
register.tags.update(i18n.register.tags)  # Django's i18n library, then the two tags below
register.filters.update(i18n.register.filters)


class RememberedTranslateNode(TranslateNode):
    """Django's ``TranslateNode``; a constant text's output is kept per language."""

    def __init__(self, node: TranslateNode) -> None:
        super().__init__(node.filter_expression, node.noop, node.asvar, node.message_context)
        expression = self.filter_expression
        self.constant = (
            not expression.filters
            and node.message_context is None
            and getattr(expression.var, "literal", None) is not None
            and expression.var.lookups is None
        )
        # A few entries: one per language and autoescaping, so never bounded.
        self.outputs: dict[tuple, str] = {}

    def render(self, context) -> str:
        if not self.constant:
            return super().render(context)
        key = (get_language(), context.autoescape)
        value = self.outputs.get(key)
        if value is None:
            output = super().render(context)  # Django's, which sets asvar itself
            value = self.outputs[key] = context[self.asvar] if self.asvar else output
        elif self.asvar:
            context[self.asvar] = value
        return "" if self.asvar else value


@register.tag("translate")
@register.tag("trans")
def translate(parser, token):
    """``{% translate "text" [noop] [as var] [context "c"] %}``, parsed by Django's tag."""
    return RememberedTranslateNode(do_translate(parser, token))
