"""The share cards and the poster rendered, read back (PNG text chunks, the PDF's text) and
their QR codes decoded to the pages' addresses; public data only."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from PIL import Image
from pypdf import PdfReader

from tests.app.sharing.qr_read import decoded, png_text
from tournament.models import Pair, Tournament

pytestmark = pytest.mark.django_db
HOST = "testserver"


def _public(event, **flags) -> Tournament:
    Tournament.objects.filter(pk=event.pk).update(
        publish_standings=True, publish_pairings=True, **flags
    )
    return Tournament.objects.get(pk=event.pk)


def _get(url: str):
    response = Client().get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response


def test_standings_card_top_places_and_qr(event):
    t = _public(event)
    response = _get(reverse("share_standings_png", args=[t.slug]))
    assert response["Content-Type"] == "image/png"
    body = b"".join(response) if response.streaming else response.content
    text = png_text(body)
    lines = text["Description"].splitlines()
    assert lines[0] == t.name and lines[1] == "2025-05-01 – 2025-05-02"
    assert lines[2] == "第1轮后 前8名"  # round 2 is not locked: never on a card
    places = lines[3:11]
    assert [line.split()[0] for line in places] == [str(i) for i in range(1, 9)] or all(
        line.split()[0].isdigit() for line in places
    )
    standings = _get(reverse("standings", args=[t.slug])).content.decode()
    for line in places:
        assert line.split()[1] in standings  # the names the page shows
    url = f"http://{HOST}" + reverse("standings", args=[t.slug])
    assert text["URL"] == url
    assert decoded(Image.open(io.BytesIO(body)), url) == url


def test_pair_card_rounds_and_qr(event):
    t = _public(event)
    pair = Pair.objects.filter(tournament=t).order_by("pk").first()
    body = _get(reverse("share_pair_png", args=[t.slug, pair.pk])).content
    text = png_text(body)
    lines = text["Description"].splitlines()
    assert lines[2] == pair.name
    assert lines[3].startswith("第") and "名" in lines[3] and "分" in lines[3]
    rounds = [line for line in lines if line.startswith("第1轮") or line.startswith("第2轮")]
    assert [line[:3] for line in rounds] == ["第1轮"]  # round 2 unlocked: not shown
    url = f"http://{HOST}" + reverse("pair_history", args=[t.slug, pair.pk])
    assert decoded(Image.open(io.BytesIO(body)), url) == url


def test_cards_404_when_standings_unpublished(event):
    Tournament.objects.filter(pk=event.pk).update(publish_standings=False)
    pair = Pair.objects.filter(tournament=event).first()
    client = Client()
    assert client.get(reverse("share_standings_png", args=[event.slug])).status_code == 404
    assert client.get(reverse("share_pair_png", args=[event.slug, pair.pk])).status_code == 404
    assert client.get(reverse("share_pair_png", args=[event.slug, 999999])).status_code == 404


def test_poster_png_and_pdf(event):
    t = _public(event)
    find = f"http://{HOST}" + reverse("find_my_table", args=[t.slug])
    png = _get(reverse("share_poster_png", args=[t.slug])).content
    text = png_text(png)
    assert text["Description"].splitlines() == [
        t.name,
        "日期：2025-05-01 – 2025-05-02",
        "地点：南京国际博览中心",
        "主办：南京市掼蛋协会",
        "扫码查找我的台号",
        "输入姓名或队名，即可看到每轮的台号和对手",
    ]
    image = Image.open(io.BytesIO(png))
    assert image.size == (1240, 1754)
    assert decoded(image, find) == find
    pdf = PdfReader(io.BytesIO(_get(reverse("share_poster_pdf", args=[t.slug])).content))
    page = pdf.pages[0]
    assert [round(float(v)) for v in page.mediabox[2:]] == [595, 842]
    words = page.extract_text()
    for expected in (t.name, "南京国际博览中心", "南京市掼蛋协会", "扫码查找我的台号", find):
        assert expected in words.replace("\n", "")
    # find-my-table's address leads to the latest published round's pairings
    answer = Client().get(reverse("find_my_table", args=[t.slug]))
    assert answer.status_code == 302 and answer["Location"].endswith("/pairings/2/")


def test_poster_in_english(event):
    t = _public(event, print_language="en")
    text = png_text(_get(reverse("share_poster_png", args=[t.slug])).content)
    lines = text["Description"].splitlines()
    with translation.override("en"):  # the English of locale/pending until it is merged
        assert lines[1] == _("日期") + ": 2025-05-01 – 2025-05-02"  # English punctuation
        assert lines[4] == _("扫码查找我的台号")


def test_render_to_files(event, tmp_path_factory):
    """Writes the pictures where a person can look at them (``SHARING_OUT``)."""
    import os

    out = os.environ.get("SHARING_OUT")
    if not out:
        pytest.skip("SHARING_OUT not set")
    t = _public(event)
    pair = Pair.objects.filter(tournament=t).order_by("pk").first()
    for name, url in (
        ("standings.png", reverse("share_standings_png", args=[t.slug])),
        ("pair.png", reverse("share_pair_png", args=[t.slug, pair.pk])),
        ("poster.png", reverse("share_poster_png", args=[t.slug])),
        ("poster.pdf", reverse("share_poster_pdf", args=[t.slug])),
    ):
        with open(os.path.join(out, name), "wb") as f:
            f.write(_get(url).content)


def _meta(html: str, prop: str) -> str:
    import re

    found = re.search(rf'<meta (?:property|name)="{prop}" content="([^"]*)"', html)
    return found.group(1) if found else ""


def test_public_pages_carry_link_previews_and_copy_link(event):
    t = _public(event)
    pair = Pair.objects.filter(tournament=t).order_by("pk").first()
    poster = f"http://{HOST}" + reverse("share_poster_png", args=[t.slug])
    pages = {
        reverse("standings", args=[t.slug]): reverse("share_standings_png", args=[t.slug]),
        reverse("pair_history", args=[t.slug, pair.pk]): reverse(
            "share_pair_png", args=[t.slug, pair.pk]
        ),
        reverse("pairings", args=[t.slug, 1]): poster,
        reverse("pairings", args=[t.slug, 1]) + "?q=1": poster,
        reverse("tournament_detail", args=[t.slug]): poster,
    }
    for page, image in pages.items():
        html = _get(page).content.decode()
        assert t.name in _meta(html, "og:title"), page
        assert _meta(html, "description") and _meta(html, "og:description"), page
        assert _meta(html, "og:image").endswith(image), page
        assert _meta(html, "og:url") == f"http://{HOST}{page}".replace("&", "&amp;"), page
        assert 'class="button copy-link"' in html and "js/share.js" in html, page
        assert Client().get(_meta(html, "og:image")).status_code == 200, page
