"""Routes of the hall's projector."""

from django.urls import path

from tournament.core.routes import T
from tournament.rounds import views_projector as projector

urlpatterns = [
    path(T + "projector/<int:number>/", projector.projector, name="projector"),
]
