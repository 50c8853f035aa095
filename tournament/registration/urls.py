"""Routes of registration: the pair list, forms, the sheet import, keep-apart pairs."""

from django.urls import path

from tournament.core.routes import T
from tournament.registration import views as pairs
from tournament.registration import views_forbidden_pairings
from tournament.registration import views_import as imports
from tournament.registration import views_pair_names as pair_names

urlpatterns = [
    path(T + "teams/", pairs.pair_list, name="pair_list"),
    path(T + "teams/add/", pairs.pair_add, name="pair_add"),
    path(T + "teams/names/", pair_names.pair_names, name="pair_names"),
    path(T + "teams/<int:pair_id>/edit/", pairs.pair_edit, name="pair_edit"),
    path(T + "teams/import/", imports.import_upload, name="pair_import"),
    path(T + "teams/import/confirm/", imports.import_confirm, name="pair_import_confirm"),
    path(T + "teams/template.xlsx", imports.import_template, name="pair_template"),
    path(T + "apart/", views_forbidden_pairings.forbidden_pairings_view, name="forbidden_pairings"),
]
