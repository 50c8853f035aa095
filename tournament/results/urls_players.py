"""Routes of the players at their table, through the table's secret link (no account)."""

from django.urls import path

from tournament.core.routes import E
from tournament.results import views_photos as photos
from tournament.results import views_table_entry as table_entry

urlpatterns = [
    path(E, table_entry.table_entry, name="table_entry"),
    path(E + "confirm/", table_entry.table_confirm, name="table_confirm"),
    path(E + "photo/", photos.table_photo_add, name="table_photo_add"),
    path(E + "photo/<int:photo_id>/", photos.table_photo, name="table_photo"),
    path(E + "sheet/", table_entry.table_sheet, name="table_sheet"),
    path(E + "sheet/api/", table_entry.table_sheet_api, name="table_sheet_api"),
]
