"""Routes of the sharing pictures: share cards, the event poster, find-my-table's address."""

from django.urls import path

from tournament.core.routes import T
from tournament.sharing import views

urlpatterns = [
    path(T + "share/standings.png", views.standings_card_png, name="share_standings_png"),
    path(T + "share/team/<int:pair_id>.png", views.pair_card_png, name="share_pair_png"),
    path(T + "share/poster.png", views.poster_png_view, name="share_poster_png"),
    path(T + "share/poster.pdf", views.poster_pdf_view, name="share_poster_pdf"),
    path(T + "find/", views.find_my_table, name="find_my_table"),
]
