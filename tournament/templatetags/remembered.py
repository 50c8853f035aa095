"""``{% remembered a b … %}…{% endremembered %}``: a piece of a page rendered once per
process for each set of values, then copied.

For the pieces every page repeats and that depend only on a few values: the event's menu
(its event, the reader's role, the event's kind) or the language switch. Django's
``{% cache %}`` would go to the cache server (a round trip with Redis) and expire; this
keeps the HTML in the process, with no expiry: a piece depends on the templates, which
change only with a new version (a new process), and on the values named, which are the
key, with the language and the script prefix always added. A piece must depend on nothing
else: a value it shows that is not in the key would be shown stale. No CSRF token, no user
name, no request path in a remembered piece.
"""

from __future__ import annotations

from django import template
from django.urls import get_script_prefix
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournament.core.process_memo import Memo

register = template.Library()

_PLAIN = (str, int, float, type(None))  # and their kinds (SafeString, bool)
_MAX = 5_000  # pieces of one place: a season's events and roles fit


class RememberedNode(template.Node):
    """A piece and its copies, kept on the node: a place's pieces go with its template."""

    def __init__(self, nodelist: template.NodeList, values: list) -> None:
        self.nodelist = nodelist
        self.values = values
        self.pieces = Memo(_MAX)

    def render(self, context) -> str:
        values = tuple(value.resolve(context) for value in self.values)
        if not all(isinstance(value, _PLAIN) for value in values):  # a model's may change
            return self.nodelist.render(context)
        key = (values, get_language(), get_script_prefix())
        html = self.pieces.get(key)
        if html is None:
            html = self.pieces.put(key, self.nodelist.render(context))
        return mark_safe(html)


@register.tag
def remembered(parser, token):
    """``{% remembered value … %}`` … ``{% endremembered %}`` (see the module)."""
    bits = token.split_contents()[1:]
    nodelist = parser.parse(("endremembered",))
    parser.delete_first_token()
    return RememberedNode(nodelist, [parser.compile_filter(bit) for bit in bits])
