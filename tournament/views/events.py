"""Home page, tournament creation, settings, staff."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from tournament.forms import TournamentCreateForm, TournamentForm
from tournament.models import Round, Staff, Tournament
from tournament.option_display import option_lines, profile_changes, stage_line
from tournament.permissions import (
    ORGANIZER,
    REFEREE,
    can_create_tournament,
    parse_tables,
    visible_tournaments,
)
from tournament.services import events as event_services
from tournament.services.audit import log_action
from tournament.views.common import load_tournament


def home(request):
    mine = visible_tournaments(request.user).distinct() if request.user.is_authenticated else []
    public = Tournament.objects.filter(publish_pairings=True) | Tournament.objects.filter(
        publish_standings=True
    )
    return render(
        request,
        "tournament/home.html",
        {
            "mine": mine,
            "public": public.distinct(),
            "can_create": can_create_tournament(request.user),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def tournament_create(request):
    if not can_create_tournament(request.user):
        raise Http404("没有权限")
    form = TournamentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = event_services.tournament_create(
                organizer=request.user, request=request, **form.tournament_fields()
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, f"已创建赛事“{tournament.name}”")
            return redirect("tournament_detail", slug=tournament.slug)
    return render(request, "tournament/tournament_form.html", {"form": form, "creating": True})


def tournament_detail(request, slug):
    tournament = load_tournament(request, slug, None)
    role = request.tournament_role
    if role is None and not (tournament.publish_pairings or tournament.publish_standings):
        raise Http404("赛事未公开")
    teams = tournament.teams.all()
    context = {
        "t": tournament,
        "role": role,
        "rules": overview_rules(tournament),
        "team_count": teams.count(),
        "active_count": teams.filter(status="active").count(),
        "unit_count": tournament.units.count(),
        "stages": tournament.stages.all(),
        "stage_lines": [(s, stage_line(s)) for s in tournament.stages.all()],
        "rounds": tournament.round_set.all(),
        "audit": tournament.audit.select_related("user")[:10] if role == ORGANIZER else [],
        "public_rounds": rounds_visible(tournament, role),
        "has_bracket": tournament.stages.filter(kind="knockout").exclude(state={}).exists(),
    }
    return render(request, "tournament/tournament_detail.html", context)


def overview_rules(tournament) -> dict:
    """Every option with its label, and the profile the event started from with the
    options that differ from it (RULES.md's wording, the options' labels)."""
    return {
        "options": option_lines(tournament),
        "profile": tournament.get_profile_display() if tournament.profile else "",
        "changed": profile_changes(tournament),
    }


def rounds_visible(tournament, role):
    """Rounds whose pairings this visitor may open: any non-draft one for staff."""
    rounds = tournament.round_set.exclude(status=Round.DRAFT)
    if role is None and not tournament.publish_pairings:
        return []
    return list(rounds)


@require_http_methods(["GET", "POST"])
def tournament_edit(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    version = tournament.version
    form = TournamentForm(request.POST or None, request.FILES or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            event_services.tournament_update(
                tournament=form.instance,
                version=int(request.POST.get("version", version)),
                request=request,
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, "赛事设置已保存")
            return redirect("tournament_detail", slug=slug)
    return render(
        request,
        "tournament/tournament_form.html",
        {"form": form, "t": tournament, "version": version},
    )


@require_http_methods(["GET", "POST"])
def staff_list(request, slug):
    """The organizer names the chief referee and referees (existing user accounts)."""
    tournament = load_tournament(request, slug, ORGANIZER)
    if request.method == "POST":
        username = request.POST.get("username", "").strip()
        role = request.POST.get("role", REFEREE)
        remove = request.POST.get("remove")
        with transaction.atomic():
            if remove:
                Staff.objects.filter(tournament=tournament, pk=remove).delete()
                log_action(
                    tournament=tournament, request=request, action="staff.remove", summary=remove
                )
                messages.success(request, "已移除")
            elif role not in dict(Staff.ROLE_CHOICES):
                messages.error(request, "未知的角色")
            elif not (user := User.objects.filter(username=username).first()):
                messages.error(request, f"找不到用户“{username}”，请先在管理后台创建账号")
            else:
                tables = request.POST.get("tables", "").strip()
                try:
                    parse_tables(tables)
                except ValueError:
                    messages.error(request, "负责台号格式应为“1-10,15”")
                    return redirect("staff_list", slug=slug)
                Staff.objects.update_or_create(
                    tournament=tournament, user=user, defaults={"role": role, "tables": tables}
                )
                log_action(
                    tournament=tournament, request=request, action="staff.set",
                    summary=f"{username} → {role}",
                )  # fmt: skip
                messages.success(request, f"已设置 {username}")
        return redirect("staff_list", slug=slug)
    staff = tournament.staff.select_related("user")
    return render(
        request,
        "tournament/staff.html",
        {"t": tournament, "staff": staff, "roles": Staff.ROLE_CHOICES},
    )
