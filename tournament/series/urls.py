"""Routes of the series (系列赛): ``/series/…``, outside any event's ``t/<slug>/``."""

from django.urls import path

from tournament.series import views

S = "series/<slug:series_slug>/"

urlpatterns = [
    path("series/", views.series_list, name="series_list"),
    path("series/new/", views.series_create, name="series_create"),
    path(S, views.series_standings, name="series_standings"),
    path(S + "edit/", views.series_edit, name="series_edit"),
    path(S + "events/add/", views.series_event_add, name="series_event_add"),
    path(
        S + "events/<slug:event_slug>/remove/",
        views.series_event_remove,
        name="series_event_remove",
    ),
    path(S + "certificates.pdf", views.series_certificates, name="series_certificates"),
]
