"""The app's routes: each package's own, in this order (the first match wins, so an
event's fixed pages come before the patterns that take any name)."""

from django.urls import include, path

urlpatterns = [
    path("", include("tournament.events.urls")),
    path("", include("tournament.results.urls")),
    path("", include("tournament.core.urls")),
    path("", include("tournament.backups.urls")),
    path("", include("tournament.registration.urls")),
    path("", include("tournament.signup.urls_staff")),
    path("", include("tournament.rounds.urls")),
    path("", include("tournament.results.urls_players")),
    path("", include("tournament.signup.urls_public")),
    path("", include("tournament.public.urls")),
    path("", include("tournament.rounds.urls_public")),
    path("", include("tournament.printing.urls")),
]
