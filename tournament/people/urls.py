"""Routes of the players across events: the organizers' ``people/`` pages and the public
``players/<id>/`` page (no event in their addresses: a person plays in many)."""

from django.urls import path

from tournament.people import views, views_public

urlpatterns = [
    path("people/", views.people_list, name="people_list"),
    path("people/suggestions/", views.people_suggestions, name="people_suggestions"),
    path("people/merges/", views.people_merges, name="people_merges"),
    path("people/audit/", views.people_audit, name="people_audit"),
    path("people/merge/", views.person_merge, name="person_merge"),
    path("people/merges/<int:merge_id>/undo/", views.person_unmerge, name="person_unmerge"),
    path("people/<int:person_id>/", views.person_detail, name="person_detail"),
    path("people/<int:person_id>/hidden/", views.person_hidden, name="person_hidden"),
    path("players/<int:person_id>/", views_public.player_page, name="player_page"),
]
