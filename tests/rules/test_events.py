"""Events: what each step did, as the referee reads it back."""

from .helpers import EW_TO_A, play


def test_a_worked_match_reads_back_step_by_step():
    # three_back_to_2: EW reaches A, fails three times (back to 2), NS then passes A.
    state = play(f"{EW_TO_A} NS14 EW14 EW14 NS13 NS12 NS12 NS13 NS12", a_fail="three_back_to_2")
    lines = [(e.step, e.code, e.text) for e in state.events]
    assert lines == [
        (0, "upgrade", "EW won 1–2: +3, now at 5"),
        (1, "upgrade", "EW won 1–2: +3, now at 8"),
        (2, "upgrade", "EW won 1–2: +3, now at J"),
        (3, "upgrade", "EW won 1–2: +3, now at A"),
        (4, "upgrade", "NS won 1–4: +1, now at 3"),
        (4, "attempt_failed", "EW: attempt at A failed (1 of 3)"),
        (5, "stays_at_a", "EW won 1–4, not at its own A: stays at A and plays its own A next"),
        (6, "attempt_failed", "EW: attempt at A failed (2 of 3)"),
        (7, "upgrade", "NS won 1–3: +2, now at 5"),
        (7, "attempt_failed", "EW: attempt at A failed (3 of 3)"),
        (7, "back_to_level", "EW: third failed attempt at A, back to 2"),
        (8, "upgrade", "NS won 1–2: +3, now at 8"),
        (9, "upgrade", "NS won 1–2: +3, now at J"),
        (10, "upgrade", "NS won 1–3: +2, now at K"),
        (11, "upgrade_capped", "NS won 1–2: +3 stops at A (A must be played)"),
    ]
    assert not state.finished
    passed = state.apply({"win": "NS", "partner": 3})
    assert passed.events[-1].text == "NS won 1–3 at A: passed A, wins the match"
    assert passed.events[-1].text_zh == "南北打A 1–3胜：过A，本场获胜"


def test_fouls_and_forfeits_read_back_in_both_languages():
    state = play("F:NS:O W:EW:S FF:EW:LATE")
    assert [(e.code, e.text_zh) for e in state.events] == [
        ("foul", "南北犯规：越序出牌（本场第1次）"),
        ("level_change", "东西+1级：2→3"),
        ("warning_only", "东西警告：暗示/暴露牌"),
        ("forfeit", "东西弃权（迟到弃权）"),
    ]
    assert state.events[-1].text == "EW forfeits the match (late arrival)"
