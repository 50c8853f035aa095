"""Score-sheet photos: stored without EXIF and resized, refused when too big or not an
image, served only to the event's staff and the table's sides."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from PIL import Image

from tests.conftest import ONE_EVENT
from tournament.core.actors import user_actor
from tournament.models import AuditEntry, ScoreSheetPhoto
from tournament.results.checks import ResultValues
from tournament.results.photo_files import scoresheet_jpeg
from tournament.results.services import submit_result

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]
GPS = 0x8825  # the EXIF tag of the GPS block


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def table(tournament, pairs8, make_round):
    tournament.table_entry = True
    tournament.save()
    return make_round(tournament, pairs8).tables.get(number=1)


def camera_jpeg(width: int = 3000, height: int = 2000) -> bytes:
    """A JPEG as a phone writes it: large, with the GPS position and the camera model."""
    image = Image.new("RGB", (width, height), (200, 190, 170))
    exif = Image.Exif()
    exif[0x0110] = "Guandan Phone 9"  # Model
    exif[GPS] = {1: "N", 2: (32.0, 3.0, 0.0), 3: "E", 4: (118.0, 47.0, 0.0)}
    out = BytesIO()
    image.save(out, "JPEG", exif=exif)
    return out.getvalue()


def upload(data: bytes, name: str = "sheet.jpg") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="image/jpeg")


def staff_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def add_url(m) -> str:
    return reverse("table_photo_add", args=["spring", 1, m.number])


def test_the_camera_jpeg_really_carries_gps():
    assert Image.open(BytesIO(camera_jpeg())).getexif().get_ifd(GPS)


def test_a_referee_photo_is_stored_without_exif_and_resized(table, referee):
    response = staff_client(referee).post(add_url(table), {"photo": upload(camera_jpeg())})
    assert response.status_code == 302
    photo = ScoreSheetPhoto.objects.get(table=table)
    stored = Image.open(photo.image.path)
    assert stored.format == "JPEG" and stored.size == (1600, 1067) == (photo.width, photo.height)
    assert not stored.getexif() and "exif" not in stored.info
    raw = Path(photo.image.path).read_bytes()
    assert b"Exif" not in raw and b"Guandan Phone" not in raw
    audit = AuditEntry.objects.get(action="photo.add")
    assert audit.object_id == str(table.pk) and audit.after == {"photo": photo.pk}


def test_a_player_attaches_a_photo_through_the_table_link(table):
    link = reverse("side_entry", args=["spring", table.pk, table.ns_code])
    page = Client().get(link).content.decode()
    assert 'capture="environment"' in page and 'accept="image/*"' in page
    Client().post(link + "photo/", {"photo": upload(camera_jpeg(800, 600))})
    photo = ScoreSheetPhoto.objects.get(table=table)
    assert photo.source == "table_ns" and (photo.width, photo.height) == (800, 600)
    assert AuditEntry.objects.get(action="photo.add").actor == "table:NS"


def test_an_oversize_photo_is_refused_with_a_message(table, referee, settings):
    settings.UPLOAD_MAX_BYTES = 50_000
    client = staff_client(referee)
    response = client.post(add_url(table), {"photo": upload(camera_jpeg())}, follow=True)
    assert "文件太大" in response.content.decode()
    assert not ScoreSheetPhoto.objects.exists()


def test_a_file_that_is_not_an_image_is_refused(table, referee):
    fake = upload(b"%PDF-1.4 not a picture" * 50, "sheet.jpg")
    response = staff_client(referee).post(add_url(table), {"photo": fake}, follow=True)
    assert "不是可识别的图片" in response.content.decode()
    assert not ScoreSheetPhoto.objects.exists() and not AuditEntry.objects.filter(
        action="photo.add"
    )


def test_photos_are_shown_to_staff_and_the_tables_sides_only(table, referee, outsider):
    staff_client(referee).post(add_url(table), {"photo": upload(camera_jpeg(640, 480))})
    photo = ScoreSheetPhoto.objects.get()
    staff_url = reverse("sheet_photo", args=["spring", photo.pk])
    side_url = reverse("side_photo", args=["spring", table.pk, table.ew_code, photo.pk])
    ok = staff_client(referee).get(staff_url)
    assert ok.status_code == 200 and ok["Content-Type"] == "image/jpeg"
    assert b"".join(ok.streaming_content)[:2] == b"\xff\xd8"
    assert Client().get(side_url).status_code == 200
    other = table.round.tables.get(number=2)
    foreign = reverse("side_photo", args=["spring", other.pk, other.ew_code, photo.pk])
    assert Client().get(foreign).status_code == 404
    assert staff_client(outsider).get(staff_url).status_code == 404
    assert Client().get(staff_url).status_code == 302  # to the login page
    assert "/media/" not in photo.image.url or Client().get(photo.image.url).status_code == 404


def test_the_photo_shows_on_the_entry_page_in_disputes_and_in_the_round_audit(
    table, referee, chief
):
    staff_client(referee).post(add_url(table), {"photo": upload(camera_jpeg(640, 480))})
    photo_url = reverse("sheet_photo", args=["spring", ScoreSheetPhoto.objects.get().pk])
    entry = reverse("table_entry", args=["spring", 1, table.number])
    assert photo_url in staff_client(referee).get(entry).content.decode()
    audit = staff_client(chief).get(reverse("round_audit", args=["spring", 1])).content.decode()
    assert f'src="{photo_url}"' in audit and "第1台上传记录表照片" in audit
    table = submit_result(
        table, ResultValues("A+", "5", winner="EW"), version=1, by=user_actor(referee)
    )
    two = ResultValues("A+", "6", winner="EW")
    table = submit_result(table, two, version=table.version, by=user_actor(chief, "referee"))
    assert table.state == "disputed"
    page = staff_client(chief).get(entry).content.decode()
    dispute = page.split('id="dispute"')[1].split("</section>")[0]
    assert photo_url in dispute


def test_a_referee_may_add_photos_only_at_their_own_tables(table, referee, tournament):
    tournament.staff.filter(user=referee).update(tables="2")
    response = staff_client(referee).post(
        add_url(table), {"photo": upload(camera_jpeg(640, 480))}, follow=True
    )
    assert "您没有被分配到第1台" in response.content.decode()
    assert not ScoreSheetPhoto.objects.exists()


def test_a_sideways_camera_photo_is_stored_upright():
    image = Image.new("RGB", (300, 200), (10, 20, 30))
    exif = Image.Exif()
    exif[0x0112] = 6  # Orientation: the camera was turned; viewers rotate 90°
    out = BytesIO()
    image.save(out, "JPEG", exif=exif)
    stored = scoresheet_jpeg(out.getvalue())
    assert (stored.width, stored.height) == (200, 300)
    assert not Image.open(BytesIO(stored.data)).getexif()
