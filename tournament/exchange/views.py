"""The exchange file's download (成绩交换文件), offered on the event's 打印/导出 page beside the
event archive: the chief referee and the organizer take it, as they take the archive (it
holds the players' phones and 会员号)."""

from __future__ import annotations

import io

from django.http import FileResponse
from django.views.decorators.http import require_GET

from tournament.core.rights import CHIEF_REFEREE
from tournament.core.view_helpers import load_tournament
from tournament.exchange.document import event_document
from tournament.exchange.files import CONTENT_TYPE, dumps, file_name


@require_GET
def exchange_download(request, slug):
    tournament = load_tournament(request, slug, CHIEF_REFEREE)
    data = io.BytesIO(dumps(event_document(tournament)))
    return FileResponse(
        data, as_attachment=True, filename=file_name(tournament), content_type=CONTENT_TYPE
    )
