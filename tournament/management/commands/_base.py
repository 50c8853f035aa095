"""Shared bits of the management commands."""

from __future__ import annotations

import gc

from django.core import checks
from django.core.management import base
from django.core.management.base import CommandError

from tournament.models import Tournament


class BaseCommand(base.BaseCommand):
    """The base of the project's commands: Django's, with the system checks but the URL,
    template and admin ones.

    The URL checks import the URLconf, and with it every view and the read API (django-ninja,
    pydantic): about 0.35 CPU-s of each command's start-up for routes no command uses. The
    template and admin checks build the template engine, which imports every template tag
    library (django-tables2's with django.contrib.postgres and psycopg): 0.14 CPU-s for pages
    no command renders. ``manage.py check`` (and the test suite, ``check --deploy``) still
    runs them.
    """

    def run_from_argv(self, argv: list[str]) -> None:
        """Run as its own process (``manage.py NAME``), with start-up's objects frozen.

        By now Django and the app are loaded: hundreds of thousands of objects that live
        until the process ends. Every full collection walked them again while a command
        built its own (``pair`` at 5,000 pairs: 20,000 records, their tallies, the
        entrants), about 0.4 of its 2.5 CPU-s; frozen (``gc.freeze``), they are left out.
        Not in ``execute``: ``call_command`` in a long-lived process (the tests) must not
        freeze what it later drops.
        """
        gc.freeze()
        super().run_from_argv(argv)

    verbosity = 1

    def execute(self, *args, **options):
        self.verbosity = options.get("verbosity", 1)
        return super().execute(*args, **options)

    def note(self, text: str) -> None:
        """Write a confirmation (what was done, where it went), not the data the command
        exists to print: ``-v 0`` silences it. Tables, JSON and passwords shown
        only once are written with ``self.stdout`` at every verbosity."""
        if self.verbosity > 0:
            self.stdout.write(text)

    def password_once(self, username: str, password: str) -> None:
        """The password made for a new account: written at every verbosity, once."""
        self.stdout.write(f"用户名 {username}  密码 {password}（只显示这一次）")

    def password_kept(self) -> None:
        self.note("账号已存在，密码不变")

    def refused_import(self, exc: Exception) -> CommandError:
        """An import refused as a whole: its reason, and that nothing was imported."""
        return CommandError(f"{exc}；没有导入任何数据")

    def refused_rows(self, problems) -> CommandError:
        """A sheet with bad rows: each problem (its row and column) on stderr, and the
        error to raise (nothing was imported)."""
        for problem in problems:
            self.stderr.write(str(problem))
        return CommandError(f"发现{len(problems)}个问题，没有导入任何数据")

    def get_check_kwargs(self, options) -> dict:
        skipped = {checks.Tags.urls, checks.Tags.templates, checks.Tags.admin}
        tags = checks.registry.registry.tags_available() - skipped
        return {"tags": sorted(tags)}


def get_tournament(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise CommandError(f"找不到赛事“{slug}”") from None
