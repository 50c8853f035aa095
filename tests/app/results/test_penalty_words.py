"""The penalty shown beside a logged foul comes from the rules (rules.fouls.penalty_words),
chosen by the rule's own effect under the event's options, and is translated on English
pages (the words in one place, not restated in tournament/results/fouls.py)."""

from __future__ import annotations

import pytest

from tests.app.conftest import english  # noqa: F401 - the pending translations compiled in
from tests.conftest import ONE_EVENT
from tournament.results.fouls import penalty_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

# The penalties as the foul log showed them before the words moved to rules/ (unchanged).
FIXED = {
    "card_hiding": "对方升1级，本方降1级",
    "wrong_count": "第1次重打并警告，第2次起每次犯规",
    "signalling": "警告；严重者罚级直至取消资格",
    "other": "按裁判判罚",
}


@pytest.mark.parametrize(
    ("out_of_turn", "delay", "out_of_turn_words", "delay_words"),
    [
        ("foul_plus1", "foul", "对方升1级", "犯规1次"),
        ("warning_or_exposed", "warning", "只作警告（上家管上则为明牌）", "警告；再犯按裁判判罚"),
        ("stop_trick", "warning", "停止本轮出牌，不记犯规", "警告；再犯按裁判判罚"),
    ],
)
def test_each_option_shows_its_penalty(
    tournament, out_of_turn, delay, out_of_turn_words, delay_words
):
    tournament.out_of_turn, tournament.delay = out_of_turn, delay
    expected = FIXED | {"out_of_turn": out_of_turn_words, "time_delay": delay_words}
    assert penalty_text(tournament) == expected


@pytest.mark.usefixtures("english")
def test_the_penalties_read_in_english(tournament):
    tournament.out_of_turn, tournament.delay = "stop_trick", "warning"
    words = penalty_text(tournament)
    assert words["out_of_turn"] == "Play of the trick stops; no foul"
    assert words["time_delay"] == "Warning; again: as the referee decides"
