"""The page phones install the laptop's certificate from (``guandan serve --https``,
guandan/certificates.py), and the certificate itself. Public: a certificate is public
information, and a referee's phone installs it before anyone signs in on it."""

from __future__ import annotations

import ssl

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from guandan.certificates import ca_der, fingerprint

FILE_NAME = "guandan-ca"
# What iOS's Safari opens as a profile to install and Android saves as a CA certificate.
DER_TYPE = "application/x-x509-ca-cert"
PEM_TYPE = "application/x-pem-file"


@require_safe
def phone_certificate(request):
    """How to install the certificate on an iPhone and on Android, with its download."""
    der = ca_der(settings.VAR_DIR)
    return render(
        request,
        "public/phone_certificate.html",
        {
            "has_ca": der is not None,
            "fingerprint": fingerprint(der) if der else "",
            "secure": request.is_secure(),
        },
    )


@require_safe
def phone_certificate_file(request, kind: str):
    """The authority's certificate: DER (``.crt``, both systems take it) or PEM."""
    der = ca_der(settings.VAR_DIR)
    if kind not in ("crt", "pem"):
        raise Http404("no such file")
    if der is None:
        raise Http404("no certificate: the server was not started with --https")
    if kind == "pem":
        body, content_type = ssl.DER_cert_to_PEM_cert(der).encode("ascii"), PEM_TYPE
    else:
        body, content_type = der, DER_TYPE
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'inline; filename="{FILE_NAME}.{kind}"'
    response["Cache-Control"] = "no-cache"
    return response
