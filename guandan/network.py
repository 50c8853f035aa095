"""The addresses a phone on the same network can open, and whether a port is free.

Standard library only, the same on Windows, macOS and Linux (no ``hostname -I``).
"""

from __future__ import annotations

import ipaddress
import socket

# A documentation address (TEST-NET-1, RFC 5737): connecting a UDP socket to it sends no
# packet; it only asks the system which local address its default route would use.
_ROUTE_PROBE = ("192.0.2.1", 9)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback and link-local, sorted."""
    found: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            found.add(probe.getsockname()[0])
    except OSError:
        pass  # no network at all: the laptop alone still serves itself
    usable = []
    for text in found:
        address = ipaddress.ip_address(text)
        if not (address.is_loopback or address.is_link_local or address.is_unspecified):
            usable.append(text)
    return sorted(usable, key=ipaddress.ip_address)


def port_in_use(host: str, port: int) -> bool:
    """True when another program already listens on ``host:port``.

    Elsewhere than on Windows the test bind sets ``SO_REUSEADDR``, as granian's own bind
    does: the connections of a server just stopped (a crash, a ``kill -9``, a Ctrl-C with
    phones connected) wait a minute in TIME_WAIT on the port, and without it they counted
    as "in use", so that the server could not be started again on the port every printed
    QR code and slip link names. A program listening on the port still refuses
    the bind."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        if hasattr(socket, "SO_EXCLUSIVEADDRUSE"):  # Windows: refuse to share the port
            s.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return True
    return False
