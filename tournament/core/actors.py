"""Who acts: the one value a service is given about the person behind a change.

Vocabulary
----------
actor
    An :class:`Actor`: who acts (``user``), through which path (``path``: ``"referee"``, a
    side's link ``"table_ew"``/``"table_ns"``, a clerk's ``"import"``, a ``"command"``...),
    from which device (``device``, ``ip``, and for an entry made on a phone its ``phone``
    entry; for a side, the ``slip`` mark of the printed slip it acts with). Built once per
    request by :func:`request_actor`, once per command by :func:`command_actor`, and by
    :func:`user_actor` where there is no request (tests, the admin's own code). Services take
    it as ``by=`` and never read a request; the audit writer copies it into each line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tournament.core import client_address

REFEREE_PATH = "referee"  # a person signed in, on the staff pages (the default path)
COMMAND_PATH = "command"  # a management command


@dataclass(frozen=True)
class Actor:
    """Who acts, through which path, from which device (see the module's vocabulary)."""

    user: Any = None  # a User, AnonymousUser, or None
    path: str = REFEREE_PATH
    device: str = ""  # the browser's user agent, cut to the audit field's size
    ip: str | None = None
    phone: Any = None  # tournament.results.entry_keys.PhoneEntry: an entry made on a phone
    slip: str = ""  # the printed slip's mark a side acts with (tournament.results.sides)
    site: str = ""  # the address the request reached the app at ("https://host"): mailed links

    @property
    def person(self):
        """The signed-in user acting, or None (a side's link, a command, nobody)."""
        user = self.user
        return user if user is not None and user.is_authenticated else None

    def via(self, path: str, **changes) -> Actor:
        """The same actor through another ``path`` (and other fields ``changes``)."""
        return replace(self, path=path, **changes)


NOBODY = Actor()


def request_actor(request, path: str = REFEREE_PATH, **fields) -> Actor:
    """The actor of a request: its user, address and browser (``fields``: ``phone``, ``slip``)."""
    return Actor(
        user=request.user,
        path=path,
        device=request.META.get("HTTP_USER_AGENT", "")[:200],
        ip=client_address.client_ip(request) or None,
        **fields,
    )


def site_of(request) -> str:
    """The scheme and host a request came through, for absolute links ("https://host")."""
    return request.build_absolute_uri("/").rstrip("/")


def user_actor(user, path: str = REFEREE_PATH) -> Actor:
    """An actor without a request (tests, the admin's code, a service acting for a user)."""
    return Actor(user=user, path=path)


def command_actor(user=None, path: str = COMMAND_PATH) -> Actor:
    """The actor of a management command (no address, no browser)."""
    return Actor(user=user, path=path)
