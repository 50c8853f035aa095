"""Routes of the public pages: pairings, standings, a pair's history, the bracket."""

from django.urls import path

from tournament.core.routes import T
from tournament.public import find_phone
from tournament.public import views as public
from tournament.public import views_entry_history as histories
from tournament.public import views_pairings as public_pairings

urlpatterns = [
    path(T + "pairings/<int:number>/", public_pairings.pairings, name="pairings"),
    # Find my table's index for the phone (find.js): its URL holds the stamp, kept a year.
    path(
        T + "pairings/<int:number>/find/<slug:stamp>/<slug:language>.json",
        find_phone.find_index,
        name="find_phone_index",
    ),
    path(T + "standings/", public.standings_page, name="standings"),
    path(T + "team/<int:pair_id>/", public.pair_history_page, name="pair_history"),
    path(T + "squad/<int:team_id>/", histories.team_history_page, name="team_history"),
    path(T + "player/<int:individual_id>/", histories.player_history_page, name="player_history"),
    path(T + "bracket/", public.bracket_page, name="bracket"),
]
