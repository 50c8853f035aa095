"""Routes of the hall's projector and of the round's status poll (public; a referee's poll
gets more: tournament/rounds/views.py)."""

from django.urls import path

from tournament.core.routes import R, T
from tournament.rounds import views as rounds
from tournament.rounds import views_projector as projector

urlpatterns = [
    path(T + "projector/<int:number>/", projector.projector, name="projector"),
    path(T + "projector/sponsor/", projector.projector_sponsor, name="projector_sponsor"),
    path(R + "status.json", rounds.round_status_json, name="round_status_json"),
]
