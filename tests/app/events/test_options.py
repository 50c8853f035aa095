"""Option validation: incompatible combinations are refused with a reason."""

import pytest

from tournament.core.errors import FieldErrors
from tournament.events.services import tournament_create
from tournament.text.messages import render
from tournament.text.options import parse_award_tiers, validate_options


def messages(opts):
    return [render(p.message) for p in validate_options(opts)]


def test_defaults_are_valid():
    assert validate_options({}) == []


@pytest.mark.parametrize(
    ("opts", "fragment"),
    [
        ({"format": "rotation", "rounds": 5}, "固定打3轮"),
        ({"games": 3, "format": "swiss"}, "请在“阶段”页添加淘汰赛阶段时选择三局两胜"),
        ({"format": "knockout", "avoid_same_unit": "hard"}, "淘汰赛无法保证"),
        ({"format": "knockout", "scoring": "hundred_plus"}, "不能用于淘汰赛"),
        ({"tiebreaks": ["level_diff", "points"]}, "第一项必须是积分"),
        ({"tiebreaks": ["points", "lot", "fouls"]}, "抽签只能作为最后一项"),
        ({"tiebreaks": ["points", "height"]}, "未知的排名依据"),
        ({"levels": "plus6"}, "升级规则"),
        ({"time_limit": 5}, "时限"),
        ({"award_tiers": [["一等奖", 0]]}, "名额至少为1"),
    ],
)
def test_incompatible_options_are_refused_with_a_reason(opts, fragment):
    assert any(fragment in m for m in messages(opts)), messages(opts)


def test_award_tier_text_parses_chinese_punctuation():
    assert parse_award_tiers("一等奖：2，二等奖:4、三等奖:6") == [
        ("一等奖", 2),
        ("二等奖", 4),
        ("三等奖", 6),
    ]


@pytest.mark.django_db
def test_service_refuses_bad_combination_and_saves_nothing(organizer):
    with pytest.raises(FieldErrors) as exc:
        tournament_create(organizer=organizer, slug="x", name="X", format="rotation", rounds=7)
    assert "固定打3轮" in str(exc.value)
    from tournament.models import Tournament

    assert not Tournament.objects.exists()
