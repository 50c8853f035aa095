"""The client's address (:func:`client_ip`): whom django-axes counts wrong passwords for,
and whom the activity log names.

Vocabulary
----------
trusted proxy
    A reverse proxy (nginx, Caddy) at one of ``TRUSTED_PROXY_ADDRESSES``; ``TRUSTED_PROXIES``
    of them stand in front of the app. Only a request that really came through one has its
    address read from X-Forwarded-For; any other is taken at ``REMOTE_ADDR``.
"""

from __future__ import annotations

import functools
import ipaddress

from django.conf import settings


def _trusted(address: str) -> bool:
    """Whether ``address`` is one of the configured proxies (``TRUSTED_PROXY_ADDRESSES``)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in trusted_networks())


@functools.cache
def _networks(addresses: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(a, strict=False) for a in addresses)


def trusted_networks() -> tuple:
    return _networks(tuple(settings.TRUSTED_PROXY_ADDRESSES))


def client_ip(request) -> str:
    """The client's address: ``REMOTE_ADDR``; or, when the request really came through the
    configured proxy (``REMOTE_ADDR`` is one of ``TRUSTED_PROXY_ADDRESSES``) and
    ``TRUSTED_PROXIES`` proxies stand in front, the address the outermost trusted proxy saw
    (counted from the right of X-Forwarded-For, so a client cannot forge it by sending its
    own header). A request straight to the app port, bypassing the proxy, is taken at its
    own address whatever X-Forwarded-For it sends."""
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = settings.TRUSTED_PROXIES
    if not proxies or not _trusted(remote):
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [a for a in forwarded if a]
    if len(forwarded) < proxies:
        return remote
    return forwarded[-proxies]
