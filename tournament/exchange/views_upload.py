"""The organizer's page of the event's upload to the association's server: the server's
address and the upload token, where the sending stands, 立即上传 and 停止上传."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.core.actors import request_actor
from tournament.core.rights import ORGANIZER
from tournament.core.view_helpers import load_tournament
from tournament.exchange import upload_send
from tournament.exchange.upload_settings import UploadForm, upload_configure, upload_of, upload_off


@require_http_methods(["GET", "POST"])
def upload_settings(request, slug):
    tournament = load_tournament(request, slug, ORGANIZER)
    upload = upload_of(tournament)
    action = request.POST.get("action", "save")
    if request.method == "POST" and action == "send":
        upload_send.send_now(tournament)
        messages.success(request, _("已开始上传；结果见下方状态"))
        back = "tournament_detail" if request.POST.get("back") == "event" else "upload_settings"
        return redirect(back, slug=slug)
    if request.method == "POST" and action == "off":
        upload_off(tournament=tournament, by=request_actor(request))
        messages.success(request, _("已停止上传，上传令牌已从本机删除"))
        return redirect("upload_settings", slug=slug)
    initial = {"server_url": upload.server_url} if upload is not None else {}
    form = UploadForm(request.POST or None, upload=upload, initial=initial)
    if request.method == "POST" and form.is_valid():
        upload_configure(
            tournament=tournament,
            server_url=form.cleaned_data["server_url"],
            token=form.cleaned_data["token"],
            by=request_actor(request),
        )
        messages.success(request, _("上传设置已保存，正在上传已锁定的轮次"))
        return redirect("upload_settings", slug=slug)
    if request.method == "GET":
        upload_send.kick_if_due(tournament)
    return render(
        request, "exchange/upload.html", {"t": tournament, "upload": upload, "form": form}
    )
