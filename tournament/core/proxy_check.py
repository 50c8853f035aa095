"""Is the proxy in front counted? Said loudly when requests come through one the settings ignore.

Vocabulary
----------
ignored proxy
    A request that carries ``X-Forwarded-For`` from a loopback peer (``REMOTE_ADDR``: nginx
    on this machine, the documented set-up) while ``TRUSTED_PROXIES`` is 0. Every client
    then has the proxy's address (:func:`tournament.core.client_address.client_ip`), so every
    limit counted by address (login lockout, sign-ups, PIN tries) is one limit for
    everybody: one attacker locks the chief referee out of every new browser and spends
    every real pair's sign-ups. Only a program on this machine can be a loopback peer: a
    phone on the venue Wi-Fi (a private address) or a client on the internet that sends the
    header never counts, so nobody outside can put the warning on the organizer's pages.
    Once ``TRUSTED_PROXIES`` is set, nothing is said: the compose set-up (deploy/) names its
    nginx in ``TRUSTED_PROXY_ADDRESSES``.

The first ignored proxy a process sees is logged once (a warning, loud) and kept in the
process's memory; the organizer's and chief referee's event pages show it as a banner
(``templates/events/_tnav.html``) until the server is restarted with the right settings. At
start, ``HTTPS=1`` (a TLS-terminating proxy in front, docs/deployment.md) with
``TRUSTED_PROXIES=0`` is the same mistake: a system check (``manage.py check``) and a
warning in the log of each serving process say so before any request comes.
"""

from __future__ import annotations

import ipaddress
import logging
import os
from datetime import datetime

from django.conf import settings
from django.core import checks
from django.utils import timezone

log = logging.getLogger("guandan.proxy")

# The first ignored proxy this process saw: {"peer": address, "at": when}; empty until then.
_seen: dict[str, object] = {}

STARTUP_TEXT = (
    "HTTPS=1 says a proxy stands in front, but TRUSTED_PROXIES=0: every client would have the "
    "proxy's address, and every limit by address (login lockout, sign-ups) would be one for "
    "everybody. Set TRUSTED_PROXIES=1 (docs/deployment.md). / HTTPS=1 表示前面有代理，但 "
    "TRUSTED_PROXIES=0：所有客户端都会是代理的地址，按地址的限制（登录锁定、报名）变成全体共用。"
    "请设置 TRUSTED_PROXIES=1。"
)


def ignored_proxy(request) -> str | None:
    """The peer's address when ``request`` came through a proxy whose header is ignored."""
    if not request.META.get("HTTP_X_FORWARDED_FOR"):
        return None
    remote = request.META.get("REMOTE_ADDR", "") or ""
    try:
        peer = ipaddress.ip_address(remote)
    except ValueError:
        return None
    peer = getattr(peer, "ipv4_mapped", None) or peer  # ::ffff:127.0.0.1
    if not peer.is_loopback:
        return None  # a phone on the Wi-Fi or a client on the internet sending the header
    if settings.TRUSTED_PROXIES:
        return None  # a proxy is counted (which addresses, the settings say)
    return remote


def seen() -> dict[str, object] | None:
    """The ignored proxy this process saw (peer, at), or None."""
    return dict(_seen) or None


def forget() -> None:
    """Forget what was seen (the tests; a process restarted with new settings starts empty)."""
    _seen.clear()


def _note(peer: str, at: datetime) -> None:
    _seen.update(peer=peer, at=at)
    log.warning(
        "!!! Requests come through a proxy at %s with X-Forwarded-For, but the settings ignore "
        "it (TRUSTED_PROXIES=%s, TRUSTED_PROXY_ADDRESSES=%s): every client has the proxy's "
        "address and every limit by address is one for everybody. Set TRUSTED_PROXIES to the "
        "number of proxies and TRUSTED_PROXY_ADDRESSES to the proxy's address "
        "(docs/deployment.md). !!!",
        peer,
        settings.TRUSTED_PROXIES,
        ",".join(settings.TRUSTED_PROXY_ADDRESSES),
    )


class ProxyWatchMiddleware:
    """Notes the first ignored proxy (see the module's docstring); nothing once it has one."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not _seen:
            peer = ignored_proxy(request)
            if peer is not None:
                _note(peer, timezone.now())
        return self.get_response(request)


def startup_problem() -> str | None:
    """The mistake the settings alone show: HTTPS=1 behind a proxy counted as none."""
    if getattr(settings, "HTTPS", False) and not settings.TRUSTED_PROXIES:
        return STARTUP_TEXT
    return None


@checks.register(checks.Tags.security)
def check_proxies(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    problem = startup_problem()
    return [checks.Warning(problem, id="guandan.W041")] if problem else []


def warn_at_start() -> None:
    """In a serving process (guandan/servers.py's flag): the start-up warning, in its log."""
    from guandan.servers import WORKER_FLAG

    if os.environ.get(WORKER_FLAG) == "1" and startup_problem():
        log.warning("!!! %s !!!", STARTUP_TEXT)
