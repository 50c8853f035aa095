"""Organizer pages for the draw, pairing the next round and adjusting a draft by hand."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Q, prefetch_related_objects
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.core.actors import request_actor
from tournament.core.errors import Invalid, ServiceError
from tournament.core.params import positive_int, typed_fields
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import load_tournament
from tournament.individuals.search import individual_matching, named_individual
from tournament.models import Individual, Pair, Round, Team
from tournament.registration.search import clean, matching, named_pair
from tournament.rounds import adjust
from tournament.rounds.pairing import draw, pair_next_round, repair_round, set_draw_number
from tournament.teams.search import named_team, team_matching

MSG_ADJUST_PICK = "adjust_pick"
MSG_DRAW_NUMBER_MISSING = "draw_number_missing"

DRAW_PAGE = 100  # pairs a page of the draw list
ADJUST_PAGE = 100  # tables a page of a draft's adjustment page


@require_http_methods(["GET", "POST"])
def draw_view(request, slug):
    """The draw (抽签): draw every number, give one pair a number, and the pairs by number,
    :data:`DRAW_PAGE` a page with a search (5,000 pairs were 468 KB of page)."""
    tournament = load_tournament(request, slug, ORGANIZER)
    typed = {}
    if request.method == "POST":
        if "team" not in request.POST:
            try:
                seed = positive_int(request.POST.get("seed"))
                draw(tournament, seed=seed, by=request_actor(request))
                messages.success(request, _("抽签完成"))
            except ServiceError as exc:
                messages.error(request, str(exc))
            return redirect("draw", slug=slug)
        typed = typed_fields(request.POST, "team", "number")
        if give_number(request, tournament, typed):
            return redirect("draw", slug=slug)
        # Refused: the page again, with what was typed kept in the form to correct.
    query = clean(request.GET.get("q"))
    entries = draw_entries(tournament, query).order_by("draw_number", "name_pinyin")
    page = Paginator(entries, DRAW_PAGE).get_page(positive_int(request.GET.get("page")) or 1)
    if not tournament.is_individual_event:
        prefetch_related_objects(
            page.object_list, "members" if tournament.is_team_event else "players"
        )
    return render(
        request,
        "rounds/draw.html",
        {
            "t": tournament,
            "page": page,
            "q": query,
            "typed": typed,
            "locked": tournament.round_set.exists(),
        },
    )


def draw_entries(tournament, query: str):
    """What the draw numbers: a team event's teams (docs/rules.md §16.5), an individual
    event's players (§17.1), a pairs event's pairs; those matching ``query``."""
    if tournament.is_team_event:
        entries = team_matching(Team.objects.filter(tournament=tournament), query)
    elif tournament.is_individual_event:
        entries = individual_matching(Individual.objects.filter(tournament=tournament), query)
    else:
        entries = matching(Pair.objects.filter(tournament=tournament), query)
    return entries.select_related("unit")


def named_entry(tournament, query: str):
    """The team, individual or pair ``query`` names."""
    if tournament.is_team_event:
        return named_team(tournament, query)
    if tournament.is_individual_event:
        return named_individual(tournament, query)
    return named_pair(tournament, query)


def give_number(request, tournament, typed: dict) -> bool:
    """指定抽签号: the pair named in ``typed`` takes the number typed (its holder takes the
    pair's old one); False, with the reason shown, when it cannot be done."""
    try:
        pair = named_entry(tournament, typed["team"])
        number = positive_int(typed["number"])
        if number is None:
            raise Invalid(MSG_DRAW_NUMBER_MISSING)
        set_draw_number(pair, number, by=request_actor(request))
    except ServiceError as exc:
        messages.error(request, str(exc))
        return False
    messages.success(request, _("已将%(team)s的抽签号改为%(n)s") % {"team": pair.name, "n": number})
    return True


@require_POST
def pair_view(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    try:
        round_ = pair_next_round(
            tournament,
            seed=positive_int(request.POST.get("seed")),
            by=request_actor(request),
        )
    except ServiceError as exc:
        messages.error(request, str(exc))
        return redirect("round_list", slug=slug)
    messages.success(request, _("已编排%(round)s（草稿），请检查后公布") % {"round": round_})
    return redirect("round_adjust", slug=slug, number=round_.number)


@require_http_methods(["GET", "POST"])
def adjust_view(request, slug, number):
    """The draft pairing with its conflicts; swap, give/take byes, re-pair, publish. The
    tables come :data:`ADJUST_PAGE` a page, with a search; the pairs to move are named by
    typing (2,500 tables with two lists of 5,000 pairs were 907 KB of page)."""
    tournament = load_tournament(request, slug, ORGANIZER)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    typed = {}
    if request.method == "POST":
        typed = typed_fields(request.POST, "a", "b")
        if change_draft(request, round_, request.POST.get("op"), typed):
            return redirect(request.get_full_path())  # the same page of tables and search
        # Refused: the page again, with what was typed kept in the form to correct.
    drawn = round_.tables.select_related("ew__unit", "ns__unit").order_by("number", "pk")
    query = clean(request.GET.get("q"))
    tables = drawn.exclude(ns=None)
    if query:
        pairs = matching(Pair.objects.filter(tournament=tournament), query)
        found = Q(ew__in=pairs) | Q(ns__in=pairs)
        tables = tables.filter(found | Q(number=int(query)) if query.isdigit() else found)
    page = Paginator(tables, ADJUST_PAGE).get_page(positive_int(request.GET.get("page")) or 1)
    conflicts = adjust.conflict_texts(
        round_, adjust.conflicts(round_) if round_.status == Round.DRAFT else []
    )
    return render(
        request,
        "rounds/adjust.html",
        {
            "t": tournament,
            "round": round_,
            "page": page,
            "matches": page.object_list,
            "byes": list(drawn.filter(ns=None)),
            "q": query,
            "typed": typed,
            "conflicts": conflicts,
            "blocking": [text for blocking, text in conflicts if blocking],
            "draft": round_.status == Round.DRAFT,
        },
    )


def change_draft(request, round_: Round, op: str | None, typed: dict) -> bool:
    """One change of the draft (``op``: swap, bye, pair_byes, renumber or repair), the pairs
    named in ``typed``; False, with the reason shown, when it cannot be done."""
    who = {"by": request_actor(request)}
    try:
        if op == "renumber":
            adjust.renumber_tables(round_, **who)
        elif op == "repair":
            repair_round(round_, seed=positive_int(request.POST.get("seed")), **who)
        elif op == "bye":
            adjust.give_bye(round_, named_pair(round_.tournament, typed["a"]).pk, **who)
        elif op in ("swap", "pair_byes"):
            a = named_pair(round_.tournament, typed["a"])
            b = named_pair(round_.tournament, typed["b"])
            change = adjust.swap_pairs if op == "swap" else adjust.pair_byes
            change(round_, a.pk, b.pk, **who)
        else:
            raise Invalid(MSG_ADJUST_PICK)
    except ServiceError as exc:
        messages.error(request, str(exc))
        return False
    messages.success(request, _("已调整"))
    return True
