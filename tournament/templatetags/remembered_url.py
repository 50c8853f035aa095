"""``{% url %}`` through :func:`tournament.core.url_memo.reverse` (the same tag, same
syntax and errors, its URLs remembered). A builtin of the template engine
(``config/settings.py``): it replaces Django's tag in every template."""

from __future__ import annotations

from django import template
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url
from django.urls import NoReverseMatch
from django.utils.html import conditional_escape

from tournament.core.url_memo import reverse

register = template.Library()


class RememberedURLNode(URLNode):
    """Django's ``URLNode`` whose ``reverse`` is the remembered one."""

    def render(self, context):
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        view_name = self.view_name.resolve(context)
        request = getattr(context, "request", None)
        current_app = getattr(request, "current_app", None)
        if current_app is None:
            current_app = getattr(getattr(request, "resolver_match", None), "namespace", None)
        url = ""
        try:
            url = reverse(view_name, args=args, kwargs=kwargs, current_app=current_app)
        except NoReverseMatch:
            if self.asvar is None:
                raise
        if self.asvar:
            context[self.asvar] = url
            return ""
        return conditional_escape(url) if context.autoescape else url


@register.tag
def url(parser, token):
    """``{% url 'name' arg … [as var] %}``, parsed by Django's own tag."""
    node = django_url(parser, token)
    return RememberedURLNode(node.view_name, node.args, node.kwargs, node.asvar)
