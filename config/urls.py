"""URL routes: the admin, accounts, language switch and the tournament app."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournament.api.endpoints import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("api/v1/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("tournament.urls")),
]
