"""The score sheet's fouls note comes from the event's options: each profile's
sheet, printed and read back, states its own two-warnings and defeat rules."""

from __future__ import annotations

import pytest

from rules.profiles import PROFILES, profile_options
from tests.app.printing.test_scoring_note import first_sheet
from tests.conftest import ONE_EVENT

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures(ONE_EVENT)]

# Profile → (printed, not printed), by docs/rules.md §7.2–§7.3 and §13.
EXPECTED = {
    "swiss_points26": (
        ["一副中两次越序出牌手势警告计一次犯规", "一场三次藏牌判负"],
        ["一轮三次犯规判负"],
    ),
    "swiss_match_points": (["一场三次藏牌判负；一轮三次犯规判负"], ["两次"]),
    "rotation_hundred": (["一场三次藏牌判负"], ["两次", "一轮三次犯规判负"]),
    "knockout": (["一副中两次越序出牌手势警告计一次犯规"], ["一轮三次犯规判负"]),
}


def test_every_profile_is_checked():
    assert set(EXPECTED) == set(PROFILES)


@pytest.mark.parametrize("profile", sorted(EXPECTED))
def test_each_profiles_sheet_prints_its_own_foul_rules(tournament, pairs8, make_round, profile):
    options = profile_options(profile)
    fields = {f.name for f in tournament._meta.get_fields()}
    chosen = {k: v for k, v in options.items() if k in fields and k not in ("format", "rounds")}
    text = first_sheet(tournament, pairs8, make_round, **chosen)
    printed, absent = EXPECTED[profile]
    for words in printed:
        assert words in text, profile
    for words in absent:
        assert words not in text, profile


def test_the_any_warnings_option_prints_its_rule(tournament, pairs8, make_round):
    text = first_sheet(tournament, pairs8, make_round, two_warnings="any")
    assert "一副中任意两次警告计一次犯规" in text
