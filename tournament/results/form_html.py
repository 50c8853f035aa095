"""The HTML of the result and foul forms' fields, written in Python.

Django renders every widget, every ``<option>`` and every label through a template include
(``django/forms/widgets/select.html`` includes ``select_option.html`` once per option, each
of them ``attrs.html``): a table's page has about 45 options, and these includes were a
quarter of the CPU of the form every referee loads before each save.
:class:`QuickRenderer` writes the same HTML, byte for byte, for the few templates those
forms use, and hands any other template (error lists, a form rendered whole) to Django's
own renderer. ``tests/app/results/test_form_html.py`` compares both on every field.
"""

from __future__ import annotations

from collections.abc import Callable

from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe


def _attrs(attrs: dict) -> str:
    """``django/forms/attrs.html``: ``True`` a bare name, ``False`` left out."""
    out = []
    for name, value in attrs.items():
        if value is True:
            out.append(f" {conditional_escape(name)}")
        elif value is not False:
            out.append(f' {conditional_escape(name)}="{conditional_escape(str(value))}"')
    return "".join(out)


def _input(context: dict) -> str:
    """``django/forms/widgets/input.html`` (text, number, checkbox, hidden…)."""
    w = context["widget"]
    value = "" if w["value"] is None else f' value="{conditional_escape(str(w["value"]))}"'
    kind, name = conditional_escape(w["type"]), conditional_escape(w["name"])
    return f'<input type="{kind}" name="{name}"{value}{_attrs(w["attrs"])}>'


def _option(option: dict) -> str:
    value, label = conditional_escape(str(option["value"])), conditional_escape(option["label"])
    return f'<option value="{value}"{_attrs(option["attrs"])}>{label}</option>'


def _select(context: dict) -> str:
    """``django/forms/widgets/select.html`` with its options (and optgroups)."""
    w = context["widget"]
    parts = [f'<select name="{conditional_escape(w["name"])}"{_attrs(w["attrs"])}>']
    for group_name, options, _index in w["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{conditional_escape(group_name)}">')
        # Each option's own template ends with a newline, which Django keeps.
        parts.extend(f"\n  {_option(option)}\n" for option in options)
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


def _label(context: dict) -> str:
    """``django/forms/label.html``."""
    label = conditional_escape(context["label"])
    if not context["use_tag"]:
        return label
    tag = conditional_escape(context["tag"])
    return f"<{tag}{_attrs(context['attrs'] or {})}>{label}</{tag}>"


WIDGETS = "django/forms/widgets/"
WRITTEN: dict[str, Callable[[dict], str]] = {
    **{f"{WIDGETS}{kind}.html": _input for kind in ("text", "number", "checkbox", "hidden")},
    f"{WIDGETS}select.html": _select,
    "django/forms/label.html": _label,
}


class QuickRenderer(DjangoTemplates):
    """Django's form renderer, with the templates of :data:`WRITTEN` written in Python."""

    def render(self, template_name, context, request=None):
        write = WRITTEN.get(template_name)
        if write is None:
            return super().render(template_name, context, request)
        # Django strips a rendered template (BaseRenderer.render): so does this.
        return mark_safe(write(context).strip())
