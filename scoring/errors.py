"""The one exception of the scoring core and the codes of its messages.

A :class:`ScoringError` carries a code (one of the constants below) and a ``detail`` that
says which value was wrong, for logs; its ``msg`` is the :class:`~rules.messages.Message`
the Django layer renders in the reader's language (``tournament.messages``). The app and
the tests import the constants instead of typing the codes again.

>>> err = ScoringError(BOTH_PASSED_A, detail="ew='A+' ns='A+'")
>>> err.msg
Message(code='scoring_both_passed_a', params={'detail': "ew='A+' ns='A+'"})
>>> str(err)
"scoring_both_passed_a (ew='A+' ns='A+')"
"""

from __future__ import annotations

from rules.messages import Message


class ScoringError(ValueError):
    """Input that cannot be scored: an unknown system, two pairs past A, …"""

    def __init__(self, code: str, *, detail: str = "") -> None:
        self.code = code
        self.detail = detail
        self.msg = Message(code, {"detail": detail})
        super().__init__(f"{code} ({detail})" if detail else code)


UNKNOWN_SYSTEM = "scoring_unknown_system"
# A series' points table (scoring.series_points).
BAD_SERIES_CONFIG = "scoring_bad_series_config"
UNKNOWN_EVENT_CLASS = "scoring_unknown_event_class"
UNKNOWN_BYE_POLICY = "scoring_unknown_bye_policy"
UNKNOWN_METRIC = "scoring_unknown_metric"
DUPLICATE_METRIC = "scoring_duplicate_metric"
BAD_LEVEL = "scoring_bad_level"
LEVELS_REQUIRED = "scoring_levels_required"
BOTH_PASSED_A = "scoring_both_passed_a"
BAD_SIDE = "scoring_bad_side"
BAD_FORFEIT = "scoring_bad_forfeit"
BAD_DEFEAT = "scoring_bad_defeat"
FORFEIT_AND_DEFEAT = "scoring_forfeit_and_defeat"
BYE_WITH_OPPONENT = "scoring_bye_with_opponent"
BYE_WITH_FORFEIT = "scoring_bye_with_forfeit"
BAD_ROUND = "scoring_bad_round"
SELF_MATCH = "scoring_self_match"
PLAYED_TWICE = "scoring_played_twice"
BAD_FOULS = "scoring_bad_fouls"
BAD_TIERS = "scoring_bad_tiers"
BAD_BEST_K = "scoring_bad_best_k"
BAD_LOT_SEED = "scoring_bad_lot_seed"
BAD_OPTION = "scoring_bad_option"
BAD_PASS_UPGRADE = "scoring_bad_pass_upgrade"
TEAM_SELF_MATCH = "scoring_team_self_match"
TEAM_TABLES = "scoring_team_tables"
TEAM_PLAYED_TWICE = "scoring_team_played_twice"
INDIVIDUAL_TABLE = "scoring_individual_table"
INDIVIDUAL_METRIC = "scoring_individual_metric"
