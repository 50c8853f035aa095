"""Home page, tournament creation, settings, staff."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournament.core.accounts import display_name
from tournament.core.actors import request_actor
from tournament.core.errors import ServiceError
from tournament.core.rights import ORGANIZER, REFEREE, can_create_tournament, visible_tournaments
from tournament.core.view_helpers import confirm_first, form_error, load_tournament
from tournament.events import services as event_services
from tournament.events import staff as staff_services
from tournament.events.forms import TournamentCreateForm, TournamentForm
from tournament.events.option_words import option_lines, profile_changes, stage_line
from tournament.models import Individual, Pair, Round, Staff, Team, Tournament


def home(request):
    mine = visible_tournaments(request.user).distinct() if request.user.is_authenticated else []
    public = Tournament.objects.filter(publish_pairings=True) | Tournament.objects.filter(
        publish_standings=True
    )
    return render(
        request,
        "events/home.html",
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
        raise Http404
    form = TournamentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = event_services.tournament_create(
                organizer=request.user, by=request_actor(request), **form.tournament_fields()
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("已创建赛事“%(name)s”") % {"name": tournament.name})
            return redirect("tournament_detail", slug=tournament.slug)
    return render(request, "events/tournament_form.html", {"form": form, "creating": True})


def tournament_detail(request, slug):
    tournament = load_tournament(request, slug, None)
    role = request.tournament_role
    if role is None and not (tournament.publish_pairings or tournament.publish_standings):
        raise Http404
    entries = tournament.entries
    context = {
        "t": tournament,
        "role": role,
        "rules": overview_rules(tournament),
        "team_count": entries.count(),
        "active_count": entries.filter(status=Pair.ACTIVE).count(),
        "counted": COUNTED[entries.model],
        "unit_count": tournament.units.count(),
        "stages": tournament.stages.all(),
        "stage_lines": [(s, stage_line(s)) for s in tournament.stages.all()],
        "rounds": tournament.round_set.all(),
        "audit": tournament.audit.select_related("user")[:10] if role == ORGANIZER else [],
        "public_rounds": rounds_visible(tournament, role),
        "has_bracket": tournament.stages.filter(kind="knockout").exclude(state={}).exists(),
    }
    return render(request, "events/tournament_detail.html", context)


# What the overview's first two figures count, by what the event registers
# (Tournament.entries): a team event counted its pairs, an individual event its partnerships,
# which do not exist before a round.
COUNTED = {
    Pair: (gettext_lazy("报名组合"), gettext_lazy("参赛组合")),
    Team: (gettext_lazy("报名队伍"), gettext_lazy("参赛队伍")),
    Individual: (gettext_lazy("报名选手"), gettext_lazy("参赛选手")),
}


def overview_rules(tournament) -> dict:
    """Every option with its label, and the profile the event started from with the
    options that differ from it (the wording of docs/rules.md, the options' labels)."""
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
                by=request_actor(request),
            )
        except ServiceError as exc:
            form_error(form, exc)
        else:
            messages.success(request, _("赛事设置已保存"))
            return redirect("tournament_detail", slug=slug)
    return render(
        request,
        "events/tournament_form.html",
        {"form": form, "t": tournament, "version": version},
    )


@require_http_methods(["GET", "POST"])
def staff_list(request, slug):
    """The organizer creates staff accounts, sets roles and tables, resets passwords.

    A generated password is shown once, in the answer to the POST that made it; it is
    never stored in the session or a message.
    """
    tournament = load_tournament(request, slug, ORGANIZER)
    shown = None
    if request.method == "POST":
        asking = _confirm_reset(request, tournament)
        if asking is not None:
            return asking
        try:
            shown = _staff_action(request, tournament)
        except ServiceError as exc:
            messages.error(request, str(exc))
        if shown is None or shown.password is None:
            return redirect("staff_list", slug=slug)
    staff = tournament.staff.select_related("user").order_by("role", "user__username")
    return render(
        request,
        "events/staff.html",
        {"t": tournament, "staff": staff, "roles": Staff.ROLE_CHOICES, "shown": shown},
    )


def _confirm_reset(request, tournament):
    """A password reset asks first (the old password stops working at once); None when
    confirmed or for another action."""
    if request.POST.get("action") != "reset":
        return None
    try:
        staff = staff_services.staff_of(tournament, request.POST.get("staff"))
    except ServiceError:
        return None  # the action itself says what is wrong
    who = display_name(staff.user, tournament)
    return confirm_first(
        request,
        tournament,
        title=_("重置密码") + _("：") + who,
        question=_("确定重置%(name)s的密码吗？原密码立即失效，新密码只显示一次。") % {"name": who},
        button=_("重置密码"),
        cancel_url=reverse("staff_list", args=[tournament.slug]),
    )


def _staff_action(request, tournament) -> staff_services.StaffChange | None:
    """Run the action a staff page form asks for (add, remove or reset)."""
    post = request.POST
    action = post.get("action") or ("remove" if post.get("remove") else "add")
    if action == "remove":
        removed = staff_services.staff_remove(
            tournament=tournament,
            staff_id=post.get("remove") or post.get("staff"),
            by=request_actor(request),
        )
        messages.success(
            request, _("已移除 %(name)s") % {"name": removed.name or display_name(removed.user)}
        )
        return None
    if action == "reset":
        return staff_services.staff_reset_password(
            tournament=tournament, staff_id=post.get("staff"), by=request_actor(request)
        )
    change = staff_services.staff_add(
        tournament=tournament,
        username=post.get("username", ""),
        role=post.get("role", REFEREE),
        name=post.get("name", ""),
        tables=post.get("tables", ""),
        by=request_actor(request),
    )
    messages.success(
        request, _("已设置 %(name)s") % {"name": display_name(change.staff.user, tournament)}
    )
    return change
