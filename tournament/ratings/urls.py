"""Routes of the ratings pages (organizers only)."""

from django.urls import path

from tournament.ratings import views as ratings

urlpatterns = [
    path("ratings/", ratings.rating_list, name="rating_list"),
]
