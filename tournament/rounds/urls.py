"""Routes of the staff's round pages: the list, the draw, pairing, round control, adjusting."""

from django.urls import path

from tournament.core.routes import R, T
from tournament.rounds import views as rounds
from tournament.rounds import views_pairing as pairing
from tournament.rounds import views_substitute as substitute

urlpatterns = [
    path(T + "rounds/", rounds.round_list, name="round_list"),
    path(T + "draw/", pairing.draw_view, name="draw"),
    path(T + "rounds/pair/", pairing.pair_view, name="pair_next"),
    path(R, rounds.round_control, name="round_control"),
    path(R + "action/<str:action>/", rounds.round_action, name="round_action"),
    path(R + "adjust/", pairing.adjust_view, name="round_adjust"),
    path(R + "substitute/", substitute.substitute_view, name="round_substitute"),
]
