"""The organizer's pages of the upload: on the laptop, the event's 成绩上传 settings (the token
written, never shown back; audited; 立即上传; 停止上传) and its status on the event's page;
on the association's server, the upload tokens' page (the secret shown once, revoked)."""

from __future__ import annotations

import pytest

from tests.conftest import login
from tournament.models import ApiToken, AuditEntry, Upload

pytestmark = [pytest.mark.django_db, pytest.mark.both_databases]  # row locks
SECRET = "gdu_laptop-secret-123456"


def test_the_settings_keep_the_token_and_never_show_it(tournament, organizer):
    client = login(organizer)
    url = f"/t/{tournament.slug}/exchange/upload/"
    assert client.get(url).status_code == 200
    answer = client.post(url, {"action": "save", "server_url": "ftp://x", "token": SECRET})
    assert answer.status_code == 200 and "http://" in answer.content.decode()
    assert not Upload.objects.exists()
    answer = client.post(
        url, {"action": "save", "server_url": "https://assoc.example", "token": SECRET}
    )
    assert answer.status_code == 302
    upload = Upload.objects.get(tournament=tournament)
    assert (upload.token, upload.status) == (SECRET, Upload.PENDING)
    page = client.get(url).content.decode()
    assert SECRET not in page and "已保存；留空则不变" in page and "待上传" in page
    # An empty token keeps the saved one; a new address is taken.
    client.post(url, {"action": "save", "server_url": "https://other.example", "token": ""})
    upload.refresh_from_db()
    assert (upload.server_url, upload.token) == ("https://other.example", SECRET)
    lines = AuditEntry.objects.filter(tournament=tournament, action="upload.settings")
    assert lines.count() == 2 and all(SECRET not in line.summary for line in lines)
    assert "gdu_lapt" in lines.first().summary  # the prefix names it, as for staff tokens


def test_upload_now_and_stop(tournament, organizer):
    Upload.objects.create(
        tournament=tournament,
        server_url="https://assoc.example",
        token=SECRET,
        status=Upload.FAILED,
        last_error="协会服务器拒绝了上传（HTTP 401）：上传令牌无效或已停用",
    )
    client = login(organizer)
    page = client.get(f"/t/{tournament.slug}/").content.decode()
    assert "上传失败" in page and "上传令牌无效或已停用" in page and "立即上传" in page
    url = f"/t/{tournament.slug}/exchange/upload/"
    answer = client.post(url, {"action": "send", "back": "event"})
    assert answer.status_code == 302 and answer["Location"] == f"/t/{tournament.slug}/"
    assert Upload.objects.get().status == Upload.PENDING
    client.post(url, {"action": "off"})
    upload = Upload.objects.get()
    assert (upload.status, upload.token) == (Upload.OFF, "")
    assert "上传失败" not in client.get(f"/t/{tournament.slug}/").content.decode()


def test_the_status_is_the_organizers_only(tournament, chief):
    Upload.objects.create(tournament=tournament, server_url="https://a.example", token=SECRET)
    assert "成绩上传" not in login(chief).get(f"/t/{tournament.slug}/").content.decode()
    assert login(chief).get(f"/t/{tournament.slug}/exchange/upload/").status_code in (403, 404)


def test_upload_tokens_are_issued_once_and_revoked(organizer, outsider):
    client = login(organizer)
    answer = client.post("/exchange/tokens/", {"action": "create", "slug": "2026-spring"})
    page = answer.content.decode()
    token = ApiToken.objects.get(kind=ApiToken.UPLOAD)
    secret = page.split('class="password"><code>')[1].split("<")[0]
    assert secret.startswith("gdu_") and token.slug == "2026-spring" and token.tournament is None
    assert secret not in client.get("/exchange/tokens/").content.decode()  # shown once
    assert client.post("/exchange/tokens/", {"action": "create", "slug": "a b"}).status_code == 200
    assert ApiToken.objects.filter(kind=ApiToken.UPLOAD).count() == 1  # a bad slug: none
    client.post("/exchange/tokens/", {"action": "revoke", "token": token.pk})
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert login(outsider).get("/exchange/tokens/").status_code == 404
