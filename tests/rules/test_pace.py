"""Pace alerts (rules.pace): slow tables, idle tables, line times."""

from rules.pace import PaceAlert, TableProgress, line_times, pace_alerts, table_alert


def progress(table=1, ew="2", ns="2", times=(), sheet=True) -> TableProgress:
    return TableProgress(table, ew, ns, tuple(times), has_sheet=sheet)


def test_a_table_on_pace_gives_no_alert():
    # J (index 9) after 15 minutes: 4 more levels at 0.6 a minute, A+ at about minute 22.
    assert table_alert(progress(ew="J", times=(5, 10, 15)), elapsed=16, time_limit=60) is None


def test_a_table_that_will_not_pass_a_in_time_is_slow_with_its_projection():
    alert = table_alert(progress(ns="5", times=(10, 20, 30)), elapsed=31, time_limit=60)
    # 3 levels in 30 minutes: 10 more take 100 minutes, A+ at minute 130.
    assert alert == PaceAlert(1, slow=True, idle=False, projected=130, idle_minutes=1, deals=3)


def test_a_table_that_has_not_climbed_is_slow_without_a_projection():
    alert = table_alert(progress(times=(3, 6, 9)), elapsed=10, time_limit=60)
    assert alert.slow and alert.projected is None


def test_too_few_deals_are_not_judged_but_a_long_silence_is():
    assert table_alert(progress(ew="3", times=(20,)), elapsed=21, time_limit=60) is None
    alert = table_alert(progress(ew="3", times=(20,)), elapsed=35, time_limit=60)
    assert (alert.slow, alert.idle, alert.idle_minutes) == (False, True, 15)


def test_fourteen_minutes_without_a_deal_is_not_yet_idle():
    assert table_alert(progress(ew="K", times=(2, 4, 6)), elapsed=20, time_limit=60) is None


def test_a_table_without_a_sheet_has_no_pace():
    assert table_alert(progress(sheet=False), elapsed=50, time_limit=60) is None


def test_alerts_come_by_table_number():
    tables = [progress(9, times=(1, 2, 3)), progress(2, ew="A"), progress(5, times=(1, 2, 3))]
    alerts = pace_alerts(tables, elapsed=30, time_limit=60)
    expected = [(2, False, True), (5, True, True), (9, True, True)]
    assert [(a.table, a.slow, a.idle) for a in alerts] == expected


def test_unchanged_lines_keep_their_times_and_a_correction_restamps_from_there():
    one, two, three = {"win": "EW", "partner": 2}, {"win": "NS", "partner": 4}, {"time": True}
    assert line_times([], [], [one], "t1") == ["t1"]
    assert line_times([one], ["t1"], [one, two], "t2") == ["t1", "t2"]
    fixed = {"win": "NS", "partner": 3}
    assert line_times([one, two], ["t1", "t2"], [one, fixed, three], "t3") == ["t1", "t3", "t3"]
    assert line_times([one, two], [], [one, two], "t4") == ["t4", "t4"]  # an old sheet
