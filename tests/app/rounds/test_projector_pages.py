"""The projector's pages (issue 47): the organizer chooses on the settings page what the
hall's screen shows in turn (standings, the round's pairings, a sponsor's image), the image
checked for type and size; the projector carries the chosen pages, the standings of pairs,
teams and players whole, for its script to page by the screen's height."""

from __future__ import annotations

import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from PIL import Image

from tests.app.individuals.test_individual_pages import levels as solo_levels
from tests.app.individuals.test_individual_pages import public_event as solo_event
from tests.app.teams.test_team_pages import levels as team_levels
from tests.app.teams.test_team_pages import public_event as team_event
from tests.conftest import login
from tests.forms import posted_back
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

BAD_IMAGE = "赞助商图片只能是不超过 5 MB 的 PNG、JPEG 或 WebP 图片"


def image(kind: str = "PNG", size=(64, 36)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, "navy").save(buffer, kind)
    return buffer.getvalue()


def post_settings(client, t, files=None, **fields):
    url = reverse("tournament_edit", args=[t.slug])
    data = posted_back(client.get(url).content.decode())
    data.update(fields)
    return client.post(url, {**data, **(files or {})})


def screens(t, client=None) -> list[str]:
    html = (client or Client()).get(reverse("projector", args=[t.slug, 2])).content.decode()
    return re.findall(r'data-screen="(\w+)"', html)


def test_the_organizer_chooses_the_pages_and_uploads_a_sponsor_image(event, organizer):
    Tournament.objects.filter(pk=event.pk).update(publish_pairings=True)
    event.refresh_from_db()
    client = login(organizer)
    upload = SimpleUploadedFile("logo.png", image(), content_type="image/png")
    response = post_settings(
        client,
        event,
        {"projector_sponsor": upload},
        projector_pages=["sponsor", "standings"],
        projector_seconds=["20"],
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    event.refresh_from_db()
    assert (event.projector_pages, event.projector_seconds) == ("standings,sponsor", 20)
    served = Client().get(reverse("projector_sponsor", args=[event.slug]))
    assert served.status_code == 200 and served["Content-Type"] == "image/png"
    assert b"".join(served.streaming_content) == image()
    Tournament.objects.filter(pk=event.pk).update(publish_standings=True)
    assert screens(event) == ["standings", "sponsor"]
    html = client.get(reverse("tournament_edit", args=[event.slug])).content.decode()
    assert 'value="standings"' in html and 'id="id_projector_sponsor"' in html


@pytest.mark.parametrize(
    "name, content",
    [
        ("notes.png", "这不是图片".encode()),
        ("anim.gif", image("GIF")),  # an image, not of a type the projector shows
        ("huge.png", image() + b"\0" * (5 * 1024 * 1024)),
    ],
)
def test_a_bad_sponsor_image_is_refused_with_a_clear_message(event, organizer, name, content):
    client = login(organizer)
    upload = SimpleUploadedFile(name, content, content_type="image/png")
    response = post_settings(client, event, {"projector_sponsor": upload})
    assert response.status_code == 200
    assert BAD_IMAGE in response.content.decode()
    event.refresh_from_db()
    assert not event.projector_sponsor


def test_a_referee_may_not_change_the_projector(event, referee, chief):
    url = reverse("tournament_edit", args=[event.slug])
    upload = SimpleUploadedFile("logo.png", image(), content_type="image/png")
    for person in (referee, chief):
        client = login(person)
        assert client.get(url).status_code in (302, 403, 404)
        data = {"projector_pages": ["sponsor"], "projector_sponsor": upload}
        assert client.post(url, data).status_code in (302, 403, 404)
    event.refresh_from_db()
    assert event.projector_pages == "pairings" and not event.projector_sponsor


def test_the_projector_shows_only_pages_it_may_show(event, organizer):
    Tournament.objects.filter(pk=event.pk).update(
        projector_pages="standings,pairings,sponsor", publish_pairings=True
    )
    assert screens(event) == ["pairings"]  # standings unpublished, no image
    assert screens(event, login(organizer)) == ["standings", "pairings"]  # staff see them
    Tournament.objects.filter(pk=event.pk).update(projector_pages="")
    assert screens(event) == ["pairings"]  # nothing chosen: the pairings as before
    assert Client().get(reverse("projector_sponsor", args=[event.slug])).status_code == 404


def standings_names(t) -> list[str]:
    html = Client().get(reverse("projector", args=[t.slug, 1])).content.decode()
    part = html.split('id="proj-standings"', 1)[1].split("</table>", 1)[0]
    return [
        re.sub(r"<[^>]+>", "", cells[1])
        for cells in re.findall(r"<tr><td>(\d+)</td><td>(.*?)</td>", part)
    ]


@pytest.mark.parametrize("kind", ["teams", "individuals"])
def test_team_and_individual_standings_on_the_projector(organizer, kind):
    if kind == "teams":
        from tests.app.teams.team_event import play_round

        t, levels = team_event(organizer), team_levels
    else:
        from tests.app.individuals.individual_event import play_round

        t, levels = solo_event(organizer), solo_levels
    play_round(t, organizer, levels)
    Tournament.objects.filter(pk=t.pk).update(projector_pages="standings")
    names = standings_names(t)
    count = t.teams.count() if kind == "teams" else t.individuals.count()
    assert len(names) == count and all(names)


def test_the_projector_follows_the_standings_with_the_top_places_chart(organizer):
    from tests.app.teams.team_event import play_round

    t = team_event(organizer)
    play_round(t, organizer, team_levels)
    Tournament.objects.filter(pk=t.pk).update(projector_pages="standings")
    html = Client().get(reverse("projector", args=[t.slug, 1])).content.decode()
    assert 'data-screen="chart"' not in html  # one round: nothing to follow yet
    play_round(t, organizer, team_levels)
    html = Client().get(reverse("projector", args=[t.slug, 2])).content.decode()
    chart = html.split('data-screen="chart"', 1)[1].split("</section>", 1)[0]
    assert "<svg" in chart and "前八名走势" in chart
