"""The Content-Security-Policy header (django-csp), built once per process for plain answers.

django-csp's middleware builds the header from the settings on every answer, twice (the
policy and the report-only one): a tenth of the CPU of a cached public answer
(bench/cached_answer.py --profile). The settings do not change in a running process, so an
answer that asks for nothing of its own gets the same header every time.

Vocabulary
----------
plain answer
    No view decorator changed its policy (``csp_update``, ``csp_replace``, ``csp_exempt``
    and the like set ``_csp_*`` attributes on the response), and no template asked for a
    nonce. Anything else goes through django-csp's own code, unchanged.
"""

from __future__ import annotations

import http.client
from functools import cached_property

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from csp.utils import build_policy
from django.conf import settings

# What a view decorator sets on a response to change its policy (django-csp 4.0).
_CHANGES = tuple(
    f"_csp_{name}{suffix}"
    for name in ("config", "update", "replace", "exempt")
    for suffix in ("", "_ro")
)
_DEBUG_EXEMPT = (http.client.INTERNAL_SERVER_ERROR, http.client.NOT_FOUND)


class CSPMiddleware(DjangoCSPMiddleware):
    """django-csp's middleware; a plain answer gets the header built the first time."""

    @cached_property
    def _plain_headers(self) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
        """(header, policy, excluded URL prefixes) of each policy that is set."""
        kept = []
        for header, name, report_only in (
            (HEADER, "CONTENT_SECURITY_POLICY", False),
            (HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY", True),
        ):
            policy = build_policy(report_only=report_only)
            prefixes = (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
            if policy:
                kept.append((header, policy, tuple(prefixes)))
        return tuple(kept)

    def process_response(self, request, response):
        plain = getattr(request, "_csp_nonce", None) is None and not any(
            hasattr(response, name) for name in _CHANGES
        )
        if not plain or (settings.DEBUG and response.status_code in _DEBUG_EXEMPT):
            return super().process_response(request, response)
        for header, policy, prefixes in self._plain_headers:
            if header not in response and not request.path_info.startswith(prefixes):
                response[header] = policy
        # As django-csp does: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response
