"""The app's routes: each package's own, in this order (the first match wins, so an
event's fixed pages come before the patterns that take any name).

The public pages and the round's status poll come first: thousands of phones ask them, and
each pattern tried before the one that matches costs every request (a fifth of the CPU of a
cached answer when they came last). Their paths are fixed after the event's name,
so none of them takes another package's page.
"""

from django.urls import include, path

urlpatterns = [
    path("", include("tournament.public.urls")),
    path("", include("tournament.rounds.urls_public")),
    path("", include("tournament.events.urls")),
    path("", include("tournament.results.urls")),
    path("", include("tournament.core.urls")),
    path("", include("tournament.backups.urls")),
    path("", include("tournament.registration.urls")),
    path("", include("tournament.signup.urls_staff")),
    path("", include("tournament.rounds.urls")),
    path("", include("tournament.results.urls_players")),
    path("", include("tournament.signup.urls_public")),
    path("", include("tournament.printing.urls")),
    path("", include("tournament.exchange.urls")),
    path("", include("tournament.public.urls_certificate")),
    path("", include("tournament.sharing.urls")),
    path("", include("tournament.series.urls")),
    path("", include("tournament.ratings.urls")),
    path("", include("tournament.exchange.urls_upload")),
    path("", include("tournament.people.urls")),
]
