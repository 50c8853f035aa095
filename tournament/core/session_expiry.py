"""How long a staff login lasts: until the end of the event day.

Vocabulary
----------
event day
    Staff sessions end at the next ``SESSION_DAY_END_HOUR`` o'clock (Asia/Shanghai, 04:00
    by default) after login, so a phone left in the hall is logged out overnight. Setting
    ``SESSION_COOKIE_AGE`` in the environment replaces this with a fixed age.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone


def end_of_event_day(now: datetime | None = None) -> datetime:
    """The next ``SESSION_DAY_END_HOUR`` o'clock in the event's time zone after ``now``."""
    local = timezone.localtime(now or timezone.now())
    end = local.replace(hour=settings.SESSION_DAY_END_HOUR, minute=0, second=0, microsecond=0)
    if end <= local:
        end += timedelta(days=1)
    return end


def expire_at_end_of_day(sender, request, user, **kwargs) -> None:
    """On login: the session lasts until the end of the event day (unless a fixed age is set)."""
    if settings.SESSION_DAY_END_HOUR is not None and hasattr(request, "session"):
        request.session.set_expiry(end_of_event_day())
