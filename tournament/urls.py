from django.urls import include, path

from tournament.views import (
    apart,
    api_tokens,
    audit,
    checkin,
    events,
    imports,
    logins,
    offline,
    pair_names,
    pairing,
    photos,
    places,
    projector,
    public,
    public_pairings,
    results,
    rounds,
    sheets,
    signup,
    signup_staff,
    slip_revoke,
    stages,
    table_entry,
    teams,
)

T = "t/<slug:slug>/"
R = T + "rounds/<int:number>/"
M = R + "table/<int:table>/"
E = T + "e/<int:match_id>/<str:code>/"

urlpatterns = [
    path("", events.home, name="home"),
    # The service worker from the root: its scope is the whole site (static/js/sw.js).
    path("sw.js", offline.service_worker, name="service_worker"),
    path("manifest.webmanifest", offline.manifest, name="web_manifest"),
    path("t/new/", events.tournament_create, name="tournament_create"),
    path(T, events.tournament_detail, name="tournament_detail"),
    path(T + "settings/", events.tournament_edit, name="tournament_edit"),
    path(T + "staff/", events.staff_list, name="staff_list"),
    path(T + "api/tokens/", api_tokens.token_list, name="api_tokens"),
    path(T + "logins/", logins.login_locks, name="login_locks"),
    path(T + "stages/", stages.stage_list, name="stage_list"),
    path(T + "teams/", teams.team_list, name="team_list"),
    path(T + "teams/add/", teams.team_add, name="team_add"),
    path(T + "teams/names/", pair_names.pair_names, name="pair_names"),
    path(T + "teams/<int:team_id>/edit/", teams.team_edit, name="team_edit"),
    path(T + "teams/<int:team_id>/status/", teams.team_status, name="team_status"),
    path(T + "teams/import/", imports.import_upload, name="team_import"),
    path(T + "teams/import/confirm/", imports.import_confirm, name="team_import_confirm"),
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
    path(T + "teams/template.xlsx", imports.import_template, name="team_template"),
    # Check-in (检录)
    path(T + "checkin/", checkin.checkin_desk, name="checkin_desk"),
    path(T + "checkin/board/", checkin.checkin_board, name="checkin_board"),
    path(T + "checkin/missing/", checkin.checkin_missing, name="checkin_missing"),
    path(T + "checkin/<str:code>/", checkin.checkin_scan, name="checkin_scan"),
    # Rounds (staff)
    path(T + "rounds/", rounds.round_list, name="round_list"),
    path(T + "draw/", pairing.draw_view, name="draw"),
    path(T + "apart/", apart.apart_view, name="forbidden_pairings"),
    path(T + "rounds/pair/", pairing.pair_view, name="pair_next"),
    path(R, rounds.round_control, name="round_control"),
    path(R + "status.json", rounds.round_status_json, name="round_status_json"),
    path(R + "action/<str:action>/", rounds.round_action, name="round_action"),
    path(R + "adjust/", pairing.adjust_view, name="round_adjust"),
    path(R + "import/", results.results_import, name="results_import"),
    path(R + "fouls/", results.round_fouls, name="round_fouls"),
    path(R + "audit/", audit.round_audit, name="round_audit"),
    path(M, results.match_entry, name="match_entry"),
    path(M + "confirm/", results.match_confirm, name="match_confirm"),
    path(M + "foul/", results.match_foul, name="match_foul"),
    path(M + "absent/", results.match_absent, name="match_absent"),
    path(M + "revoke-slip/", slip_revoke.match_revoke_slip, name="match_revoke_slip"),
    path(M + "passed/", places.match_passed_at, name="match_passed_at"),
    path(M + "photo/", photos.match_photo_add, name="match_photo_add"),
    path(T + "photos/<int:photo_id>/", photos.sheet_photo, name="sheet_photo"),
    path(M + "sheet/", sheets.match_sheet, name="match_sheet"),
    path(M + "sheet/api/", sheets.match_sheet_api, name="match_sheet_api"),
    path(M + "sheet/foul/", sheets.match_foul_api, name="match_foul_api"),
    # Players at their table (secret link, no account)
    path(E, table_entry.table_entry, name="table_entry"),
    path(E + "confirm/", table_entry.table_confirm, name="table_confirm"),
    path(E + "photo/", photos.table_photo_add, name="table_photo_add"),
    path(E + "photo/<int:photo_id>/", photos.table_photo, name="table_photo"),
    path(E + "sheet/", table_entry.table_sheet, name="table_sheet"),
    path(E + "sheet/api/", table_entry.table_sheet_api, name="table_sheet_api"),
    # Public
    path(T + "signup/", signup.signup_page, name="signup_page"),
    path(T + "signup/payment-qr.png", signup.payment_qr, name="signup_payment_qr"),
    path(T + "signup/<str:token>/", signup.signup_status, name="signup_status"),
    path(T + "signup/<str:token>/withdraw/", signup.signup_withdraw_view, name="signup_withdraw"),
    path(
        T + "signup/<str:token>/confirm/<str:code>/", signup.signup_confirm, name="signup_confirm"
    ),
    path(T + "pairings/<int:number>/", public_pairings.pairings, name="pairings"),
    path(T + "standings/", public.standings_page, name="standings"),
    path(T + "team/<int:team_id>/", public.team_history_page, name="team_history"),
    path(T + "projector/<int:number>/", projector.projector, name="projector"),
    path(T + "bracket/", public.bracket_page, name="bracket"),
    path("", include("tournament.urls_exports")),
]
