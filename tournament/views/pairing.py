"""Organizer pages for the draw, pairing the next round and adjusting a draft by hand."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import prefetch_related_objects
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournament.models import Round, Team
from tournament.permissions import ORGANIZER
from tournament.pinyin import name_sort_key
from tournament.services import adjust
from tournament.services.errors import Invalid, ServiceError
from tournament.services.pairing import draw, pair_next_round, repair_round, set_draw_number
from tournament.team_search import clean, matching, named_pair
from tournament.views.common import load_tournament
from tournament.views.params import positive_int

DRAW_PAGE = 100  # pairs a page of the draw list


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
                draw(tournament, seed=seed, user=request.user, request=request)
                messages.success(request, _("抽签完成"))
            except ServiceError as exc:
                messages.error(request, str(exc))
            return redirect("draw", slug=slug)
        typed = {key: request.POST.get(key, "").strip()[:100] for key in ("team", "number")}
        if give_number(request, tournament, typed):
            return redirect("draw", slug=slug)
        # Refused: the page again, with what was typed kept in the form to correct.
    query = clean(request.GET.get("q"))
    teams = matching(Team.objects.filter(tournament=tournament).select_related("unit"), query)
    paginator = Paginator(teams.order_by("draw_number", "name_pinyin"), DRAW_PAGE)
    page = paginator.get_page(positive_int(request.GET.get("page")) or 1)
    prefetch_related_objects(page.object_list, "players")
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


def give_number(request, tournament, typed: dict) -> bool:
    """指定抽签号: the pair named in ``typed`` takes the number typed (its holder takes the
    pair's old one); False, with the reason shown, when it cannot be done."""
    try:
        team = named_pair(tournament, typed["team"])
        number = positive_int(typed["number"])
        if number is None:
            raise Invalid("draw_number_missing")
        set_draw_number(team, number, user=request.user, request=request)
    except ServiceError as exc:
        messages.error(request, str(exc))
        return False
    messages.success(request, _("已将%(team)s的抽签号改为%(n)s") % {"team": team.name, "n": number})
    return True


@require_POST
def pair_view(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    try:
        round_ = pair_next_round(
            tournament,
            seed=positive_int(request.POST.get("seed")),
            user=request.user,
            request=request,
        )
    except ServiceError as exc:
        messages.error(request, str(exc))
        return redirect("round_list", slug=slug)
    messages.success(request, _("已编排%(round)s（草稿），请检查后公布") % {"round": round_})
    return redirect("round_adjust", slug=slug, number=round_.number)


@require_http_methods(["GET", "POST"])
def adjust_view(request, slug, number):
    """The draft pairing with its conflicts; swap, give/take byes, re-pair, publish."""
    tournament = load_tournament(request, slug, ORGANIZER)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if request.method == "POST":
        op = request.POST.get("op")
        a, b = positive_int(request.POST.get("a")), positive_int(request.POST.get("b"))
        try:
            if op == "swap" and a and b:
                adjust.swap_teams(round_, a, b, user=request.user, request=request)
            elif op == "bye" and a:
                adjust.give_bye(round_, a, user=request.user, request=request)
            elif op == "pair_byes" and a and b:
                adjust.pair_byes(round_, a, b, user=request.user, request=request)
            elif op == "renumber":
                adjust.renumber_tables(round_, user=request.user, request=request)
            elif op == "repair":
                repair_round(
                    round_,
                    seed=positive_int(request.POST.get("seed")),
                    user=request.user,
                    request=request,
                )
            else:
                raise Invalid("adjust_pick")
            messages.success(request, _("已调整"))
        except ServiceError as exc:
            messages.error(request, str(exc))
        return redirect("round_adjust", slug=slug, number=number)
    matches = round_.matches.select_related("ew__unit", "ns__unit").order_by("table", "pk")
    found = adjust.conflicts(round_) if round_.status == Round.DRAFT else []
    conflicts = adjust.conflict_texts(round_, found)
    teams = sorted(
        {m.ew for m in matches} | {m.ns for m in matches if m.ns},
        key=lambda t: name_sort_key(t.name),
    )
    return render(
        request,
        "rounds/adjust.html",
        {
            "t": tournament,
            "round": round_,
            "matches": [m for m in matches if not m.is_bye],
            "byes": [m for m in matches if m.is_bye],
            "conflicts": conflicts,
            "blocking": [text for blocking, text in conflicts if blocking],
            "teams": teams,
            "draft": round_.status == Round.DRAFT,
        },
    )
