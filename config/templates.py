"""The template engine: Django's, with some of Django's own tag libraries replaced.

``REPLACED`` names a library of Django's (what ``{% load name %}`` gives) and the module
that takes its place in this engine: ``{% load i18n %}`` gives
``tournament/templatetags/remembered_translate.py``, which is Django's i18n with its
constant ``{% translate %}`` texts kept per language. The replacement is made in the
engine's loaded libraries, not in ``OPTIONS["libraries"]``: there Django's system check
(templates.W003) would warn of two modules under one name on every ``manage.py check``,
and silencing that check would also hide a clash made by mistake.
"""

from __future__ import annotations

from django.template.backends.django import DjangoTemplates
from django.template.library import import_library

REPLACED = {"i18n": "tournament.templatetags.remembered_translate"}


class GuandanTemplates(DjangoTemplates):
    """Django's template backend whose libraries in :data:`REPLACED` are this app's."""

    def __init__(self, params):
        super().__init__(params)
        for name, module in REPLACED.items():
            self.engine.template_libraries[name] = import_library(module)
