"""``guandan demo --https`` and ``guandan serve --https`` from the clone, as an organizer
starts them: the first start makes the certificate authority and the laptop's certificate,
granian serves TLS on the one port (1.2 and 1.3; plain http is not answered), a client that
trusts the authority alone verifies the laptop (by its address) and signs in (CSRF over
https, secure cookies), the certificate page hands out that same authority, and the next
start keeps it. Loopback only: the laptop's certificate names 127.0.0.1 as it names its LAN
addresses."""

from __future__ import annotations

import http.client
import re
import ssl
import sys

import pytest

from tests.servers.guandan_run import clean_env, printed_password, started
from tests.servers.web import ROOT, Browser, free_port

pytestmark = [pytest.mark.slow]
SMALL = ["--workers", "1", "--threads", "2"]


def trusting(ca) -> ssl.SSLContext:
    """A client that trusts the laptop's authority and nothing else (as a phone that
    installed it, less the public authorities)."""
    return ssl.create_default_context(cafile=str(ca))


def test_serve_https_is_verified_against_the_laptops_own_authority(tmp_path):
    data = tmp_path / "data"
    ca = data / "tls" / "ca.crt"
    env = clean_env(GUANDAN_DATA_DIR=str(data), TESTING_FAST_HASHER="1")
    demo = [sys.executable, "-m", "guandan", "demo", "--https", *SMALL]
    port = free_port()
    with started(demo, env, ROOT, port, context=lambda: trusting(ca)) as (_proc, base, lines):
        assert base.startswith("https://")
        browser = Browser(base, trusting(ca))
        status, html = browser.get("/t/demo/")
        assert status == 200 and "2026年江淮掼蛋邀请赛（演示）" in html
        browser.login("organizer", printed_password(lines, "organizer"))  # CSRF over https
        session = [c for c in browser.jar if c.name == "sessionid"]
        assert session and all(c.secure for c in session)
        status, html = browser.get("/")
        assert status == 200 and "organizer" in html
        # The certificate page hands out the authority the client trusted.
        with browser.opener.open(f"{base}/phone-certificate/guandan-ca.crt") as got:
            assert got.headers["Content-Type"] == "application/x-x509-ca-cert"
            assert got.read() == ssl.PEM_cert_to_DER_cert(ca.read_text())
        # TLS 1.2 too (older phones); without the authority the laptop is not trusted.
        old = trusting(ca)
        old.maximum_version = ssl.TLSVersion.TLSv1_2
        assert Browser(base, old).get("/phone-certificate/")[0] == 200
        with pytest.raises(ssl.SSLCertVerificationError):
            http.client.HTTPSConnection(
                "127.0.0.1", port, context=ssl.create_default_context(), timeout=10
            ).request("GET", "/")
        # The one port speaks TLS only.
        plain = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        with pytest.raises((http.client.HTTPException, OSError)):
            plain.request("GET", "/")
            plain.getresponse()
    printed = "".join(lines)
    assert f"https://127.0.0.1:{port}/t/demo/" in printed
    assert f"https://127.0.0.1:{port}/phone-certificate/" in printed
    assert re.search(r"SHA-256\): ([0-9A-F]{2}:){31}[0-9A-F]{2}", printed)
    assert "本机证书已按现在的地址签发" in printed  # the first start made it
    authority = ca.read_bytes()
    serve = [sys.executable, "-m", "guandan", "serve", "--https", *SMALL]
    with started(serve, env, ROOT, free_port(), context=lambda: trusting(ca)) as (_, base, again):
        assert Browser(base, trusting(ca)).get("/t/demo/")[0] == 200
    assert ca.read_bytes() == authority and "本机证书已按现在的地址签发" not in "".join(again)
