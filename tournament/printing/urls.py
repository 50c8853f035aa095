"""Routes of the printouts and downloads (included by ``tournament/urls.py``)."""

from django.urls import path

from tournament.printing import views as exports

urlpatterns = [
    path("t/<slug:slug>/export/", exports.export_index, name="export_index"),
    path(
        "t/<slug:slug>/export/<str:kind>.<str:ext>",
        exports.export_download,
        name="export_download",
    ),
]
