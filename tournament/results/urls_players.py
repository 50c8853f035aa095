"""Routes of the players at their table, through the table's secret link (no account)."""

from django.urls import path

from tournament.core.routes import E
from tournament.results import views_photos as photos
from tournament.results import views_table_entry as table_entry

urlpatterns = [
    path(E, table_entry.side_entry, name="table_entry"),
    path(E + "confirm/", table_entry.side_confirm, name="table_confirm"),
    path(E + "photo/", photos.side_photo_add, name="table_photo_add"),
    path(E + "photo/<int:photo_id>/", photos.side_photo, name="table_photo"),
    path(E + "sheet/", table_entry.side_sheet, name="table_sheet"),
    path(E + "sheet/api/", table_entry.side_sheet_api, name="table_sheet_api"),
]
