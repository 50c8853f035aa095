"""docs/rules.md §5: knockout matches of one game or the best of three."""

import pytest

from rules import RuleError, RuleSet, play_match
from rules.messages import Message

from .helpers import EW_TO_A

ONE = RuleSet()
THREE = RuleSet(games=3, three_fouls_defeat=True)
EW_PASSES = f"{EW_TO_A} EW12"  # EW passes A on its first attempt
NS_PASSES = EW_PASSES.replace("EW", "NS")
LEVEL = "EW12 NS12 T"  # 5 and 5 at time


def test_one_game_passed_a():
    result = play_match(ONE, [EW_PASSES])
    assert (result.winner, result.needs_decider, result.decided) == ("EW", None, True)
    assert result.games[0].end_reason == "passed_a"


def test_one_game_won_at_time_by_the_higher_level():
    assert play_match(ONE, ["EW12 NS14 T"]).winner == "EW"


def test_a_level_game_without_decider_is_flagged():
    result = play_match(ONE, [LEVEL])
    assert (result.winner, result.needs_decider, result.decided) == (None, 1, False)


@pytest.mark.parametrize("deciders", [{1: "NS"}, {"1": "ns"}, {1: "南北"}])
def test_the_organizer_records_the_decider(deciders):
    result = play_match(ONE, [LEVEL], deciders)
    assert (result.winner, result.needs_decider, result.game_winners) == ("NS", None, ("NS",))
    assert result.games[0].is_draw  # the game itself stays a draw


@pytest.mark.parametrize(
    ("games", "winner", "wins"),
    [
        ([EW_PASSES, EW_PASSES], "EW", (2, 0)),
        ([EW_PASSES, NS_PASSES, EW_PASSES], "EW", (2, 1)),
        ([NS_PASSES, EW_PASSES, NS_PASSES], "NS", (1, 2)),
        ([EW_PASSES], None, (1, 0)),  # still playing
        ([], None, (0, 0)),
    ],
)
def test_best_of_three(games, winner, wins):
    result = play_match(THREE, games)
    assert result.winner == winner
    assert (result.wins["EW"], result.wins["NS"]) == wins


def test_best_of_three_with_a_decider():
    result = play_match(THREE, [LEVEL, NS_PASSES, "EW13 T"], {1: "EW"})
    assert result.game_winners == ("EW", "NS", "EW")
    assert result.winner == "EW"


def test_a_missing_decider_holds_back_the_winner():
    result = play_match(THREE, [LEVEL, EW_PASSES, EW_PASSES])
    assert (result.winner, result.needs_decider) == (None, 1)


def test_no_game_after_the_match_is_won():
    with pytest.raises(RuleError) as exc:
        play_match(THREE, [EW_PASSES, EW_PASSES, NS_PASSES])
    assert exc.value.code == "too_many_games"
    assert exc.value.params["game"] == 3


def test_an_unfinished_game_is_refused():
    with pytest.raises(RuleError) as exc:
        play_match(THREE, [EW_PASSES, "EW12 NS13"])
    assert exc.value.msg == Message("game_unfinished", {"game": 2})


@pytest.mark.parametrize(
    ("deciders", "code"),
    [({1: "EW"}, "decider_not_needed"), ({2: "EW"}, "bad_decider"), ({0: "EW"}, "bad_decider")],
)
def test_deciders_must_match_a_level_game(deciders, code):
    with pytest.raises(RuleError) as exc:
        play_match(ONE, [EW_PASSES], deciders)
    assert exc.value.code == code


def test_a_forfeit_loses_the_whole_match():
    result = play_match(THREE, ["FF:NS:LATE"])
    assert result.winner == "EW"
    with pytest.raises(RuleError):
        play_match(THREE, ["FF:NS", NS_PASSES])


def test_three_fouls_lose_only_the_game():
    result = play_match(THREE, ["F:NS:D F:NS:D F:NS:D", NS_PASSES])
    assert result.winner is None
    assert result.game_winners == ("EW", "NS")


def test_games_accept_step_lists():
    steps = [{"win": "EW", "partner": 2}] * 5
    assert play_match(ONE, [steps]).winner == "EW"
