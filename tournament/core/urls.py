"""Routes of the login locks and a round's audit log."""

from django.urls import path

from tournament.core import views_audit as audit
from tournament.core import views_logins as logins
from tournament.core.routes import R, T

urlpatterns = [
    path(T + "logins/", logins.login_locks, name="login_locks"),
    path(R + "audit/", audit.round_audit, name="round_audit"),
]
