"""The texts of the messages of the services about people: the event's settings and staff,
registration, sign-up, fees and check-in (see :mod:`tournament.text.messages`)."""

from django.utils.translation import gettext_lazy as _

PEOPLE = {
    # events.staff
    "staff_username_blank": _("请填写用户名"),
    "staff_username_chars": _("用户名只能包含字母、数字和 @ . + - _"),
    "staff_username_long": _("用户名最多150个字符"),
    "staff_role": _("未知的角色“%(role)s”"),
    "staff_tables": _("负责台号格式应为“1-10,15”"),
    "staff_tables_long": _("负责台号太长"),
    "staff_organizer_self": _("组织者本人不需要再添加为裁判"),
    "staff_foreign_rename": _("账号“%(u)s”属于其他赛事或组织者，不能在这里改名"),
    "staff_bad_id": _("无效的人员编号“%(id)s”"),
    "staff_gone": _("该人员已不在本赛事中"),
    "staff_foreign_password": _("账号“%(u)s”属于其他赛事或组织者，不能在这里重置密码"),
    # forms (their own validation)
    "form_blank": _("不能为空"),
    "form_award_format": _("奖项设置格式应为“名称:名额”，用逗号分隔"),
    "form_slug_chars": _(
        "网址代号只能用英文字母、数字、连字符（-）和下划线，不能用汉字或空格；可以用拼音，如：%(hint)s"
    ),
    "form_sponsor_image": _("赞助商图片只能是不超过 %(mb)s MB 的 PNG、JPEG 或 WebP 图片"),
    "form_challenge_wrong": _("验证题答案不对，请看新的题目再答一次"),
    "form_challenge_expired": _("验证题已失效，请看新的题目再答一次"),
    # core.unlock
    "unlock_not_event_staff": _("只能解锁本赛事的裁判人员账号"),
    "unlock_no_account": _("没有账号“%(u)s”"),
    # the read API's refusals (tournament.public.api.endpoints)
    "api_bad_token": _("令牌无效或已停用"),
    "api_no_results": _("没有这一轮的成绩"),
    "api_results_hidden": _("本轮成绩尚未公布"),
    "api_standings_hidden": _("成绩尚未公布"),
    # views: an action the page does not offer, a step the page lost
    "unknown_action": _("未知的操作"),
    "backup_failed": _("备份失败：%(e)s"),
    "import_nothing_pending": _("没有待确认的导入，请重新上传文件"),
    "import_teams_failed": _("导入失败，没有保存任何数据：%(problems)s"),
    "import_results_failed": _("导入失败，没有保存任何成绩：%(problems)s"),
    "api_token_gone": _("没有这个令牌，或它已停用"),
    "one_phone": _("同一部手机不能既录入又确认，请由对方选手用自己的链接确认"),
    # signup.services, signup.bulk
    "signup_limit_event": _("本赛事一小时内收到的报名已达%(n)s个，请稍后再试，或联系组织者。"),
    "signup_limit_address": _(
        "同一网络一小时内最多提交%(n)s个报名，请稍后再试；代多组报名请联系组织者。"
    ),
    "signup_closed": _("报名未开放或已截止"),
    "signup_email_needed": _("本赛事需确认邮箱：请填写选手1的邮箱"),
    "signup_bad_link": _("确认链接无效"),
    "signup_email_done": _("该报名的邮箱已确认过"),
    "signup_edit_closed": _("报名已截止，不能再修改；请联系组织者"),
    "signup_edit_ended": _("该报名已结束，不能修改"),
    "signup_ended": _("该报名已结束"),
    "signup_approve_state": _("只有待审核或待核实的报名可以通过"),
    "signup_reason_needed": _("请填写未通过的原因"),
    "signup_reject_state": _("只有待确认、待核实、待审核或候补的报名可以拒绝"),
    "signup_bulk_pick": _("请选择一个来源地址或一个时段"),
    "signup_bulk_none": _("没有可拒绝的报名（可能已处理）"),
    # signup.fees
    "fee_status": _("未知的缴费状态"),
    "fee_qr_too_big": _("收款码图片不能超过2 MB"),
    "fee_qr_too_large": _("收款码图片尺寸过大"),
    "fee_qr_unreadable": _("无法读取收款码图片，请上传 PNG 或 JPEG"),
    # signup.checkin
    "checkin_foreign_code": _("不是本赛事的检录二维码"),
    "checkin_team_out": _("%(name)s 已退赛或被取消资格，不能检录"),
    "checkin_pick_action": _("请选择缺席或退赛"),
    "checkin_none_missing": _("没有需要处理的未检录组合"),
    "checkin_not_found": _("没有找到该抽签号或名称的参赛组合"),
}
