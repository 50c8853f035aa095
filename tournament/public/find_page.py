"""Find my table's answer page, put together from pieces prepared once per round and stamp.

When a round is published every player asks for their own name: each answer is a new URL,
which neither nginx's microcache nor the app's page cache has seen. Rendering the whole
page and reading the event, the round and its list of rounds for each of them cost the
app about 5 ms of CPU a name at 5,000 pairs; here a new name costs a lookup in the round's
index (:mod:`tournament.public.find_index`) and a few string joins.

Vocabulary
----------
entry html
    One matching entry as the answer lists it (``public/_find_entry.html``), rendered the
    first time it is found and kept with the round's index, per language.
pieces
    The answer under the search box (``public/_find_results.html``) rendered with markers
    where the entries and the query go: with and without the "only the first 30" note, and
    the "nothing found" form.
frame
    An anonymous visitor's whole page for a marker query (:data:`QUERY_MARK`), rendered by
    the view itself once per stamp, host, language and round; an answer is the frame with
    the query, the URL's query string and the results put in place of their markers. A
    signed-in user's page holds their name and a CSRF token: the view renders it each time,
    with the same pieces.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict

from django.http import HttpResponse, QueryDict
from django.template.loader import render_to_string
from django.utils.encoding import iri_to_uri
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournament.public.find_index import FindIndex
from tournament.public.find_table import MAX_RESULTS, QUERY_MAX, search_places
from tournament.text.titles import listing

# Private-use characters: nothing a name holds, nothing escaping changes.
QUERY_MARK = "\ue000find-query\ue000"
FOUND_MARK = "\ue000find-found\ue000"
QUERY_STRING_MARK = "q=gd-find-query-string"
FRAMES = 8  # (round, host, language) frames kept by a process, each of its latest stamp
_frames: OrderedDict[tuple, tuple] = OrderedDict()
_lock = threading.Lock()


def entry_html(index: FindIndex, place: int) -> str:
    """The entry at ``place`` as the answer lists it, in the active language (kept)."""
    kept = index.html.setdefault(get_language(), {})
    html = kept.get(place)
    if html is None:
        entry = index.entries[place]
        row = entry | {"players": listing(entry["players"])}
        html = kept[place] = render_to_string("public/_find_entry.html", {"r": row})
    return html


def pieces(tournament, round_) -> dict[str, str]:
    """The answer's pieces for this round in the active language (see the vocabulary)."""
    context = {"t": tournament, "round": round_, "q": QUERY_MARK, "max_results": MAX_RESULTS}
    found = {"found_html": mark_safe(FOUND_MARK)}
    return {
        "more": render_to_string("public/_find_results.html", context | found | {"more": 1}),
        "all": render_to_string("public/_find_results.html", context | found),
        "none": render_to_string("public/_find_results.html", context),
    }


def results_html(index: FindIndex, parts: dict[str, str], query: str) -> tuple[str, int, int]:
    """The answer under the search box for ``query``: its HTML, the entries shown, the
    number found."""
    places, total = search_places(index, query)
    if not places:
        return parts["none"].replace(QUERY_MARK, escape(query)), 0, 0
    found = "".join(entry_html(index, place) for place in places)
    html = parts["more" if total > len(places) else "all"].replace(FOUND_MARK, found)
    return html, len(places), total


def frame_request(request):
    """A copy of ``request`` asking for :data:`QUERY_MARK`: the view renders the frame."""
    fake = copy.copy(request)
    fake.META = {**request.META, "QUERY_STRING": QUERY_STRING_MARK}
    fake.GET = QueryDict(mutable=True)
    fake.GET["q"] = QUERY_MARK
    fake.find_frame = True  # the view leaves FOUND_MARK where the results go
    return fake


def prepared_answer(request, stamp: str, render_frame, slug: str, number) -> HttpResponse | None:
    """An anonymous visitor's answer to ``?q=`` put together from the frame of this round
    and stamp; None when the request is not a plain search (the view answers it).
    ``render_frame(fake_request, slug, number)`` is the view's page for the marker query
    and the round's (index, pieces), or None when it is no page to keep."""
    query = request.GET.get("q", "").strip()[:QUERY_MAX]
    if list(request.GET) != ["q"] or not query or "\ue000" in query:
        return None
    # One frame per round, host and language: a new stamp replaces the old one (its index
    # with it) instead of keeping it beside the new one.
    key = (request.scheme, request.get_host(), slug, str(number), get_language())
    with _lock:
        kept = _frames.get(key)
        if kept is not None and kept[0] == stamp:
            _frames.move_to_end(key)
        else:
            kept = None
    if kept is None:
        made = render_frame(frame_request(request), slug, number)
        if made is None:
            return None
        kept = (stamp, *made)
        with _lock:
            _frames[key] = kept
            _frames.move_to_end(key)
            while len(_frames) > FRAMES:
                _frames.popitem(last=False)
    _stamp, frame, (index, parts) = kept
    html, _shown, _total = results_html(index, parts, query)
    asked = escape("?" + iri_to_uri(request.META.get("QUERY_STRING", "")))
    page = (
        frame.replace("?" + QUERY_STRING_MARK, asked)
        .replace(QUERY_MARK, escape(query))
        .replace(FOUND_MARK, html)
    )
    return HttpResponse(page)
