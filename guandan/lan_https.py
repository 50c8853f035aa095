"""``guandan serve --https``: what the command does besides handing the server its files.

Phones open the laptop at an https address of the venue's network, trusting the laptop's
own certificate authority (guandan/certificates.py), which the organizer installs once on
each phone from the page /phone-certificate/. The TLS is the server's own (granian's
``--ssl-certificate``), not a proxy's: ``HTTPS=1`` and its trust of X-Forwarded-Proto stay
off. Django sees https requests (``wsgi.url_scheme``), so its CSRF check takes the https
origin of the address in use without CSRF_TRUSTED_ORIGINS; the cookies are sent over TLS
only (each setting can still be set in the environment). No HSTS: a browser would then
refuse the laptop's name over plain http for a year, and the same laptop may serve plain
http another day.
"""

from __future__ import annotations

import os

from guandan.certificates import ensure, fingerprint, host_name, tls_folder
from guandan.paths import data_dir

SECURE_COOKIES = ("SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "LANGUAGE_COOKIE_SECURE")
PAGE = "/phone-certificate/"


def certificate_files() -> tuple[str, str]:
    """The laptop's certificate and key files, as the server is told them (made by
    :func:`prepare`)."""
    folder = tls_folder(data_dir())
    return str(folder / "server.crt"), str(folder / "server.key")


def prepare(phones: list[str]) -> list[str]:
    """Make the certificates for the addresses ``phones`` (or make the laptop's again when
    they changed), say so, and set the cookies' settings; return the names, besides the
    addresses, that phones may use (the laptop's name), when phones are let in."""
    host = host_name()
    made = ensure(data_dir(), phones, host)
    if made.issued:
        print(
            "本机证书已按现在的地址签发（手机上装过的证书继续有效）\n"
            "The laptop's certificate was made for its present addresses (phones keep the "
            "certificate they installed)"
        )
    for name in SECURE_COOKIES:
        os.environ.setdefault(name, "1")
    return [host, f"{host}.local"] if phones else []


def print_certificate_page(addresses: list[str], port: int) -> None:
    """The banner's lines for the certificate: where phones get it, and its fingerprint."""
    from guandan.certificates import ca_der

    der = ca_der(data_dir())
    print(
        "每台手机装一次本机证书（第一次打开时浏览器会警告，选“继续访问”）/ install this "
        "laptop's certificate once on each phone (the browser warns the first time: proceed):"
    )
    for address in addresses:
        print(f"  https://{address}:{port}{PAGE}")
    if der is not None:
        print(f"证书指纹 / fingerprint (SHA-256): {fingerprint(der)}")
