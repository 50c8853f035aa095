"""The texts of the services' messages, by code (see :mod:`tournament.messages`)."""

from django.utils.translation import gettext_lazy as _

SERVICES = {
    # results
    "stale": _("该台成绩已被他人修改（现在的成绩见下方），您的修改没有保存，请核对后重新提交"),
    "self_confirm": _("不能确认自己录入的成绩，请由裁判长、其他裁判或对方选手确认"),
    "no_right": _("没有权限"),
    "bye": _("轮空不需要录入成绩"),
    "nothing_to_confirm": _("该台还没有可确认的成绩"),
    "not_your_table": _("您没有被分配到第%(table)s台，请由负责该台的裁判或裁判长录入"),
    "knockout_draw": _("淘汰赛不能打平：请填写加赛（或加一副）的胜方"),
    "dispute": _("与先前录入的成绩不一致，已标记为争议，请裁判长裁决"),
    "no_such_entry": _("没有找到要采用的录入，请刷新页面"),
    "already_confirmed": _("该台成绩已确认；如需更正请联系裁判长"),
    "sheet_closed": _("该台成绩已录入，不能再修改记录表；如需更正请联系裁判长"),
    "fouls_on_record": _("本台已在犯规记录中登记了犯规，请继续用终局级数录入，或请裁判长处理"),
    "fouls_kept": _("犯规和警告记录不能撤销；如需更正请联系裁判长"),
    "fouls_by_button": _("犯规和警告请用“犯规”按钮登记，以便写入犯规记录"),
    # results_check
    "bad_forfeit": _("弃权方只能是东西、南北或双方"),
    "bad_fouls": _("犯规次数应为0到9之间的整数"),
    "levels_needed": _("请填写双方级数（或选择弃权）"),
    "decider_only_level": _("只有打平的比赛才需要填写加赛胜方"),
    "forfeit_levels": _("弃权的比赛没有终局级数：请选择弃权或填写级数，不要同时填写"),
    "equal_needs_time": _("双方级数相同，只能是到时结束：请勾选“到时”，或核对级数"),
    "pass_how": _("只有一方过A时才能选择过A方式，且须符合本赛事的过A条件"),
    "result_not_finished": _("比赛尚未结束：还没有一方过A，也没有到时。请继续记录或选择“到时”"),
    "both_three_fouls": _("双方都犯规三次：请裁判长按双方弃权处理"),
    "sheet_step": _("第%(n)s条记录：%(error)s"),
    # rounds
    "stale_round": _("本轮状态已被他人修改，请刷新页面"),
    "duplicates": _("对阵表中有组合重复或遗漏，不能公布：%(detail)s"),
    # pairing
    "previous_open": _("第%(n)s轮尚未锁定，锁定后才能编排下一轮"),
    "draft_exists": _("第%(n)s轮对阵尚未公布，请先公布或重新编排"),
    "all_done": _("所有阶段的轮次都已编排完毕"),
    "no_draw": _("第一轮按抽签号编排，请先抽签"),
    "too_few": _("参赛组合不足2对，无法编排"),
    "draw_started": _("已经开始编排，不能重新抽签"),
    "draft_only": _("只有未公布的轮次可以重新编排"),
    "draw_number_started": _("已经开始编排，不能再改抽签号"),
    "draw_number_range": _("抽签号应在1到%(count)s之间"),
    # stages
    "stage_played": _("该阶段已经开始比赛，不能删除"),
    "stage_qualify": _("晋级人数应为1到%(n)s之间的整数"),
    "stage_rounds": _("阶段轮数应为1到%(n)s之间的整数"),
    "stage_name": _("阶段名称最多%(n)s个字"),
    "stage_kind": _("未知的赛制"),
    "knockout_over": _("淘汰赛已全部结束"),
    "knockout_waiting": _("还有比赛没有决出胜负，请先确认成绩"),
    # views (parsing a form)
    "draw_number_missing": _("请填写抽签号"),
    "adjust_pick": _("请选择要调整的组合"),
    "qualify_int": _("晋级人数应为整数"),
    "playoff_pick": _("加赛台次或胜方无效"),
    "no_playoff_tie": _("没有需要加赛的并列"),
    "qualify_how": _("未知的晋级方式"),
}
