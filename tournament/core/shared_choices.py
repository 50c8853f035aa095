"""A choice field whose form copies share its choices, for the forms a page builds often.

Django copies every field of a form for each form it builds (``BaseForm.__init__``
deep-copies them). A ``ChoiceField`` deep-copies its list of choices, and its ``Select``
widget normalizes its copy of the list again (``normalize_choices``, choice by choice). A
referee's table page builds its result and foul forms at every load and every post (eight
choice fields, about sixty choices): the copies were half of building the forms.

The choices are never changed in place here: a form that narrows them assigns a new list
(``field.choices = […]``, as ``ResultForm`` and ``FoulForm`` do), which replaces the
copy's list, never the class's. So a copy gets a list of its own and shares the choices,
already normalized, in it.
"""

from __future__ import annotations

import copy

from django import forms
from django.utils.translation import get_language

from tournament.core.process_memo import Memo

_HTML = Memo(2_000)  # a select's HTML by what decides it: a few hundred bytes each


class Select(forms.Select):
    """``forms.Select`` whose copies share its normalized choices (see the module), and
    whose HTML is remembered by what decides it.

    Django builds a dict for each option of each select at every render (``optgroups``):
    100 µs for the levels' select, half a millisecond for a table's page. The HTML depends
    on the name, the value, the attributes, the choices, the language of their labels and
    the renderer: with all of them the key, the same select is built once per process.
    """

    def render(self, name, value, attrs=None, renderer=None):
        try:
            key = (
                type(self),
                name,
                tuple(self.format_value(value)),
                tuple(sorted(self.build_attrs(self.attrs, attrs).items())),
                tuple(self.choices),
                get_language(),
                renderer,
            )
            html = _HTML.get(key)
        except TypeError:  # a value that cannot be a key (a list in an attribute)
            return super().render(name, value, attrs, renderer)
        if html is None:
            html = _HTML.put(key, super().render(name, value, attrs, renderer))
        return html

    def __deepcopy__(self, memo):
        obj = copy.copy(self)
        obj.attrs = self.attrs.copy()
        obj._choices = copy.copy(self._choices)  # normalized when set: not again
        memo[id(self)] = obj
        return obj


class ChoiceField(forms.ChoiceField):
    """``forms.ChoiceField`` whose copies share their choices (see the module)."""

    widget = Select

    def __deepcopy__(self, memo):
        result = forms.Field.__deepcopy__(self, memo)
        result._choices = copy.copy(self._choices)
        return result
