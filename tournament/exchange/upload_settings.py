"""A venue laptop's settings of the upload to the association's server: the server's
address and the upload token (written, never shown again), audited; the form that takes
them."""

from __future__ import annotations

from django import forms
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.exchange.upload_send import send_now
from tournament.models import Tournament, Upload
from tournament.text.messages import render

MSG_AUDIT_UPLOAD_SETTINGS = "audit_upload_settings"
MSG_AUDIT_UPLOAD_OFF = "audit_upload_off"
MSG_NOT_CONFIGURED = "upload_not_configured"
MSG_URL_BAD = "upload_url_bad"


class UploadForm(forms.Form):
    server_url = forms.CharField(
        label=Upload._meta.get_field("server_url").verbose_name, max_length=300
    )
    token = forms.CharField(
        label=_("上传令牌"),
        max_length=200,
        required=False,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
    )

    def __init__(self, *args, upload: Upload | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.upload = upload
        if upload is not None and upload.token:
            self.fields["token"].widget.attrs["placeholder"] = _("已保存；留空则不变")

    def clean(self):
        data = super().clean()
        url = (data.get("server_url") or "").strip()
        data["server_url"] = url
        if "server_url" in data and (not url.startswith(("http://", "https://")) or len(url) < 10):
            self.add_error("server_url", render(MSG_URL_BAD))
        kept = self.upload.token if self.upload is not None else ""
        data["token"] = (data.get("token") or "").strip() or kept
        if not data["token"]:
            self.add_error("token", render(MSG_NOT_CONFIGURED))
        return data


def upload_of(tournament: Tournament) -> Upload | None:
    return Upload.objects.filter(tournament=tournament).first()


@transaction.atomic
def upload_configure(*, tournament: Tournament, server_url: str, token: str, by: Actor) -> Upload:
    """Set the server and token; the event's locked rounds are then sent (待上传)."""
    upload, _created = Upload.objects.select_for_update().get_or_create(tournament=tournament)
    upload.server_url, upload.token = server_url, token
    upload.status, upload.attempts, upload.last_error = Upload.PENDING, 0, ""
    upload.error_message = None
    upload.next_try_at = None
    upload.save()
    summary = Message(MSG_AUDIT_UPLOAD_SETTINGS, {"server": server_url, "prefix": token[:8]})
    log_action(tournament=tournament, by=by, action="upload.settings", obj=upload, summary=summary)
    send_now(tournament)
    return upload


@transaction.atomic
def upload_off(*, tournament: Tournament, by: Actor) -> None:
    """No more uploads from this laptop: the token is forgotten."""
    upload = Upload.objects.select_for_update().filter(tournament=tournament).first()
    if upload is None or upload.status == Upload.OFF:
        return
    upload.status, upload.token, upload.next_try_at = Upload.OFF, "", None
    upload.save()
    summary = Message(MSG_AUDIT_UPLOAD_OFF, {"server": upload.server_url})
    log_action(tournament=tournament, by=by, action="upload.settings", obj=upload, summary=summary)
