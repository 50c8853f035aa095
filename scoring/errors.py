"""The one exception of the scoring core and its messages.

Messages are module constants so that the Django adapter and the tests can import them
instead of repeating the text. ``message_zh`` is what an organizer sees; ``detail`` says
which value was wrong (for logs and for English readers).
"""

from __future__ import annotations

from rules.messages import Message


class ScoringError(ValueError):
    """Input that cannot be scored: an unknown system, two pairs past A, …

    >>> err = ScoringError(BOTH_PASSED_A, detail="ew='A+' ns='A+'")
    >>> err.message_zh
    '双方不可能都过A'
    >>> str(err)
    "双方不可能都过A (ew='A+' ns='A+')"
    """

    def __init__(self, message_zh: str, *, detail: str = "") -> None:
        self.message_zh = message_zh
        self.detail = detail
        # The code is the constant's name in lower case: ``BOTH_PASSED_A`` → ``scoring_both_passed_a``.
        self.msg = Message(_CODES.get(message_zh, message_zh), {"detail": detail})
        super().__init__(f"{message_zh} ({detail})" if detail else message_zh)


UNKNOWN_SYSTEM = "未知的计分方法"
UNKNOWN_BYE_POLICY = "未知的轮空计分方式"
UNKNOWN_METRIC = "未知的名次排序指标"
DUPLICATE_METRIC = "名次排序指标重复"
BAD_LEVEL = "级数无效"
LEVELS_REQUIRED = "未弃权、未判负的比赛必须填写双方级数"
BOTH_PASSED_A = "双方不可能都过A"
BAD_SIDE = "方位必须是东西(EW)或南北(NS)"
BAD_FORFEIT = "弃权方必须是东西(EW)、南北(NS)或双方(both)"
BAD_DEFEAT = "判负须写明负方（EW/NS）与原因（three_fouls/three_hidden/late）"
FORFEIT_AND_DEFEAT = "同一场比赛不能既弃权又判负"
BYE_WITH_OPPONENT = "轮空的一方没有对手"
BYE_WITH_FORFEIT = "轮空不能弃权或判负"
BAD_ROUND = "轮次必须是正整数"
SELF_MATCH = "一对选手不能与自己比赛"
PLAYED_TWICE = "同一轮中一对选手出现了两次"
BAD_FOULS = "犯规次数必须是非负整数"
BAD_TIERS = "奖项设置无效：每个奖项须有名称和正整数名额"
BAD_BEST_K = "单位团体计分对数必须是正整数"
BAD_LOT_SEED = "抽签种子必须是整数"
BAD_OPTION = "计分选项无效"
BAD_PASS_UPGRADE = "过A一副的升级数必须是1到5的整数，且只能与A+一起填写"


# Code of each message above, for :class:`~rules.messages.Message` (built once, never typed twice).
_CODES = {
    text: "scoring_" + name.lower() for name, text in dict(globals()).items() if name.isupper()
}
