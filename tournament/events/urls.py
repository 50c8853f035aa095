"""Routes of an event's set-up: the home page, creating an event, settings, staff, stages,
API tokens."""

from django.urls import path

from tournament.core.routes import T
from tournament.events import views as events
from tournament.events import views_api_tokens as api_tokens
from tournament.events import views_stages as stages

urlpatterns = [
    path("", events.home, name="home"),
    path("t/new/", events.tournament_create, name="tournament_create"),
    path(T, events.tournament_detail, name="tournament_detail"),
    path(T + "settings/", events.tournament_edit, name="tournament_edit"),
    path(T + "staff/", events.staff_list, name="staff_list"),
    path(T + "api/tokens/", api_tokens.token_list, name="api_tokens"),
    path(T + "stages/", stages.stage_list, name="stage_list"),
]
