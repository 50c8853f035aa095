"""Routes of the players at their table, through the table's secret link (no account)."""

from django.urls import path

from tournament.core.routes import E
from tournament.results import views_photos as photos
from tournament.results import views_table_entry as table_entry

urlpatterns = [
    path(E, table_entry.side_entry, name="side_entry"),
    path(E + "confirm/", table_entry.side_confirm, name="side_confirm"),
    path(E + "photo/", photos.side_photo_add, name="side_photo_add"),
    path(E + "photo/<int:photo_id>/", photos.side_photo, name="side_photo"),
    path(E + "sheet/", table_entry.side_sheet, name="side_sheet"),
    path(E + "sheet/api/", table_entry.side_sheet_api, name="side_sheet_api"),
]
