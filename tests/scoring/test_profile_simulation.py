"""Each profile end to end in the pure packages: sheets replayed by ``rules`` under the
profile, scored by ``scoring``, and the documents' numbers come out.
"""

from __future__ import annotations

from rules import RuleSet, play_match, replay
from rules.profiles import profile_options
from scoring import MatchRecord, ScoreOptions, rotation_totals, score_match

# A 1–2 win every deal: 2 → 5 → 8 → J → A, then a 1–2 at A passes it (+3).
SWEEP = "EW12 EW12 EW12 EW12 EW12"


def _record(rnd: int, ew: str, ns: str, rules: RuleSet, sheet: str) -> MatchRecord:
    """Replay one table's sheet and write it as the app would store it."""
    state = replay(rules, sheet)
    assert state.finished
    defeat = (state.forfeit_by, state.end_reason) if state.end_reason == "three_fouls" else None
    return MatchRecord(
        rnd,
        ew=ew,
        ns=ns,
        ew_level=state.ew,
        ns_level=state.ns,
        defeat=defeat,
        pass_upgrade=state.pass_upgrade,
    )


def test_rotation_hundred_reaches_345_in_three_rounds():
    # 《扑克牌（掼蛋）比赛规则》: "三轮得分的总和即为总得分。最高分：345分，最低分：0分。"
    rules = RuleSet.profile("rotation_hundred")
    options = profile_options("rotation_hundred")
    assert options["scoring"] == "hundred_plus" and options["rounds"] == 3
    # A group of four: "a" sweeps every round with 双下 (opponents stay at 2).
    schedule = [(1, "a", "b", "c", "d"), (2, "a", "c", "b", "d"), (3, "a", "d", "b", "c")]
    records = []
    for rnd, p1, p2, p3, p4 in schedule:
        records.append(_record(rnd, p1, p2, rules, SWEEP))
        records.append(_record(rnd, p3, p4, rules, "EW12 NS13 EW14 T"))
    rows = {row.pair: row for row in rotation_totals(records, dict.fromkeys("abcd", 1))}
    assert rows["a"].rounds == (115, 115, 115)
    assert rows["a"].total == 345
    # Without the recorded upgrade a pass counts as A+ = 13: 113 a round, 339 at most.
    plain = [MatchRecord(r.round, r.ew, r.ns, r.ew_level, r.ns_level) for r in records]
    assert {row.pair: row.total for row in rotation_totals(plain, dict.fromkeys("abcd", 1))}[
        "a"
    ] == 339


def test_score_match_counts_a_pass_as_a_plus_its_upgrade_capped_at_15():
    s = score_match("hundred_plus", ew="A+", ns="2", pass_upgrade=3)
    assert (s.ew_points, s.ns_points, s.level_difference) == (115, 0, 15)
    assert score_match("hundred_plus", ew="A+", ns="2").ew_points == 113
    assert score_match("hundred_plus", ew="A+", ns="2", pass_upgrade=5).ew_points == 115
    assert score_match("hundred_plus", ew="A+", ns="4", pass_upgrade=1).ew_points == 111
    assert score_match("hundred_plus", ew="J", ns="A+", pass_upgrade=2).ns_points == 105


def test_the_hundred_plus_forfeit_score_is_an_option():
    s = score_match("hundred_plus", ew="5", ns=None, forfeit="NS")
    assert (s.ew_points, s.ew_level_points) == (105, 5)
    s = score_match(
        "hundred_plus", ew=None, ns=None, forfeit="NS", options=ScoreOptions(hundred_forfeit=112)
    )
    assert (s.ew_points, s.ns_points, s.ew_level_points) == (112, 0, 12)


def test_three_fouls_give_2_0_and_10_only_under_swiss_match_points():
    # 《掼蛋比赛竞赛细则》 (docs/rules.md §7.3): "對手本輪得分為大分2：0，級差分…" — three fouls lose the round.
    sheet = "EW12 F:NS:D F:NS:S F:NS:D NS12 T"
    scores = {}
    for name in ("swiss_points26", "swiss_match_points", "rotation_hundred", "knockout"):
        rules = RuleSet.profile(name)
        options = profile_options(name)
        state = replay(rules, sheet if name != "swiss_match_points" else sheet[: -len(" NS12 T")])
        defeat = (state.forfeit_by, state.end_reason) if state.end_reason == "three_fouls" else None
        s = score_match(options["scoring"], ew=state.ew, ns=state.ns, defeat=defeat)
        scores[name] = (s.ew_points, s.ns_points, s.ew_level_points, s.ns_level_points)
    assert scores["swiss_match_points"] == (2, 0, 10, -10)
    assert scores["swiss_points26"] == (13, 13, 0, 0)  # 5 : 5 at time, no defeat
    assert scores["knockout"] == (1, 1, 0, 0)
    assert scores["rotation_hundred"] == (3, 3, 0, 0)


def test_a_knockout_tie_at_time_is_decided_by_the_pair_downstage():
    # 《青阳路社区迎新春牌类比赛活动计划》 (docs/rules.md §5.3): "以最先打到A或打到相同數字的在臺下為勝，敗者淘汰，勝者進入下一輪。"
    rules = RuleSet.profile("knockout")
    # EW reaches 5 first; NS catches up to 5 with the last deal: EW is 台下 and advances.
    result = play_match(rules, ["EW12 NS12 T"])
    assert result.winner == "EW"
    assert result.needs_decider is None
    # The Swiss profile of 《掼蛋比赛竞赛细则》 calls the same sheet a draw, which needs a decider.
    assert play_match(RuleSet.profile("swiss_match_points"), ["EW12 NS12 T"]).needs_decider == 1
