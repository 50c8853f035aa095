"""Look-alike names (docs/security.md): one normalisation (NFC, no zero-width or bidi
characters) before duplicate checks and storage, for the form, the sheet and the archive."""

from __future__ import annotations

import doctest

import pytest
from django.urls import reverse
from django.utils import translation

from tests.app.spreadsheet_files import xlsx
from tournament.core import normalize
from tournament.core.actors import user_actor
from tournament.core.normalize import normalize_name, search_key
from tournament.models import Pair, Player, Unit
from tournament.registration.services import pairs_import

pytestmark = pytest.mark.django_db


def test_normalize_name_removes_invisible_characters_and_composes():
    assert normalize_name("正常\u200b队") == "正常队"
    assert normalize_name("\u202e坏\u2066队\u2069\ufeff") == "坏队"
    assert normalize_name("Jose\u0301") == "José"
    assert normalize_name("\u3000张\t\t伟 ") == "张伟"


def test_full_width_forms_and_padding_between_chinese_characters_are_one_name():
    """Issue 42: ``王　芳`` (padded with a full-width space) was stored as "王 芳", so a later
    ``王芳`` passed the duplicate check. Words in Latin letters keep their space."""
    assert normalize_name("王\u3000芳") == normalize_name("王芳") == "王芳"
    assert normalize_name("ＬＩ\u3000Ｌｅｉ") == "LI Lei"
    assert normalize_name("Zhu  Ge") == "Zhu Ge"
    assert normalize_name("张三 Tom") == "张三 Tom"


def test_a_padded_name_is_stored_without_padding_and_then_seen_as_a_duplicate(tournament, register):
    rows = [("金陵队", "", "王\u3000芳", "张伟", "", "")]
    check = pairs_import(
        tournament=tournament, data=xlsx(rows), filename="a.xlsx", by=user_actor(None)
    )
    assert check.ok
    assert Player.objects.filter(name="王芳").count() == 1
    rows = [("新队", "", "王芳", "丙", "", "")]
    check = pairs_import(
        tournament=tournament, data=xlsx(rows), filename="b.xlsx", by=user_actor(None)
    )
    with translation.override("zh-hans"):
        assert [str(p) for p in check.problems] == [
            "第2行“选手1”列：选手“王芳”已在组合“金陵队”中报名"
        ]


def test_a_search_key_is_the_stored_form_without_spaces_in_lower_case():
    assert search_key("\u3000Zhu\u200b Ge\tLiang ") == "zhugeliang"
    assert search_key(normalize_name("诸葛 亮")) == search_key("诸葛亮")
    assert doctest.testmod(normalize).failed == 0


def test_the_form_refuses_a_zero_width_look_alike(tournament, as_organizer, register):
    register(tournament, "正常队")
    data = {"name": "正常\u200b队", "player1": "甲", "player2": "乙"}
    response = as_organizer.post(reverse("pair_add", args=[tournament.slug]), data)
    assert response.status_code == 200
    assert "队名“正常队”已经报名" in response.content.decode()
    assert tournament.pairs.count() == 1


def test_the_form_stores_names_without_invisible_characters(tournament, as_organizer):
    data = {
        "name": "\u202e金陵队",
        "unit": "南\u200d京",
        "player1": "张\u200b伟",
        "player2": "王芳",
    }
    as_organizer.post(reverse("pair_add", args=[tournament.slug]), data)
    pair = Pair.objects.get(tournament=tournament)
    assert pair.name == "金陵队" and pair.unit.name == "南京"
    assert pair.players.get(position=1).name == "张伟"


def test_a_name_of_only_invisible_characters_is_refused(tournament, as_organizer):
    data = {"name": "\u200b\u200b", "player1": "甲", "player2": "乙"}
    response = as_organizer.post(reverse("pair_add", args=[tournament.slug]), data)
    assert response.status_code == 200 and not tournament.pairs.exists()


def test_the_sheet_sees_look_alikes_as_duplicates(tournament, register):
    register(tournament, "正常队", p1="老张", p2="老李")
    rows = [
        ("正常\u200b队", "", "甲", "乙", "", ""),
        ("新队", "单\u200b位", "老\u200c张", "丙", "", ""),
        ("新\ufeff队", "", "丁", "戊", "", ""),
    ]
    check = pairs_import(
        tournament=tournament, data=xlsx(rows), filename="a.xlsx", by=user_actor(None)
    )
    assert [str(p) for p in check.problems] == [
        "第2行“队名”列：队名“正常队”已经报名",
        "第3行“选手1”列：选手“老张”已在组合“正常队”中报名",
        "第4行“队名”列：队名“新队”与第3行重复",
    ]
    assert Pair.objects.count() == 1 and Unit.objects.filter(name__contains="\u200b").count() == 0
    assert not Player.objects.filter(name__contains="\u200c").exists()
