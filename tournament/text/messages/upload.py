"""Texts of a venue laptop's upload of its results to the association's server
(tournament.exchange.upload_*, tournament.exchange.receive), by code."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

UPLOAD = {
    # The association's server: issuing tokens, receiving a file.
    "audit_upload_token_new": _("新建上传令牌“%(name)s”（赛事 %(slug)s，%(prefix)s…）"),
    "audit_upload_token_off": _("停用上传令牌“%(name)s”（赛事 %(slug)s，%(prefix)s…）"),
    "audit_upload_received": _("收到会场上传的成绩（上传令牌 %(prefix)s…）：%(outcome)s"),
    "upload_token_gone": _("没有这个有效的上传令牌，可能已被停用"),
    "upload_slug_bad": _("赛事网址代号只能用字母、数字、连字符和下划线"),
    "upload_no_token": _("缺少上传令牌（请求头 Authorization: Bearer …）"),
    "upload_bad_token": _("上传令牌无效或已停用"),
    "upload_other_event": _("这个上传令牌属于赛事“%(token)s”，不能上传赛事“%(file)s”的成绩"),
    "upload_too_large": _("上传的成绩文件超过 %(mb)s MB"),
    "upload_not_json": _("上传的内容不是有效的 JSON 成绩文件"),
    "upload_bad_encoding": _("不支持的内容编码：%(encoding)s"),
    "upload_too_often": _("上传过于频繁，请一分钟后再试"),
    "upload_post_only": _("请用 POST 发送成绩文件"),
    # The venue laptop: settings and what a try ended with.
    "upload_unreachable": _("连不上协会服务器：%(why)s"),
    "upload_server_error": _("协会服务器暂时出错（HTTP %(status)s）：%(why)s"),
    "upload_refused": _("协会服务器拒绝了上传（HTTP %(status)s）：%(why)s"),
    "upload_document_failed": _("生成成绩文件时出错（%(why)s），稍后重试"),
    "audit_upload_settings": _("成绩上传到协会服务器 %(server)s（上传令牌 %(prefix)s…）"),
    "audit_upload_off": _("停止上传成绩到协会服务器 %(server)s"),
    "upload_not_configured": _("请先填写协会服务器地址和上传令牌"),
    "upload_url_bad": _("协会服务器地址应以 http:// 或 https:// 开头"),
}
