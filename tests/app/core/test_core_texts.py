"""The cores' messages read back in Chinese and in English through the one table of texts.

The cores record codes and parameters only (tests/rules, tests/pairing); these are their
sentences as the score sheet, the pairing page, an archive import and an upload show them.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from pairing.conflicts import check_pairing
from pairing.entrants import Entrant
from pairing.result import Pairing, Table
from rules import RuleSet, replay
from tests.app.conftest import CJK
from tournament.archive.checks import check_table
from tournament.archive.write import ArchiveError
from tournament.core.errors import ServiceError
from tournament.results.photo_files import PhotoError, scoresheet_jpeg
from tournament.spreadsheets.reader import Limits, TableFileError, spreadsheet_rows
from tournament.text.messages import render

EW_TO_A = "EW12 EW12 EW12 EW12"
WORKED = f"{EW_TO_A} NS14 EW14 EW14 NS13 NS12 NS12 NS13 NS12"


def play(sheet: str, **options) -> list[str]:
    """The sentences of a replayed sheet, in the active language."""
    state = replay(RuleSet.preset("jiangsu", **options), sheet)
    return [render(e.msg) for e in state.events]


def test_a_worked_match_reads_back_in_english(english):
    assert play(WORKED, a_fail="three_back_to_2") == [
        "EW won 1–2: +3, now at 5",
        "EW won 1–2: +3, now at 8",
        "EW won 1–2: +3, now at J",
        "EW won 1–2: +3, now at A",
        "NS won 1–4: +1, now at 3",
        "EW: attempt at A failed (1 of 3)",
        "EW won 1–4, not at its own A: stays at A and plays its own A next",
        "EW: attempt at A failed (2 of 3)",
        "NS won 1–3: +2, now at 5",
        "EW: attempt at A failed (3 of 3)",
        "EW: third failed attempt at A, back to 2",
        "NS won 1–2: +3, now at 8",
        "NS won 1–2: +3, now at J",
        "NS won 1–3: +2, now at K",
        "NS won 1–2: +3 stops at A (A must be played)",
    ]
    assert play(f"{WORKED} NS13", a_fail="three_back_to_2")[-1] == (
        "NS won 1–3 at A: passed A, wins the match"
    )
    assert play("EW12 NS14 T")[-1] == "Time: EW 5, NS 3, EW wins"
    assert play("-EW")[-1] == "EW -1: 2 → 2 (a penalty never takes a side below 2 nor past A)"
    assert play(f"{EW_TO_A} NS14")[-1] == "EW: attempt at A failed (1)"  # no limit


def test_fouls_and_forfeits_read_back_in_both_languages(english):
    sheet = "F:NS:O W:EW:S FF:EW:LATE"
    english_lines = play(sheet)
    assert english_lines[-1] == "EW forfeits the match (late arrival)"
    assert not any(CJK.search(line) for line in english_lines), english_lines
    with translation.override("zh-hans"):
        assert play(sheet) == [
            "南北犯规：越序出牌（本场第1次）",
            "东西+1级：2→3",
            "东西警告：暗示/暴露牌",
            "东西弃权（迟到弃权）",
        ]
        assert play(WORKED, a_fail="three_back_to_2")[10] == ("东西打A三次未过，回到2重打")
        assert play("EW12 NS14 T")[-1] == "到时：东西5，南北3，东西胜"


def test_a_conflict_reads_with_its_table_and_pair_names(english):
    field = [Entrant(1, 1, opponents=frozenset({2})), Entrant(2, 2, opponents=frozenset({1}))]
    (rematch,) = check_pairing(Pairing((Table(1, 2, 1),)), field)
    names = {1: "甲", 2: "乙"}
    assert render(rematch.message(names)) == "Table 1: 乙 and 甲 have met before"
    with translation.override("zh-hans"):
        assert render(rematch.message(names)) == "第1台：乙 与 甲 已经交过手（重复对阵）"


def test_an_archived_result_against_the_rules_reads_in_english(english):
    row = {"ew_level": "A+", "ns_level": "A+"}
    with pytest.raises(ArchiveError) as refused:
        check_table(row, RuleSet(), 4)
    assert isinstance(refused.value, ServiceError)
    assert str(refused.value) == (
        "The archive's data is invalid: match record 4: Both sides cannot have passed A: "
        "the match ends when the first side passes A."
    )
    with translation.override("zh-hans"):
        assert str(refused.value) == (
            "存档中的数据无效：第4条比赛记录：双方不可能都过A：一方过A时比赛即结束。"
        )


def test_photo_and_upload_errors_are_service_errors_in_the_readers_language(english):
    with pytest.raises(PhotoError) as photo:
        scoresheet_jpeg(b"not an image")
    assert isinstance(photo.value, ServiceError)
    assert (
        str(photo.value) == "Not a readable image; please take a photo or choose a JPG/PNG picture"
    )
    with pytest.raises(TableFileError) as upload:
        list(spreadsheet_rows(b"", "pairs.csv", Limits()))
    assert str(upload.value) == "The file is empty"
    with translation.override("zh-hans"):
        assert str(photo.value) == "不是可识别的图片，请拍照或选择 JPG/PNG 图片"
