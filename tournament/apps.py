from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("赛事")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from axes.signals import user_locked_out
        from django.contrib.auth.signals import user_logged_in, user_login_failed
        from django.core.signals import request_started

        from tournament.backups import auto as backup_auto
        from tournament.core import login_lockout, milestones, proxy_check
        from tournament.core.session_expiry import expire_at_end_of_day
        from tournament.exchange import admin_upload, upload_send

        user_logged_in.connect(expire_at_end_of_day, dispatch_uid="guandan_session_day")
        user_logged_in.connect(login_lockout.remember_browser, dispatch_uid="guandan_device")
        user_login_failed.connect(
            login_lockout.count_browser_failure, dispatch_uid="guandan_dev_fail"
        )
        user_locked_out.connect(login_lockout.count_lockout, dispatch_uid="guandan_lockout_step")
        milestones.register(backup_auto.start)  # publish, lock and results back up
        admin_upload.register()  # a laptop's uploads, read-only (tournament/admin.py is full)
        milestones.on_round_locked(upload_send.mark_due)  # a lock: the upload is due
        request_started.connect(upload_send.resume_all, dispatch_uid="guandan_upload_resume")
        proxy_check.warn_at_start()  # its system check is registered by the import
