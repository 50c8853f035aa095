"""Routes of the backups page."""

from django.urls import path

from tournament.backups import views as backups
from tournament.core.routes import T

urlpatterns = [
    path(T + "backups/", backups.backup_list, name="backups"),
    path(T + "backups/<str:name>", backups.backup_download, name="backup_download"),
]
