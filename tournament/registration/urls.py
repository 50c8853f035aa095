"""Routes of registration: the pair list, forms, the sheet import, keep-apart pairs; a team
event's team list, forms, import and line-ups; an individual event's player list, forms
and import."""

from django.urls import path

from tournament.core.routes import T
from tournament.registration import views as pairs
from tournament.registration import views_divisions, views_forbidden_pairings
from tournament.registration import views_import as imports
from tournament.registration import views_individual_import as individual_imports
from tournament.registration import views_individuals as individuals
from tournament.registration import views_line_up as line_up
from tournament.registration import views_pair_names as pair_names
from tournament.registration import views_team_import as team_imports
from tournament.registration import views_teams as teams

urlpatterns = [
    path(T + "teams/", pairs.pair_list, name="pair_list"),
    path(T + "divisions/", views_divisions.divisions_view, name="divisions"),
    path(T + "teams/add/", pairs.pair_add, name="pair_add"),
    path(T + "teams/names/", pair_names.pair_names, name="pair_names"),
    path(T + "teams/<int:pair_id>/edit/", pairs.pair_edit, name="pair_edit"),
    path(T + "teams/import/", imports.import_upload, name="pair_import"),
    path(T + "teams/import/confirm/", imports.import_confirm, name="pair_import_confirm"),
    path(T + "teams/template.xlsx", imports.import_template, name="pair_template"),
    # A team event's (团体赛) registration and line-ups: 404 in a pairs event.
    path(T + "squads/", teams.team_list, name="team_list"),
    path(T + "squads/add/", teams.team_add, name="team_add"),
    path(T + "squads/<int:team_id>/edit/", teams.team_edit, name="team_edit"),
    path(T + "squads/<int:team_id>/line-up/", line_up.team_line_up, name="team_line_up"),
    path(T + "squads/import/", team_imports.team_import, name="team_import"),
    path(
        T + "squads/import/confirm/",
        team_imports.team_import_confirm,
        name="team_import_confirm",
    ),
    path(T + "squads/template.xlsx", team_imports.team_template, name="team_template"),
    # An individual event's (个人赛) registration: 404 in a pairs or a team event.
    path(T + "players/", individuals.individual_list, name="individual_list"),
    path(T + "players/add/", individuals.individual_add, name="individual_add"),
    path(
        T + "players/<int:individual_id>/edit/",
        individuals.individual_edit,
        name="individual_edit",
    ),
    path(T + "players/import/", individual_imports.individual_import, name="individual_import"),
    path(
        T + "players/import/confirm/",
        individual_imports.individual_import_confirm,
        name="individual_import_confirm",
    ),
    path(
        T + "players/template.xlsx",
        individual_imports.individual_template,
        name="individual_template",
    ),
    path(T + "line-ups/", line_up.line_up_list, name="line_ups"),
    path(T + "apart/", views_forbidden_pairings.forbidden_pairings_view, name="forbidden_pairings"),
]
