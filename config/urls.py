"""URL routes: the admin, accounts, language switch and the tournament app."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import RedirectView
from django.views.i18n import set_language

from tournament.models.former_names import FORMER_MODELS, TAKEN_NAMES
from tournament.public.api.endpoints import api

# A disk that is full, a database that is locked or stopped: a clear 503 page, not a 500.
handler500 = "tournament.core.error_pages.server_error"

# The admin's pages of pairs and tables had the models' former names in their addresses
# (team, match): a bookmark of one goes on to the same page. Not "team" since team events
# have a model of that name (tournament.models.teams), whose pages it is now.
FORMER_ADMIN = [
    re_path(
        rf"^admin/tournament/{old}/(?P<rest>.*)$",
        RedirectView.as_view(url=f"/admin/tournament/{new}/%(rest)s", query_string=True),
    )
    for new, old in FORMER_MODELS.items()
    if old not in TAKEN_NAMES
]

urlpatterns = [
    *FORMER_ADMIN,
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/v1/", api.urls),
    # No CSRF token for the language switch: it changes only the visitor's own language
    # cookie, and without a token in the top bar an anonymous visitor's public page is the
    # same for everyone, so it can be served whole from the cache (views/conditional.py).
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("", include("tournament.urls")),
]
