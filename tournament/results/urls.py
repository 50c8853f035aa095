"""Routes of a table's result for referees and the chief referee, and the service worker that
keeps entries on a phone."""

from django.urls import path

from tournament.core.routes import M, R, T
from tournament.results import views as results
from tournament.results import views_offline as offline
from tournament.results import views_photos as photos
from tournament.results import views_places as places
from tournament.results import views_scoresheet as sheets
from tournament.results import views_slip_revoke as slip_revoke
from tournament.results import views_upload as results_upload

urlpatterns = [
    # The service worker from the root: its scope is the whole site (static/js/sw.js).
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="web_manifest"),
    path(R + "import/", results_upload.results_import, name="results_import"),
    path(R + "fouls/", results.round_fouls, name="round_fouls"),
    path(M, results.table_entry, name="table_entry"),
    path(M + "confirm/", results.table_confirm, name="table_confirm"),
    path(M + "foul/", results.table_foul, name="table_foul"),
    path(M + "absent/", results.table_absent, name="table_absent"),
    path(M + "revoke-slip/", slip_revoke.table_revoke_slip, name="table_revoke_slip"),
    path(M + "passed/", places.table_passed_at, name="table_passed_at"),
    path(M + "photo/", photos.table_photo_add, name="table_photo_add"),
    path(T + "photos/<int:photo_id>/", photos.sheet_photo, name="sheet_photo"),
    path(M + "sheet/", sheets.table_sheet, name="table_sheet"),
    path(M + "sheet/api/", sheets.table_sheet_api, name="table_sheet_api"),
    path(M + "sheet/foul/", sheets.table_foul_api, name="table_foul_api"),
]
