"""Find my table on the phone: a round's whole search as one small JSON file, searched by
``static/js/find.js`` (and kept by the service worker, so it answers offline too).

When a round is published every player asks for their own name, each a URL nobody asked
before: neither nginx's microcache nor the app's page cache has it. Here the phone fetches
the round's index once, a URL that holds the public stamp (the same for every phone until
the stamp moves, so nginx answers it from its cache as it would a static file), and then
answers every name itself, without the network.

Vocabulary
----------
phone index
    ``{"v", "round", "qm", "fm", "max", "qmax", "parts", "shapes", "e"}``: the markers of
    :mod:`tournament.public.find_page`, the answer's pieces (:func:`find_page.pieces`), the
    entry shapes and the entries. Only what the public find page answers: a published
    round's entries (:func:`tournament.public.find_table.round_index`), in its order.
shape
    ``public/_find_entry.html`` rendered with a marker (:data:`MARKS`) in place of each
    value of an entry, for one combination of what the template tests (seat, unit, team,
    bench, bye, partner): the phone puts an entry's values, escaped, in place of the
    markers and gets the server's markup.
entry
    ``[keys, shape, team, players, unit, table, opponent, partner, squad, match, vs_team,
    tables]`` without its trailing empty values; ``keys`` are the search keys joined by
    newlines (a query holds none).
"""

from __future__ import annotations

import copy
import hashlib
import json
import threading
from collections import OrderedDict

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import Http404, HttpResponse, HttpResponseNotModified, HttpResponseRedirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers

from tournament.core.hidden_people import hidden_names, mask_body
from tournament.core.normalize import search_key
from tournament.core.page_cache import TIMEOUT, cache_key
from tournament.core.rights import visible_round
from tournament.core.stamps import shared_page_stamp
from tournament.core.view_helpers import load_tournament
from tournament.public.conditional import _compress, _compressed, _keep_here, _kept
from tournament.public.find_page import FOUND_MARK, QUERY_MARK, pieces
from tournament.public.find_table import MAX_RESULTS, QUERY_MAX, round_index
from tournament.text.titles import listing

FIELDS = ("team", "players", "unit", "table", "opponent", "partner")
FIELDS += ("squad", "match", "vs_team", "tables")
MARKS = [chr(0xE010 + i) for i in range(len(FIELDS))]
# A key that is the search key of a name the entry shows, as one character (see _keys).
TOKENS = {"team": "\ue022", "unit": "\ue024", "squad": "\ue028"}
PLAYER = "\ue023"
GATES = ("unit", "squad", "partner")  # values the template tests, not only shows
YEAR = 365 * 24 * 3600
HELD = 8  # (round, language) indexes a process keeps in its own memory, of their stamp
_here: OrderedDict[str, tuple] = OrderedDict()
_lock = threading.Lock()


def _text(value) -> str:
    return "" if value is None else str(value)


def _shape(entry: dict) -> tuple:
    return (entry.get("seat") or "", bool(entry.get("bench")), bool(entry.get("bye"))) + tuple(
        bool(entry.get(gate)) for gate in GATES
    )


def _render_shape(shape: tuple) -> str:
    seat, bench, bye, *gates = shape
    row = dict(zip(FIELDS, MARKS, strict=True))
    row |= {gate: (row[gate] if on else "") for gate, on in zip(GATES, gates, strict=True)}
    row |= {"seat": seat, "bench": bench, "bye": bye}
    return render_to_string("public/_find_entry.html", {"r": row})


def _keys(keys: str, values: dict) -> str:
    """The entry's keys, a key that is a name the entry shows (its search key) as a token:
    :data:`TOKENS` for a field, :data:`PLAYER` and the player's place for a player (a
    name's 3 to 15 bytes as 3, the phone's find.js makes the key again)."""
    shown = {search_key(values[f]): token for f, token in TOKENS.items() if values[f]}
    for n, name in enumerate(values["players"][:16]):
        shown.setdefault(search_key(name), PLAYER + chr(0xE000 + 0x30 + n))
    return "\n".join(shown.get(key, key) for key in keys.split("\n"))


def phone_index(tournament, round_) -> dict:
    """The round's phone index in the active language (see the module's vocabulary)."""
    shapes: dict[tuple, int] = {}
    entries = []
    for entry in round_index(tournament, round_).entries:
        values: dict = {f: _text(entry.get(f)) for f in FIELDS}
        values["players"] = list(entry["players"])
        if isinstance(entry.get("table"), int):
            values["table"] = entry["table"]  # a number: no quotes
        row = [_keys(entry["keys"], values), shapes.setdefault(_shape(entry), len(shapes))]
        row += [values[f] or "" for f in FIELDS]
        while row[-1] == "":
            row.pop()
        entries.append(row)
    return {
        "v": 1,
        "round": round_.number,
        "qm": QUERY_MARK,
        "fm": FOUND_MARK,
        "max": MAX_RESULTS,
        "qmax": QUERY_MAX,
        "marks": "".join(MARKS),
        "sep": listing(["", ""]),  # the players' names are joined by it
        "parts": pieces(tournament, round_),
        "shapes": [_render_shape(shape) for shape in shapes],
        "e": entries,
    }


def index_url(slug: str, number: int, stamp: str, language: str) -> str:
    return reverse("find_phone_index", args=[slug, number, _short(stamp), language])


def _short(stamp: str) -> str:
    """The stamp as the URL holds it (a digest: the stamp itself holds dots and colons)."""
    return hashlib.sha256(stamp.encode()).hexdigest()[:20]


def _build(request, slug: str, number: int, language: str) -> bytes:
    """The index as the public sees it (a signed-in viewer's rights play no part: the
    answer is the same for every visitor, and nginx may keep it)."""
    public = copy_as_public(request)
    tournament = load_tournament(public, slug, None)
    round_ = visible_round(public, tournament, number)  # 404 before it is published
    with translation.override(language):
        index = phone_index(tournament, round_)
    body = json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode()
    # A hidden player's name, as on every public answer (tournament.core.hidden_people).
    return mask_body(body, hidden_names(slug), "application/json")


def copy_as_public(request):
    public = copy.copy(request)
    public.user = AnonymousUser()
    return public


def find_index(request, slug: str, number: int, stamp: str, language: str) -> HttpResponse:
    """The round's phone index under the stamp ``stamp`` (kept a year: it never changes);
    an older stamp is redirected to the current one. A kept answer costs one statement."""
    if language not in dict(settings.LANGUAGES):
        raise Http404
    found = shared_page_stamp(slug)
    if found is None:
        raise Http404
    current = _short(found[0])
    if stamp != current:
        response = HttpResponseRedirect(index_url(slug, number, found[0], language))
        patch_cache_control(response, public=True, max_age=1)
        return response
    etag = f'"{current}-{number}-{language}"'
    key = cache_key("find-phone", found[0], (slug, number, language))
    kept = _held(key)
    if kept is None:
        body = _build(request, slug, number, language)
        kept = ("application/json", body, _compress(body))
        _cache_set(key, kept)
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
        patch_vary_headers(response, ("Accept-Encoding",))
    else:
        response = HttpResponse(kept[1], content_type=kept[0])
        response = _compressed(request, response, kept[2])
    response.headers["ETag"] = etag
    patch_cache_control(response, public=True, max_age=YEAR, immutable=True)
    return response


def _held(key: str) -> tuple | None:
    """The answer kept under ``key``: this process's own (a megabyte read from the shared
    cache would cost more than the rest of the answer), else the shared cache's."""
    with _lock:
        kept = _here.get(key)
    if kept is None:
        kept = _kept(key)
        if kept is not None:
            _hold(key, kept)
    return kept


def _hold(key: str, kept: tuple) -> None:
    with _lock:
        _here[key] = kept
        _here.move_to_end(key)
        while len(_here) > HELD:
            _here.popitem(last=False)


def _cache_set(key: str, kept: tuple) -> None:
    cache.set(key, kept, TIMEOUT)
    _keep_here(key, kept)
    _hold(key, kept)
