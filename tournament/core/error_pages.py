"""Service errors an organizer can meet get a clear page (503), not a 500 traceback page.

Vocabulary
----------
service error
    A failure of the machine or a server the app stands on, not of the app: the disk is
    full, the SQLite file is held by another program, PostgreSQL is stopped or ended the
    connection. The request did not save anything (the transaction was rolled back); it
    can be tried again once the cause is gone, and the page says what to do.

Django calls :func:`server_error` (``handler500`` in config/urls.py) for every uncaught
exception, from a view or a middleware, while the exception is being handled, so
:func:`sys.exc_info` names it. It has already been logged (``django.request``). The page
is rendered without the request: no session, no user, nothing that reads the database
that has just failed.
"""

from __future__ import annotations

import errno
import sys

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpResponse, HttpResponseServerError
from django.template import loader
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

DISK_FULL = "disk_full"
LOCKED = "locked"
NO_DATABASE = "no_database"

# Lower-case parts of the messages of sqlite3 and PostgreSQL (psycopg), by problem.
_SIGNS = {
    DISK_FULL: ("database or disk is full", "could not extend file", "no space left on device"),
    LOCKED: ("database is locked",),
    NO_DATABASE: (
        "connection refused",
        "could not connect to server",
        "server closed the connection unexpectedly",
        "terminating connection due to administrator command",
        "the database system is shutting down",
        "the database system is starting up",
        "connection is lost",
        "connection already closed",
        "connection failed",
    ),
}


def problem_of(exc: BaseException | None) -> str | None:
    """The service error that ``exc`` (or an exception it came from) is, or None."""
    seen = 0
    while exc is not None and seen < 5:
        if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
            return DISK_FULL
        if isinstance(exc, DatabaseError) or type(exc).__module__.startswith(
            ("sqlite3", "psycopg")
        ):
            text = str(exc).lower()
            for problem, signs in _SIGNS.items():
                if any(sign in text for sign in signs):
                    return problem
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return None


def advice(problem: str) -> tuple[str, list[str]]:
    """The page's heading and what to do, for a problem of :func:`problem_of`."""
    if problem == DISK_FULL:
        return _("服务器磁盘已满，刚才的操作没有保存"), [
            # The copy's own backup folder (an installed copy has no var/backups/), not
            # made here: a full disk may refuse a new folder.
            _(
                "请组织者清理服务器电脑的磁盘空间：删除不需要的大文件，或把 %(folder)s 中较早的备份复制到U盘后删除。"
            )
            % {"folder": settings.BACKUP_DIR},
            _("空间够了以后，返回上一页重新提交即可，已保存的成绩不受影响。"),
        ]
    if problem == LOCKED:
        return _("数据库正忙，刚才的操作没有保存"), [
            _("另一项保存正在进行。请等几秒钟，返回上一页重新提交。"),
            _(
                "若反复出现：请关闭正在打开数据库文件（db.sqlite3）的其他程序，例如数据库查看工具或复制文件的程序。"
            ),
        ]
    return _("无法连接数据库，刚才的操作没有保存"), [
        _("数据库服务器（PostgreSQL）没有运行或刚刚重启。请组织者检查并启动它。"),
        _("数据库恢复后，返回上一页重新提交即可，已保存的成绩不受影响。"),
    ]


@requires_csrf_token
def server_error(request, template_name: str = "500.html") -> HttpResponse:
    """``handler500``: a 503 page for a service error, Django's plain 500 page otherwise."""
    problem = problem_of(sys.exc_info()[1])
    if problem is None:
        return HttpResponseServerError(
            "<h1>Server Error (500)</h1>", content_type="text/html; charset=utf-8"
        )
    heading, steps = advice(problem)
    body = loader.get_template("503.html").render({"heading": heading, "steps": steps})
    response = HttpResponse(body, status=503)
    response["Retry-After"] = "10"
    return response
