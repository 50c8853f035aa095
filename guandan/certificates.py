"""The certificates of ``guandan serve --https``: phones reach the laptop over HTTPS on the
venue's network, where their browsers keep the offline pages (a service worker is refused
on a plain-http LAN address: only https and localhost are "secure contexts").

Vocabulary:

- the *authority* (CA): a key and a self-signed certificate made once on this laptop, valid
  10 years, named :data:`CA_NAME` with the laptop's name. The organizer installs its
  certificate once on each referee's phone (the page /phone-certificate/ says how); its key
  never leaves the data folder;
- the *laptop's certificate*: signed by the authority for the laptop's addresses (every
  address phones are told, plus 127.0.0.1, localhost and the laptop's name), valid
  :data:`SERVER_DAYS` days. It is made again, by the same authority, whenever those addresses
  change (another venue's Wi-Fi), the authority changed, or it expires within
  :data:`RENEW_DAYS` days: the phones, which trust the authority, need nothing new.

What iOS and Chrome ask of a server certificate (Apple's "Requirements for trusted
certificates in iOS 13"; 398 days since 2020): its names in subjectAltName, the serverAuth
extended key usage, SHA-256, an EC P-256 (or RSA ≥ 2048) key, at most 825 days (398 for
publicly trusted ones: the laptop's keeps to that too).

Files (in ``<data folder>/tls``; the keys are readable by their owner alone, 0600):
``ca.key``, ``ca.crt``, ``server.key`` (PKCS#8, what granian reads), ``server.crt`` (the
laptop's certificate followed by the authority's).
"""

from __future__ import annotations

import datetime
import ipaddress
import os
import socket
from dataclasses import dataclass
from pathlib import Path

CA_NAME = "掼蛋赛事 本机证书 {host}"
CA_DAYS = 3650
SERVER_DAYS = 397
RENEW_DAYS = 30
# A phone whose clock is a little behind still accepts a certificate made just now.
BACKDATE = datetime.timedelta(hours=1)
FOLDER = "tls"


@dataclass(frozen=True)
class Certificates:
    """Where the files are, and whether the laptop's certificate was made just now."""

    folder: Path
    issued: bool = False

    @property
    def ca_cert(self) -> Path:
        return self.folder / "ca.crt"

    @property
    def ca_key(self) -> Path:
        return self.folder / "ca.key"

    @property
    def cert(self) -> Path:
        return self.folder / "server.crt"

    @property
    def key(self) -> Path:
        return self.folder / "server.key"


def tls_folder(data: Path) -> Path:
    """The certificates' folder of the data folder ``data``."""
    return data / FOLDER


def host_name() -> str:
    """The laptop's name, as the system reports it (no domain)."""
    return socket.gethostname().split(".")[0] or "localhost"


def wanted_names(addresses: list[str], host: str) -> tuple[set[str], set[str]]:
    """The DNS names and IP addresses the laptop's certificate names."""
    names = {"localhost", host, f"{host}.local"}
    ips = {"127.0.0.1", *addresses}
    return {n.lower() for n in names if n}, {str(ipaddress.ip_address(a)) for a in ips}


def ensure(data: Path, addresses: list[str], host: str | None = None) -> Certificates:
    """The authority and a laptop's certificate for ``addresses``, made when missing, the
    latter made again when it does not fit (see the module's text)."""
    from filelock import FileLock

    host = host or host_name()
    made = Certificates(tls_folder(data))
    made.folder.mkdir(parents=True, exist_ok=True)
    # Two servers started at once on one data folder (several ports) make one authority.
    with FileLock(made.folder / ".lock", timeout=60):
        return _ensure(made, addresses, host)


def _ensure(made: Certificates, addresses: list[str], host: str) -> Certificates:
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    if not (made.ca_cert.is_file() and made.ca_key.is_file()):
        _write_authority(made, host)
    ca_cert = x509.load_pem_x509_certificate(made.ca_cert.read_bytes())
    ca_key = serialization.load_pem_private_key(made.ca_key.read_bytes(), password=None)
    names, ips = wanted_names(addresses, host)
    if _fits(made, ca_cert, names, ips):
        return made
    _write_server(made, ca_cert, ca_key, names, ips, host)
    return Certificates(made.folder, issued=True)


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def _fits(made: Certificates, ca_cert, names: set[str], ips: set[str]) -> bool:
    """True when the laptop's certificate exists, names exactly ``names`` and ``ips``, was
    signed by ``ca_cert`` and is good for :data:`RENEW_DAYS` days more."""
    from cryptography import x509
    from cryptography.exceptions import InvalidSignature

    if not (made.cert.is_file() and made.key.is_file()):
        return False
    try:
        cert = x509.load_pem_x509_certificate(made.cert.read_bytes())
        cert.verify_directly_issued_by(ca_cert)
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (ValueError, TypeError, x509.ExtensionNotFound, InvalidSignature):
        return False
    has_names = {n.lower() for n in san.get_values_for_type(x509.DNSName)}
    has_ips = {str(a) for a in san.get_values_for_type(x509.IPAddress)}
    late = cert.not_valid_after_utc - datetime.timedelta(days=RENEW_DAYS)
    return has_names == names and has_ips == ips and _now() < late


def _write_authority(made: Certificates, host: str) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, CA_NAME.format(host=host)),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "掼蛋赛事管理 Guandan"),
        ]
    )
    start = _now() - BACKDATE
    public = key.public_key()
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(start + datetime.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(_usage(cert_sign=True), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
        .sign(key, hashes.SHA256())
    )
    _write_private(made.ca_key, _pkcs8(key))
    # The server's certificate of an earlier authority no longer fits: made again below.
    for old in (made.cert, made.key):
        old.unlink(missing_ok=True)
    _write_public(made.ca_cert, cert.public_bytes(serialization.Encoding.PEM))


def _write_server(made: Certificates, ca_cert, ca_key, names, ips, host: str) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key()
    alt = [x509.DNSName(n) for n in sorted(names)]
    alt += [x509.IPAddress(ipaddress.ip_address(a)) for a in sorted(ips)]
    start = _now() - BACKDATE
    authority = ca_cert.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)]))
        .issuer_name(ca_cert.subject)
        .public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(start + datetime.timedelta(days=SERVER_DAYS))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(_usage(cert_sign=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(authority),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )
    _write_private(made.key, _pkcs8(key))
    chain = cert.public_bytes(serialization.Encoding.PEM)
    _write_public(made.cert, chain + ca_cert.public_bytes(serialization.Encoding.PEM))


def _usage(cert_sign: bool):
    from cryptography import x509

    return x509.KeyUsage(
        digital_signature=not cert_sign,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=cert_sign,
        crl_sign=cert_sign,
        encipher_only=False,
        decipher_only=False,
    )


def _pkcs8(key) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,  # granian reads PKCS#8 only
        serialization.NoEncryption(),
    )


def _write_private(path: Path, content: bytes) -> None:
    """Write a key readable by its owner alone, whole or not at all."""
    _write(path, content, 0o600)


def _write_public(path: Path, content: bytes) -> None:
    _write(path, content, 0o644)


def _write(path: Path, content: bytes, mode: int) -> None:
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    part.unlink(missing_ok=True)
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        os.write(fd, content)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.chmod(part, mode)  # whatever the umask
    os.replace(part, path)


def ca_der(data: Path) -> bytes | None:
    """The authority's certificate in DER (what a phone installs), or None when this data
    folder has none (the laptop never served over HTTPS)."""
    import ssl

    try:
        pem = (tls_folder(data) / "ca.crt").read_text(encoding="ascii")
    except (OSError, ValueError):
        return None
    return ssl.PEM_cert_to_DER_cert(pem)


def fingerprint(der: bytes) -> str:
    """The certificate's SHA-256 fingerprint as phones show it (AB:CD:…)."""
    import hashlib

    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))
