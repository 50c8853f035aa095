"""The endpoints of the read API, their access rules, ETags and cache headers.

Access: anyone reads what the public pages show; a request with
``Authorization: Bearer <token>`` carrying an active staff token of the event reads what
its staff pages show. A token that is revoked, unknown or of another event is refused
(401), so a tool never silently falls back to the public view.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_vary_headers
from ninja import NinjaAPI
from ninja.errors import HttpError
from ninja.openapi.docs import DocsBase
from ninja.renderers import JSONRenderer
from pydantic import TypeAdapter

from tournament.core.hidden_people import hidden_names_at, mask_body
from tournament.core.round_actions import MSG_NOT_PUBLISHED
from tournament.core.stamps import page_stamp
from tournament.events.api_tokens import bearer_secret, token_for
from tournament.models import Pair, Round, Tournament
from tournament.public.api import data
from tournament.public.api.schemas import (
    EventDetail,
    EventSummary,
    Pairings,
    Problem,
    Results,
    Standings,
    TeamDetail,
)
from tournament.public.conditional import conditional_answer
from tournament.text.messages import render as render_message

# Message codes: texts in tournament/text/messages/people.py
MSG_BAD_TOKEN = "api_bad_token"
MSG_NO_RESULTS = "api_no_results"
MSG_RESULTS_HIDDEN = "api_results_hidden"
MSG_STANDINGS_HIDDEN = "api_standings_hidden"

DESCRIPTION = (
    "Read-only JSON of what the public pages show: published pairings, results of locked "
    "rounds, public standings. A staff token of the event (header "
    "`Authorization: Bearer <token>`) also reads unpublished data. Every answer carries an "
    "ETag; send it back as `If-None-Match` to get a 304 while nothing changed."
)


class ChineseJSON(JSONRenderer):
    """Error answers with readable Chinese, like the endpoints' own answers."""

    json_dumps_params = {"ensure_ascii": False}


class LocalDocs(DocsBase):
    """Swagger UI from django-ninja's own copy (config.storage.SwaggerFinder), never a CDN. The
    validator badge is off: it would send the schema's address to validator.swagger.io."""

    def render_page(self, request, api, **kwargs) -> HttpResponse:
        settings = {
            "url": self.get_openapi_url(api, kwargs),
            "layout": "BaseLayout",
            "deepLinking": True,
            "validatorUrl": None,
        }
        return render(request, "public/api_docs.html", {"api": api, "swagger_settings": settings})


class ReadAPI(NinjaAPI):
    def get_openapi_schema(self, *args, **kwargs):
        """The schema, with the staff token declared as an optional bearer scheme."""
        schema = super().get_openapi_schema(*args, **kwargs)
        schemes = schema.setdefault("components", {}).setdefault("securitySchemes", {})
        schemes["staffToken"] = {"type": "http", "scheme": "bearer"}
        schema["security"] = [{}, {"staffToken": []}]  # optional: public without it
        return schema


api = ReadAPI(
    title="Guandan tournament read API",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api-v1",
    renderer=ChineseJSON(),
    docs=LocalDocs(),
)
PROBLEMS = {401: Problem, 404: Problem}


def reader(request, slug: str) -> tuple[Tournament, bool]:
    """The event and whether the request holds one of its active staff tokens.

    An unpublished event answers exactly as a missing one (404 "Not Found") unless a valid
    token of it is sent: a stranger cannot learn which names are events. A wrong token for
    a published event is refused (401), so a tool never silently falls back to the public
    view."""
    tournament = get_object_or_404(Tournament, slug=slug)
    secret = bearer_secret(request)
    valid = secret is not None and token_for(tournament, secret) is not None
    if not valid and not data.is_public(tournament):
        raise Http404
    if secret is not None and not valid:
        raise HttpError(401, render_message(MSG_BAD_TOKEN))
    return tournament, valid


def answer(request, tournament: Tournament | None, staff: bool, schema, build: Callable):
    """The JSON of ``build()`` checked against ``schema``, with an ETag from the stamp the
    pages use (a 304 without building anything when the client's copy is current): the
    public pages' conditional GET (:func:`~tournament.public.conditional.conditional_answer`)."""
    stamp = page_stamp(tournament, public=not staff) if tournament else _events_stamp()
    language = getattr(request, "LANGUAGE_CODE", "")  # result texts follow the language
    key = f"{stamp}|{int(staff)}|{language}|{request.get_full_path()}"
    etag = '"' + hashlib.sha256(key.encode()).hexdigest()[:24] + '"'

    def checked() -> JsonResponse:
        body = build()
        if body is None:
            raise HttpError(404, render_message(MSG_NO_RESULTS))
        adapter = TypeAdapter(schema)
        # exclude_unset: a key only team events have (a default of None) is left out of a
        # pairs event's answer, which stays as it was.
        body = adapter.dump_python(adapter.validate_python(body), mode="json", exclude_unset=True)
        response = JsonResponse(body, safe=False, json_dumps_params={"ensure_ascii": False})
        if shared and tournament is not None:  # as every public page (core/hidden_people.py)
            names = hidden_names_at(tournament.slug, stamp)
            response.content = mask_body(response.content, names, response["Content-Type"])
        return response

    shared = not staff and bearer_secret(request) is None  # the public view
    response = conditional_answer(request, etag, checked, shared=shared)
    patch_vary_headers(response, ["Authorization", "Accept-Language"])
    return response


def _events_stamp() -> str:
    rows = Tournament.objects.values_list("pk", "stamp", "updated_at").order_by("pk")
    return hashlib.sha256(repr(list(rows)).encode()).hexdigest()


def _round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


@api.get("/events/", response=list[EventSummary], summary="Public events")
def events(request) -> HttpResponse:
    def build() -> list[dict]:
        public = Tournament.objects.filter(publish_pairings=True) | Tournament.objects.filter(
            publish_standings=True
        )
        return [data.event_summary(t) for t in public.distinct()]

    return answer(request, None, False, list[EventSummary], build)


@api.get("/events/{slug}/", response={200: EventDetail, **PROBLEMS}, summary="One event")
def event(request, slug: str) -> HttpResponse:
    tournament, staff = reader(request, slug)
    return answer(
        request, tournament, staff, EventDetail, lambda: data.event_detail(tournament, staff)
    )


@api.get(
    "/events/{slug}/rounds/{number}/pairings/",
    response={200: Pairings, **PROBLEMS},
    summary="A round's pairings",
)
def round_pairings(request, slug: str, number: int) -> HttpResponse:
    tournament, staff = reader(request, slug)
    round_ = _round(tournament, number)
    if not data.pairings_visible(tournament, round_, staff):
        raise HttpError(404, render_message(MSG_NOT_PUBLISHED))
    return answer(
        request, tournament, staff, Pairings, lambda: data.pairings(tournament, round_, staff)
    )


@api.get(
    "/events/{slug}/rounds/{number}/results/",
    response={200: Results, **PROBLEMS},
    summary="A round's results",
)
def round_results(request, slug: str, number: int) -> HttpResponse:
    tournament, staff = reader(request, slug)
    round_ = _round(tournament, number)
    if not data.results_visible(tournament, round_, staff):
        raise HttpError(404, render_message(MSG_RESULTS_HIDDEN))
    return answer(
        request, tournament, staff, Results, lambda: data.results(tournament, round_, staff)
    )


@api.get(
    "/events/{slug}/standings/",
    response={200: Standings, **PROBLEMS},
    summary="Standings after a round (default: the last locked round)",
)
def event_standings(request, slug: str, round: int | None = None) -> HttpResponse:  # noqa: A002
    tournament, staff = reader(request, slug)
    if not staff and not tournament.publish_standings:
        raise HttpError(404, render_message(MSG_STANDINGS_HIDDEN))
    return answer(
        request, tournament, staff, Standings, lambda: data.standings(tournament, round, staff)
    )


@api.get(
    "/events/{slug}/teams/{team_id}/",
    response={200: TeamDetail, **PROBLEMS},
    summary="A pair and its history",
)
def pair(request, slug: str, team_id: int) -> HttpResponse:
    tournament, staff = reader(request, slug)
    if not staff and not tournament.publish_standings:
        raise HttpError(404, render_message(MSG_STANDINGS_HIDDEN))
    found = get_object_or_404(
        Pair.objects.select_related("unit"), tournament=tournament, pk=team_id
    )
    return answer(
        request, tournament, staff, TeamDetail, lambda: data.pair_detail(tournament, found, staff)
    )
