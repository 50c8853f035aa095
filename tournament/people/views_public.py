"""A player's public page across events (选手主页, ``/players/<id>/``)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext

from tournament.core.rights import sees_hidden_people
from tournament.models import Person
from tournament.people.player_page import person_events
from tournament.text.messages.labels import APP_NAME


def player_page(request, person_id):
    """Every event of the player with published standings. A merged person's address leads
    to the person they were merged into; a hidden person is 404 to the public."""
    person = get_object_or_404(Person, pk=person_id)
    seen = {person.pk}
    while person.merged_into_id is not None and person.merged_into_id not in seen:
        seen.add(person.merged_into_id)
        person = Person.objects.get(pk=person.merged_into_id)
    if person.pk != person_id:
        return redirect("player_page", person_id=person.pk)
    staff = sees_hidden_people(request.user)
    if person.hidden and not staff:
        raise Http404
    context = {
        "person": person,
        "blocks": person_events(person),
        "site": {"name": gettext(APP_NAME)},
        "share_image": static("img/icon-192.png"),
        "staff": staff,
    }
    return render(request, "people/player.html", context)
