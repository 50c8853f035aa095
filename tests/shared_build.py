"""Rows that the tests of one module share, built once: the suite's one build-once mechanism.

Vocabulary
----------
built once
    Held in a transaction that several tests share (:func:`built_once`), rolled back after
    the last of them. Each of those tests (``django_db``) runs in its own savepoint inside
    it, rolled back after the test: every one starts from the rows as built. The cache is
    process memory, not rolled back: each such test starts with it cleared, or a key made of
    a stamp that the rollback set back could serve what an earlier test computed.
shared build
    A fixture made with :func:`shared_build` from a function that builds rows and returns
    their keys. The first test of a module that asks for it builds it, built once; the
    module's following tests that ask for it get the same keys. It is rolled back before a
    test of the module that does not ask for it (that test starts from the empty database
    as usual), before a transactional test (which builds its own rows, flushed after it),
    and when the module ends; the next test that asks builds it again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager

import pytest

Build = Callable[[], object]
BUILDS: dict[str, Build] = {}
"""Every shared build, by its fixture's name."""


@contextmanager
def built_once(django_db_blocker) -> Iterator[None]:
    """Hold what is built inside in a transaction rolled back at the end (see the module)."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)


def transactional(item: pytest.Item) -> bool:
    """Whether the test runs outside pytest-django's per-test transaction (so it cannot run
    in a savepoint of a shared one): ``django_db(transaction=True)`` or
    ``reset_sequences=True``, or one of the fixtures that ask for that."""

    def flags(transaction=False, reset_sequences=False, *args, **kwargs) -> bool:
        return bool(transaction or reset_sequences)

    marker = item.get_closest_marker("django_db")
    fixtures = set(getattr(item, "fixturenames", ()))
    return (marker is not None and flags(*marker.args, **marker.kwargs)) or bool(
        fixtures & {"transactional_db", "live_server", "django_db_reset_sequences"}
    )


class Shared:
    """The open shared build, if any: at most one at a time, of the module being run."""

    def __init__(self) -> None:
        self.blocker = None  # pytest-django's database blocker, once a module asked
        self.module: str | None = None  # the module whose tests may share
        self.item: pytest.Item | None = None  # the test being set up
        self.name: str | None = None  # the open shared build's fixture
        self.keys: object = None  # what its build returned
        self.stack: ExitStack | None = None  # holds its transaction

    def wanted(self, item: pytest.Item | None) -> str | None:
        """The shared build this test asks for and can share (None: none)."""
        if item is None or transactional(item):
            return None
        return next((n for n in getattr(item, "fixturenames", ()) if n in BUILDS), None)

    def before(self, item: pytest.Item) -> None:
        """Before the test's fixtures: keep the open build for a test that shares it, roll it
        back for any other; build it for a later test of the module that asks for it."""
        self.item = item
        module = getattr(getattr(item, "module", None), "__name__", None)
        if self.stack is not None and (module != self.module or self.wanted(item) != self.name):
            self.close()
        if module is not None and module == self.module:
            self.open_for(item)

    def open_for(self, item: pytest.Item | None) -> None:
        name = self.wanted(item)
        if name is None or self.name == name:
            return
        self.close()
        self.stack = ExitStack()
        self.stack.enter_context(built_once(self.blocker))
        self.name, self.keys = name, BUILDS[name]()

    def close(self) -> None:
        if self.stack is not None:
            self.stack.close()  # rolls the shared transaction back
        self.stack = self.name = self.keys = None


SHARED = Shared()


@pytest.fixture(scope="module")
def shared_builds(request, django_db_setup, django_db_blocker):
    """Set up before the test's own transaction (a wider scope comes first): builds the
    shared build the module's first test asks for; rolls it back when the module ends."""
    SHARED.blocker, SHARED.module = django_db_blocker, request.module.__name__
    SHARED.open_for(SHARED.item)
    yield SHARED
    SHARED.close()
    SHARED.module = None


def shared_build(build: Build):
    """The fixture, named as ``build``, whose value is the keys ``build`` returned: built
    once for the module's tests that ask for it (see the module), or in the test for a
    transactional one."""

    def fixture(shared_builds, db):
        from django.core.cache import cache

        if shared_builds.name != build.__name__:  # a transactional test: its own rows
            return build()
        cache.clear()  # nothing computed by an earlier test (see "built once")
        return shared_builds.keys

    BUILDS[build.__name__] = build
    fixture.__doc__ = build.__doc__
    return pytest.fixture(name=build.__name__)(fixture)
