"""The Content-Security-Policy header built once per process (tournament/core/csp_header.py):
the same header as django-csp's for a plain answer, django-csp's own code for any other."""

from __future__ import annotations

import pytest
from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from csp.utils import build_policy
from django.http import HttpResponse

from tournament.core.csp_header import CSPMiddleware


def answered(rf, make, middleware_class=CSPMiddleware, nonce: bool = False) -> HttpResponse:
    response = make()
    middleware = middleware_class(lambda request: response)
    request = rf.get("/t/spring/standings/")
    middleware.process_request(request)
    if nonce:
        str(request.csp_nonce)  # a template asked for one
    return middleware.process_response(request, response)


def plain() -> HttpResponse:
    return HttpResponse()


def changed() -> HttpResponse:
    response = HttpResponse()
    response._csp_update = {"img-src": ["https://maps.example.org"]}
    return response


def exempt() -> HttpResponse:
    response = HttpResponse()
    response._csp_exempt = True
    return response


def own() -> HttpResponse:
    response = HttpResponse()
    response[HEADER] = "default-src 'none'"
    return response


def test_a_plain_answer_gets_django_csps_header_built_once(rf):
    middleware = CSPMiddleware(lambda request: HttpResponse())
    first = answered(rf, plain)
    assert first[HEADER] == build_policy() and "script-src 'self'" in first[HEADER]
    assert middleware._plain_headers is middleware._plain_headers  # built once, then kept


@pytest.mark.parametrize("make", [plain, changed, exempt, own])
@pytest.mark.parametrize("nonce", [False, True])
def test_every_answer_gets_the_headers_django_csp_gives(rf, make, nonce):
    ours = answered(rf, make, nonce=nonce)
    theirs = answered(rf, make, DjangoCSPMiddleware, nonce=nonce)
    for header in (HEADER, HEADER_REPORT_ONLY):
        assert ours.get(header) == theirs.get(header), (make.__name__, header)
    if make is changed:
        assert "https://maps.example.org" in ours[HEADER]
