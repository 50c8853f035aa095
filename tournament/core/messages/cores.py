"""The texts of the cores' messages (``rules``, ``scoring``, ``pairing``), by code.

The cores raise errors whose ``.msg`` is a :class:`rules.messages.Message`; this table turns
its code into a translatable text. Placeholders are ``%(name)s`` so that the English
catalogue can reorder them. A parameter ``x_zh`` is the Chinese twin of ``x`` (a reason, a
kind of foul): :func:`tournament.core.messages.render` swaps in ``x`` outside Chinese.
"""

from django.utils.translation import gettext_lazy as _

RULES = {
    "after_end": _("本场比赛已结束（%(reason_zh)s），不能再记录。"),
    "bad_step": _("无法识别此记录：%(step)r。应为牌局、罚级、犯规、警告、弃权或到时。"),
    "bad_side": _("未知方位“%(value)s”：请用东西（EW）或南北（NS）。"),
    "bad_partner": _("头游对家的名次只能是2、3或4（收到：%(value)s）。"),
    "bad_level": _("“%(value)s”不是有效级数：请用2–10、J、Q、K、A或A+（过A）。"),
    "bad_levels": _("升降级数必须是-12到12之间的非零整数（收到：%(value)s）。"),
    "bad_kind": _("未知的%(what_zh)s类型“%(value)s”；可用：%(allowed)s。"),
    "levels_not_allowed": _("“%(kind_zh)s”的判罚是固定的，不能另给升降级数。"),
    "bad_reason": _("未知的结束原因“%(value)s”；可用：%(allowed)s。"),
    "not_finished": _("本场比赛尚未结束：须有一方过A、到时或弃权后才有结果。"),
    "both_passed_a": _("双方不可能都过A：一方过A时比赛即结束。"),
    "needs_time": _("双方均未过A（%(ew)s–%(ns)s）：只有到时结束的比赛才能这样记分。"),
    "bad_option": _("未知的规则选项“%(name)s”；可用：%(allowed)s。"),
    "bad_option_value": _("规则选项“%(name)s”不能为%(value)r；可用：%(allowed)s。"),
    "bad_token": _(
        "第%(position)s项“%(token)s”（第%(column)s列）无法识别；应为如 EW12、NS14、+NS、-2EW、F:NS:O、W:EW:O、FF:NS:LATE 或 T。"
    ),
    "game_unfinished": _("第%(game)s局尚未结束：须有一方过A、到时（T）或弃权。"),
    "too_many_games": _("第%(game)s局不应进行：%(best_of)s局制比赛在第%(after)s局后已决出胜负。"),
    "bad_decider": _("记录了第%(game)s局的加赛结果，但没有这一局。"),
    "decider_not_needed": _("第%(game)s局并非到时打平，无需加赛。"),
}

SCORING = {
    "scoring_unknown_system": _("未知的计分方法"),
    "scoring_unknown_bye_policy": _("未知的轮空计分方式"),
    "scoring_unknown_metric": _("未知的名次排序指标"),
    "scoring_duplicate_metric": _("名次排序指标重复"),
    "scoring_bad_level": _("级数无效"),
    "scoring_levels_required": _("未弃权、未判负的比赛必须填写双方级数"),
    "scoring_both_passed_a": _("双方不可能都过A"),
    "scoring_bad_side": _("方位必须是东西(EW)或南北(NS)"),
    "scoring_bad_forfeit": _("弃权方必须是东西(EW)、南北(NS)或双方(both)"),
    "scoring_bad_defeat": _("判负须写明负方（EW/NS）与原因（three_fouls/three_hidden/late）"),
    "scoring_forfeit_and_defeat": _("同一场比赛不能既弃权又判负"),
    "scoring_bye_with_opponent": _("轮空的一方没有对手"),
    "scoring_bye_with_forfeit": _("轮空不能弃权或判负"),
    "scoring_bad_round": _("轮次必须是正整数"),
    "scoring_self_match": _("一对选手不能与自己比赛"),
    "scoring_played_twice": _("同一轮中一对选手出现了两次"),
    "scoring_bad_fouls": _("犯规次数必须是非负整数"),
    "scoring_bad_tiers": _("奖项设置无效：每个奖项须有名称和正整数名额"),
    "scoring_bad_best_k": _("单位团体计分对数必须是正整数"),
    "scoring_bad_lot_seed": _("抽签种子必须是整数"),
    "scoring_bad_option": _("计分选项无效"),
    "scoring_bad_pass_upgrade": _("过A一副的升级数必须是1到5的整数，且只能与A+一起填写"),
}

PAIRING = {
    # An error that carries its own two sentences (English ``text``, Chinese ``text_zh``).
    "pairing_text": _("%(text_zh)s"),
    "pairing_option": _("选项 %(name)s 的取值无效：%(value)s（可选：%(allowed)s）"),
    "pairing_too_few": _("至少需要 %(minimum)s 对选手，目前只有 %(count)s 对"),
    "pairing_group_size": _("%(count)s对无法分成3对或4对一组，请调整参赛组合数"),
    "pairing_group_count": _("%(count)s对应分为%(groups)s组，而不是%(asked)s组"),
    "pairing_no_draw": _("以下选手尚未抽签：%(missing)s"),
    "pairing_draw_clash": _("有两对选手的抽签号相同"),
}
