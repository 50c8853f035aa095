"""备份 page of an event: the organizer sees the backups of the whole database (time of
the last one, each file with its size, the last failure) and downloads their event's
archive; the site's administrator also downloads a backup and makes one now (立即备份).

A backup holds every event of this server, every account's password hash and the secret
key (which signs sessions and password-reset links). It is downloaded, and made on
demand, only by the site's administrator (a superuser), on every server: an organizer
who owns every event is still not entitled to the others' accounts and the key. On the
venue laptop the files are in the data folder's ``backups`` and ``guandan backup`` makes one;
the page says how to restore one on another laptop, in this copy's own commands.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib import messages
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from guandan.guandan_command import rerun
from guandan.startup import typed
from tournament.backups import create as backups
from tournament.backups.files import MSG_BUSY
from tournament.core.errors import ServiceError
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import load_tournament
from tournament.text.messages import render as render_message

MSG_FAILED = "backup_failed"  # message code: text in tournament/text/messages/people.py

log = logging.getLogger("guandan.backup")


def may_download(user) -> bool:
    """Whether ``user`` may carry away the whole database, or make a copy of it on demand
    (see the module docstring)."""
    return user.is_authenticated and user.is_superuser


@require_http_methods(["GET", "POST"])
def backup_list(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    if request.method == "POST":
        if not may_download(request.user):
            raise Http404
        try:
            path = backups.make_backup_on_demand(keep=settings.AUTO_BACKUP_KEEP)
        except ServiceError as exc:
            # Refused, not failed: another backup runs, or a minute-old one is there (each
            # holds the same data).
            if exc.msg.code in (MSG_BUSY, backups.MSG_TOO_SOON):
                messages.warning(request, str(exc))
            else:
                log.error("backup from the page failed: %s", exc)
                messages.error(request, render_message(MSG_FAILED, e=exc.msg))
        else:
            messages.success(request, _("已备份：%(name)s") % {"name": path.name})
        return redirect("backups", slug=slug)
    files = backups.list_backups()
    context = {
        "t": tournament,
        "files": files,
        "last": files[0] if files else None,
        "error": backups.last_error(),
        "may_download": may_download(request.user),
        **_texts(files, backups.last_error()),
    }
    return render(request, "backups/backups.html", context)


def _texts(files: list, error: dict | None) -> dict:
    """The page's sentences (long ones, with figures in them)."""
    texts = {
        "where_text": _(
            "备份包含本服务器的全部赛事、账号和密钥，保存在 %(folder)s。请不时复制到U盘并妥善保管。"
        )
        % {"folder": backups.backup_dir()},
        # The steps themselves, in this copy's commands: an installed copy has no docs/
        # folder to be sent to.
        "recover_text": _(
            "电脑出故障时，在另一台装好本程序、还没有数据的电脑上运行下面两条命令"
            "（文件名换成U盘上备份文件的路径），赛事、账号和密钥都会恢复，"
            "已打印的检录二维码和选手纸条继续有效："
        ),
        "recover_commands": [
            typed(f"restore {files[0].name if files else 'guandan-backup-….zip'}"),
            rerun("serve", "host", "0.0.0.0"),
        ],
        "no_download_text": _(
            "整库备份含所有账号的密码摘要和密钥，只能由管理员下载。"
            "您可以下载本赛事的存档（含成绩和审计记录）："
        ),
        "auto_text": _(
            "自动备份已开启：每轮发布和锁定时，以及有轮次进行中时每%(m)s分钟；"
            "保留最近%(k)s份，另保留当天发布和锁定时的备份。"
        )
        % {"m": settings.AUTO_BACKUP_MINUTES, "k": settings.AUTO_BACKUP_KEEP}
        if settings.AUTO_BACKUP
        else _("自动备份未开启（设置 AUTO_BACKUP=1 开启）。"),
    }
    if files:
        made = timezone.localtime(files[0].made_at)
        texts["last_text"] = _("最近一次备份：%(at)s（%(ago)s前）") % {
            "at": f"{made:%Y-%m-%d %H:%M:%S}",
            "ago": timesince(made),
        }
    if error:
        texts["error_text"] = _("最近一次备份失败（%(at)s）：%(e)s") % {
            "at": f"{timezone.localtime(error['at']):%m-%d %H:%M}",
            "e": error["error"],
        }
    return texts


@require_GET
def backup_download(request, slug, name):
    load_tournament(request, slug, ORGANIZER)
    if not may_download(request.user):
        raise Http404
    found = [b for b in backups.list_backups() if b.name == name]
    if not found:
        raise Http404
    log.info("backup %s downloaded by %s", name, request.user.get_username())
    return FileResponse(
        open(found[0].path, "rb"),  # noqa: SIM115 - FileResponse closes it
        as_attachment=True,
        filename=name,
        content_type="application/zip",
    )
