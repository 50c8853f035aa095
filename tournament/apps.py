from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("赛事")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from tournament.access import expire_at_end_of_day

        user_logged_in.connect(expire_at_end_of_day, dispatch_uid="guandan_session_day")
