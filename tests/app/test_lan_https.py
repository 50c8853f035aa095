"""``guandan serve --https`` without a server: the certificates it makes (what iOS and Chrome
ask of them, the laptop's made again for new addresses by the same authority, the keys
readable by their owner alone), the server's command line, the settings it sets, and the
page phones install the certificate from."""

from __future__ import annotations

import datetime
import io
import ssl
import stat
from types import SimpleNamespace

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from django.test import Client, override_settings

from guandan import certificates, guandan_command, lan_https, servers
from guandan.certificates import ensure

VENUE = ["192.168.1.23"]


def load(path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def san(cert: x509.Certificate) -> tuple[set[str], set[str]]:
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    ips = {str(a) for a in names.get_values_for_type(x509.IPAddress)}
    return set(names.get_values_for_type(x509.DNSName)), ips


def test_the_laptops_certificate_names_its_addresses_and_keeps_to_ios_rules(tmp_path):
    made = ensure(tmp_path, ["192.168.1.23", "10.0.0.5"], "laptop")
    assert made.issued
    cert, ca = load(made.cert), load(made.ca_cert)
    names, ips = san(cert)
    assert ips == {"127.0.0.1", "192.168.1.23", "10.0.0.5"}
    assert names == {"localhost", "laptop", "laptop.local"}
    # iOS 13+: at most 825 days (398 for public ones: kept too), serverAuth, SHA-256, P-256.
    days = (cert.not_valid_after_utc - cert.not_valid_before_utc).days
    assert days <= 398
    eku = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert ExtendedKeyUsageOID.SERVER_AUTH in eku
    assert isinstance(cert.signature_hash_algorithm, hashes.SHA256)
    key = cert.public_key()
    assert isinstance(key, ec.EllipticCurvePublicKey) and key.curve.name == "secp256r1"
    assert not cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    cert.verify_directly_issued_by(ca)
    # The authority: 10 years, a CA, named for the laptop as phones list it.
    assert (ca.not_valid_after_utc - ca.not_valid_before_utc).days >= 3650
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    (cn,) = ca.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    assert cn.value == "掼蛋赛事 本机证书 laptop"
    # The file granian reads: the laptop's certificate, then the authority's.
    assert made.cert.read_text().count("BEGIN CERTIFICATE") == 2
    assert made.key.read_text().startswith("-----BEGIN PRIVATE KEY-----")  # PKCS#8


def test_the_keys_are_readable_by_their_owner_alone(tmp_path):
    made = ensure(tmp_path, VENUE, "laptop")
    for path in (made.key, made.ca_key):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE(made.ca_cert.stat().st_mode) == 0o644
    assert not list(made.folder.glob(".*.part"))


def test_new_addresses_get_a_new_certificate_from_the_same_authority(tmp_path):
    first = ensure(tmp_path, VENUE, "laptop")
    ca_before = first.ca_cert.read_bytes()
    ca_key_before = first.ca_key.read_bytes()
    cert_before = first.cert.read_bytes()
    again = ensure(tmp_path, VENUE, "laptop")
    assert not again.issued and again.cert.read_bytes() == cert_before
    moved = ensure(tmp_path, ["10.8.0.7"], "laptop")  # another venue's Wi-Fi
    assert moved.issued and moved.cert.read_bytes() != cert_before
    assert moved.ca_cert.read_bytes() == ca_before and moved.ca_key.read_bytes() == ca_key_before
    assert san(load(moved.cert))[1] == {"127.0.0.1", "10.8.0.7"}
    load(moved.cert).verify_directly_issued_by(load(moved.ca_cert))


def test_a_certificate_near_its_end_or_from_another_authority_is_made_again(tmp_path, monkeypatch):
    made = ensure(tmp_path, VENUE, "laptop")
    ends = load(made.cert).not_valid_after_utc
    later = ends - datetime.timedelta(days=certificates.RENEW_DAYS - 1)
    monkeypatch.setattr(certificates, "_now", lambda: later)
    assert ensure(tmp_path, VENUE, "laptop").issued
    monkeypatch.undo()
    made.ca_cert.unlink()  # an authority lost: a new one, and a certificate it signs
    renewed = ensure(tmp_path, VENUE, "laptop")
    assert renewed.issued
    load(renewed.cert).verify_directly_issued_by(load(renewed.ca_cert))


def test_granian_and_gunicorn_serve_tls(monkeypatch):
    options = servers.ServeOptions("0.0.0.0", 8443, "granian", 2, 4, tls=("c.pem", "k.pem"))
    argv = servers.granian_argv(options)
    assert "--ssl-certificate=c.pem" in argv and "--ssl-keyfile=k.pem" in argv
    assert "--ssl-protocol-min=tls1.2" in argv
    assert "--certfile=c.pem" in servers.gunicorn_argv(options)
    plain = servers.granian_argv(servers.ServeOptions("0.0.0.0", 8000, "granian", 2, 4))
    assert not [a for a in plain if a.startswith("--ssl")]


def test_https_sets_secure_cookies_and_lets_the_laptops_name_in(tmp_path, monkeypatch):
    monkeypatch.setenv("GUANDAN_DATA_DIR", str(tmp_path))
    for name in (*lan_https.SECURE_COOKIES, "ALLOWED_HOSTS", "HTTPS", "SECURE_PROXY_SSL_HEADER"):
        # What prepare() sets is undone after the test by tests/app/conftest.py's
        # environment_kept (a delenv of an absent name records nothing to restore).
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(lan_https, "host_name", lambda: "laptop")
    names = lan_https.prepare(VENUE)
    guandan_command._allow_hosts(VENUE, names)
    assert guandan_command.os.environ["ALLOWED_HOSTS"].split(",")[-3:] == [
        *VENUE,
        "laptop",
        "laptop.local",
    ]
    for name in lan_https.SECURE_COOKIES:
        assert guandan_command.os.environ[name] == "1"
    # TLS is the server's own: no trust of a proxy's X-Forwarded-Proto, no HSTS.
    assert (
        "HTTPS" not in guandan_command.os.environ
        and "SECURE_PROXY_SSL_HEADER" not in guandan_command.os.environ
    )
    assert (tmp_path / "tls" / "server.crt").is_file()
    cert, key = lan_https.certificate_files()
    assert cert == str(tmp_path / "tls" / "server.crt") and key.endswith("server.key")


@pytest.mark.django_db
def test_the_certificate_page_offers_the_authority_to_download(tmp_path):
    made = ensure(tmp_path, VENUE, "laptop")
    der = ssl.PEM_cert_to_DER_cert(made.ca_cert.read_text())
    client = Client()
    with override_settings(VAR_DIR=tmp_path):
        page = client.get("/phone-certificate/")
        crt = client.get("/phone-certificate/guandan-ca.crt")
        pem = client.get("/phone-certificate/guandan-ca.pem")
        secure_page = client.get("/phone-certificate/", secure=True)
    html = page.content.decode()
    assert page.status_code == 200 and certificates.fingerprint(der) in html
    assert "VPN与设备管理" in html and "证书信任设置" in html and "CA 证书" in html
    assert 'id="plain-http"' in html and 'id="plain-http"' not in secure_page.content.decode()
    assert crt.status_code == 200 and crt["Content-Type"] == "application/x-x509-ca-cert"
    assert crt.content == der
    assert x509.load_der_x509_certificate(crt.content).subject == load(made.ca_cert).subject
    assert pem.content.decode().startswith("-----BEGIN CERTIFICATE-----")


@pytest.mark.django_db
def test_without_https_the_page_says_so_and_there_is_nothing_to_download(tmp_path):
    client = Client()
    with override_settings(VAR_DIR=tmp_path):
        page = client.get("/phone-certificate/")
        assert client.get("/phone-certificate/guandan-ca.crt").status_code == 404
    assert page.status_code == 200 and 'id="no-certificate"' in page.content.decode()


def http2_scope(headers, *, authority: str) -> SimpleNamespace:
    """A GET of ``/`` over HTTP/2 and TLS from a phone, as granian's RSGI scope."""
    return SimpleNamespace(
        server="0.0.0.0:8443",
        http_version="2",
        client="192.168.1.40:50123",
        method="GET",
        path="/",
        query_string="",
        scheme="https",
        headers=headers,
        authority=authority,
    )


def test_an_http2_request_names_its_host_by_its_authority():
    """Browsers speak HTTP/2 over TLS: no Host header, ``:authority`` instead (granian's
    scope.authority). Without it Django saw the listening address, 0.0.0.0, and answered
    400 to every page of ``guandan serve --https --host 0.0.0.0``."""
    from guandan.front import BodyFirst

    scope = http2_scope({"user-agent": "phone"}, authority="192.168.1.23:8443")
    front = BodyFirst(lambda environ, start: [], 1, lambda path: 0, 0)
    environ = front._environ(scope, io.BytesIO())
    assert environ["HTTP_HOST"] == "192.168.1.23:8443" and environ["wsgi.url_scheme"] == "https"
    http1 = SimpleNamespace(**{**vars(scope), "headers": {"host": "vm:8443"}, "authority": None})
    assert front._environ(http1, io.BytesIO())["HTTP_HOST"] == "vm:8443"


class Fields(list):
    """Header fields as granian hands them: a name may come more than once."""

    def items(self):
        return iter(self)

    def get(self, name, default=None):
        return next((v for k, v in self if k == name), default)


def test_an_http2_requests_cookies_in_several_fields_are_one_cookie_header():
    """Chromium sends each cookie in a field of its own over HTTP/2: joined with ",", the
    session cookie was lost and every signed-in page of ``--https`` asked to sign in."""
    from guandan.front import BodyFirst

    fields = Fields([("cookie", "csrftoken=a"), ("cookie", "sessionid=b"), ("accept", "x")])
    scope = http2_scope(fields, authority="vm:8443")
    front = BodyFirst(lambda environ, start: [], 1, lambda path: 0, 0)
    environ = front._environ(scope, io.BytesIO())
    assert environ["HTTP_COOKIE"] == "csrftoken=a; sessionid=b"
    from http.cookies import SimpleCookie

    assert SimpleCookie(environ["HTTP_COOKIE"])["sessionid"].value == "b"


def test_servers_started_together_make_one_authority(tmp_path):
    """Several ``guandan serve --https`` on one data folder (several ports) at once: one
    authority, and the laptop's certificate is signed by it."""
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(4) as pool:
        pool.starmap(ensure, [(tmp_path, VENUE, "laptop")] * 4)
    made = certificates.Certificates(certificates.tls_folder(tmp_path))
    load(made.cert).verify_directly_issued_by(load(made.ca_cert))
