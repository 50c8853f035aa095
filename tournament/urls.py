from django.urls import path

from tournament.views import events, imports, teams

urlpatterns = [
    path("", events.home, name="home"),
    path("t/new/", events.tournament_create, name="tournament_create"),
    path("t/<slug:slug>/", events.tournament_detail, name="tournament_detail"),
    path("t/<slug:slug>/settings/", events.tournament_edit, name="tournament_edit"),
    path("t/<slug:slug>/staff/", events.staff_list, name="staff_list"),
    path("t/<slug:slug>/teams/", teams.team_list, name="team_list"),
    path("t/<slug:slug>/teams/add/", teams.team_add, name="team_add"),
    path("t/<slug:slug>/teams/<int:team_id>/edit/", teams.team_edit, name="team_edit"),
    path("t/<slug:slug>/teams/<int:team_id>/status/", teams.team_status, name="team_status"),
    path("t/<slug:slug>/teams/import/", imports.import_upload, name="team_import"),
    path("t/<slug:slug>/teams/import/confirm/", imports.import_confirm, name="team_import_confirm"),
    path("t/<slug:slug>/teams/template.xlsx", imports.import_template, name="team_template"),
]
