"""Texts of the team events' messages (tournament.teams), by code."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

TEAMS = {
    "team_not_team_event": _("这个赛事是双人赛，不能报名团体"),
    "pair_in_team_event": _("这个赛事是团体赛，请报名团体，不能单独报名组合"),
    "team_players_count": _("每队应填 %(count)s 名上场队员（每个组合两人）"),
    "team_substitutes_count": _("每队最多 %(count)s 名替补"),
    "team_same_player": _("同一队里有重名的队员：%(names)s"),
    "team_entry_stale": _("这个队刚被别人修改过，请刷新后再改"),
    "team_status_unknown": _("未知的参赛状态"),
    "audit_team_add": _("报名团体 %(team)s"),
    "audit_team_edit": _("修改团体 %(team)s"),
    "audit_team_entry_status": _("团体 %(team)s：%(before)s → %(after)s"),
    "line_up_published": _("第%(n)s轮已经公布，出场名单不能再改"),
    "line_up_size": _("出场名单应有 %(count)s 个组合"),
    "line_up_member": _("出场名单里有不在本队名单上的队员"),
    "line_up_twice": _("一名队员在出场名单里出现了两次：%(name)s"),
    "line_up_no_round": _("没有可以更改出场名单的轮次：比赛已经全部编排完"),
    "audit_line_up": _("%(team)s 第%(n)s轮起的出场名单：%(line_up)s"),
    "event_entry_registered": _("已有报名，不能再更改参赛单位（双人赛或团体赛）或每队组合数"),
    "team_tiebreak_words": _("排名依据里有不认识的项目：%(words)s"),
    "team_sheet_player_file": _("队员“%(name)s”同时在第%(other)s行的队里（同一单位）"),
    "team_sheet_player_db": _("队员“%(name)s”已在“%(team)s”队报名（同一单位）"),
    "audit_team_import": _("从报名表“%(file)s”导入 %(count)s 个团体"),
    "team_query_empty": _("请输入团体的抽签号、队名或队员姓名"),
    "team_query_many": _("“%(query)s”对应%(n)s个团体，如%(teams)s：请输入完整队名或抽签号"),
    "export_not_team_event": _("这个赛事不是团体赛，没有团体记录表"),
    "opt_individual_format": _("个人赛只能用积分编排（瑞士制）或固定轮转"),
    "opt_movement_individuals": _("固定轮转只用于个人赛"),
    "individual_not_individual_event": _("这个赛事不是个人赛，不能单独报名选手"),
    "individual_name_taken": _(
        "“%(name)s”已经报名；同名的选手请在姓名后加以区别，如“王伟（扬州）”"
    ),
    "individual_stale": _("这名选手刚被别人修改过，请刷新后再改"),
    "audit_individual_add": _("报名个人选手 %(name)s"),
    "audit_individual_edit": _("修改个人选手 %(name)s"),
    "audit_individual_status": _("个人选手 %(name)s：%(before)s → %(after)s"),
    "individual_adjust_refused": _("个人赛的对阵不能手动调换；请重新编排本轮"),
    "individual_movement_size": _("固定轮转需要8、12或16名参赛选手，现在有%(n)s名"),
    "individual_query_empty": _("请输入选手的抽签号或姓名"),
    "individual_query_many": _("“%(query)s”对应%(n)s名选手，如%(names)s：请输入完整姓名或抽签号"),
    "individual_sheet_dup_db": _("选手“%(name)s”已经报名"),
    "individual_sheet_dup_file": _("选手“%(name)s”与第%(other)s行重复"),
    "audit_individual_import": _("从报名表“%(file)s”导入 %(count)s 名个人选手"),
    "pair_in_individual_event": _("个人赛的选手单独报名，不能报名组合"),
    "team_adjust_refused": _("团体赛的对阵不能手动调换；要换人请改出场名单，或重新编排本轮"),
}
