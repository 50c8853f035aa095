"""Routes of the staff's side of sign-up and check-in."""

from django.urls import path

from tournament.core.routes import T
from tournament.signup import views_checkin as checkin
from tournament.signup import views_pair_status
from tournament.signup import views_staff as signup_staff

urlpatterns = [
    # The registration list's 退赛 / 恢复 (here: a withdrawal promotes the waiting list).
    path(T + "teams/<int:pair_id>/status/", views_pair_status.pair_status, name="pair_status"),
    path(T + "squads/<int:team_id>/status/", views_pair_status.team_status, name="team_status"),
    path(
        T + "players/<int:individual_id>/status/",
        views_pair_status.individual_status,
        name="individual_status",
    ),
    path(T + "signups/", signup_staff.signup_admin, name="signup_admin"),
    path(
        T + "signups/reject-many/", signup_staff.signup_reject_many_view, name="signup_reject_many"
    ),
    path(
        T + "signups/<int:signup_id>/edit/",
        signup_staff.signup_admin_edit,
        name="signup_admin_edit",
    ),
    path(
        T + "signups/<int:signup_id>/<str:action>/",
        signup_staff.signup_action,
        name="signup_action",
    ),
    path(T + "checkin/", checkin.checkin_desk, name="checkin_desk"),
    path(T + "checkin/board/", checkin.checkin_board, name="checkin_board"),
    path(T + "checkin/missing/", checkin.checkin_missing, name="checkin_missing"),
    path(T + "checkin/<str:code>/", checkin.checkin_scan, name="checkin_scan"),
]
