"""The event's upload status on the organizer's pages (and the sender started if it is due)."""

from django import template

from tournament.exchange.upload_send import kick_if_due
from tournament.models import Upload

register = template.Library()


@register.inclusion_tag("exchange/_upload_status.html")
def upload_status(tournament, back: str = "event"):
    """The status card of the event's upload, if one is set; a pending upload that no
    sender of this process carries is started (a laptop restarted offline)."""
    upload = Upload.objects.filter(tournament=tournament).first()
    if upload is not None and upload.status == Upload.PENDING:
        kick_if_due(tournament)
    return {"t": tournament, "upload": upload, "back": back}
