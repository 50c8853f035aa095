"""Web downloads: who may take what (a table of role × export), and what they get."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.app.printing.conftest import pages_text
from tests.conftest import login

pytestmark = pytest.mark.django_db

ALL = [
    "pairings.pdf",
    "scoresheets.pdf",
    "results.xlsx",
    "standings.pdf",
    "units.csv",
    "certificates.pdf",
    "signin.pdf",
    "workbook.xlsx",
    "archive.json",
]
REFEREE_OK = {"pairings.pdf", "scoresheets.pdf"}


def url(kind_ext: str, **query) -> str:
    kind, ext = kind_ext.split(".")
    q = "&".join(f"{k}={v}" for k, v in query.items())
    return reverse("export_download", args=["spring", kind, ext]) + (f"?{q}" if q else "")


def client_for(role: str) -> Client:
    if role == "public":
        return Client()
    name = {"organizer": "alice", "chief": "chief", "referee": "ref"}.get(role, role)
    user = get_user_model().objects.filter(username=name).first()
    if user is None:
        user = get_user_model().objects.create_user(name, password="x")
    return login(user)


@pytest.mark.parametrize("role", ["organizer", "chief"])
@pytest.mark.parametrize("kind_ext", ALL)
def test_organizer_and_chief_referee_download_everything(event, role, kind_ext):
    response = client_for(role).get(
        url(kind_ext, round=1) if "pairings" in kind_ext else url(kind_ext)
    )
    assert response.status_code == 200, kind_ext
    assert b"".join(response.streaming_content)


@pytest.mark.parametrize("kind_ext", ALL)
def test_referee_downloads_only_pairings_and_score_sheets(event, kind_ext):
    response = client_for("referee").get(url(kind_ext))
    assert response.status_code == (200 if kind_ext in REFEREE_OK else 404)


@pytest.mark.parametrize("kind_ext", ALL)
def test_the_public_gets_nothing_unpublished(event, kind_ext):
    response = client_for("public").get(url(kind_ext))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client_for("stranger").get(url(kind_ext)).status_code == 404


def test_published_pairings_and_standings_are_public(event):
    event.publish_pairings = True
    event.publish_standings = True
    event.save()
    public = client_for("public")
    assert public.get(url("pairings.pdf", round=2)).status_code == 200
    assert public.get(url("standings.xlsx")).status_code == 200
    for other in ("results.pdf", "scoresheets.pdf", "archive.json", "certificates.pdf"):
        assert public.get(url(other)).status_code == 302


def test_public_standings_count_only_locked_rounds(event):
    event.publish_standings = True
    event.save()
    # Round 2 (published, half entered) does not count for the public: after round 1.
    data = b"".join(client_for("public").get(url("standings.pdf")).streaming_content)
    text = "".join(pages_text(data))
    assert "第1轮后成绩" in text and " 1/0/1" not in text and " 2/0/0" not in text
    # Nothing locked: no ranking at all, not every pair tied at 0.
    event.round_set.filter(number=1).update(status="published")
    assert client_for("public").get(url("standings.pdf")).status_code == 404


def test_public_cannot_see_a_draft_round(event):
    event.publish_pairings = True
    event.save()
    event.round_set.filter(number=2).update(status="draft")
    assert client_for("public").get(url("pairings.pdf", round=2)).status_code == 404
    assert client_for("organizer").get(url("pairings.pdf", round=2)).status_code == 200


def test_download_names_and_types(event):
    response = client_for("organizer").get(url("scoresheets.pdf", round=1, per_page=2))
    assert response["Content-Type"] == "application/pdf"
    assert "inline" in response["Content-Disposition"]
    assert "%E6%AF%8F%E9%A1%B5%E4%B8%A4%E5%BC%A0" in response["Content-Disposition"]  # 每页两张
    pages = PdfReader(io.BytesIO(b"".join(response.streaming_content))).pages
    assert len(pages) == 4  # 7 tables, two per page
    response = client_for("organizer").get(url("workbook.xlsx"))
    assert "attachment" in response["Content-Disposition"]


def test_unknown_kind_format_or_round_is_404(event):
    organizer = client_for("organizer")
    assert organizer.get(url("scoresheets.xlsx")).status_code == 404
    assert organizer.get(url("nothing.pdf")).status_code == 404
    assert organizer.get(url("pairings.pdf", round=9)).status_code == 404
    assert organizer.get(url("pairings.pdf", round="x")).status_code == 404


def test_index_lists_the_buttons_each_role_may_use(event):
    page = client_for("organizer").get(reverse("export_index", args=["spring"]))
    html = page.content.decode()
    assert page.status_code == 200
    for fragment in ("对阵表", "比赛记录表", "每页两张", "赛事存档", "全赛事工作簿", "?round=2"):
        assert fragment in html
    html = client_for("referee").get(reverse("export_index", args=["spring"])).content.decode()
    assert "比赛记录表" in html and "赛事存档" not in html
    assert client_for("public").get(reverse("export_index", args=["spring"])).status_code == 302
    event.publish_standings = True
    event.save()
    html = client_for("public").get(reverse("export_index", args=["spring"])).content.decode()
    assert "成绩排名" in html and "对阵表" not in html
