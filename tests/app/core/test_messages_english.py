"""One error design: messages by code, rendered through gettext, in English when chosen.

The English texts of new codes wait in ``locale/pending/*.po`` until the lead merges them
into the catalogue; the ``english`` fixture (tests/app/conftest.py) compiles those files
with msgfmt into a catalogue searched first, so these tests read the real translations
before and after the merge.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

import pairing.errors
import rules.errors
import tournament
from pairing import PairingError
from rules import RuleError
from rules.messages import Message
from tests.app.conftest import CJK
from tournament.core.actors import user_actor
from tournament.core.errors import Invalid, NotAllowed, Refused, ServiceError, Stale
from tournament.results.checks import ResultValues, check_result
from tournament.results.results_spreadsheet import check_results_spreadsheet
from tournament.results.services import submit_result
from tournament.rounds.lifecycle import lock_round
from tournament.spreadsheets.table_file import RawTable
from tournament.standings.selectors import ruleset
from tournament.text.messages import TEXTS, render
from tournament.text.messages.audit import AUDIT
from tournament.text.messages.cores import CONFLICTS, CORES, EVENTS, PAIRING, RULES, SCORING
from tournament.text.messages.exchange import EXCHANGE
from tournament.text.messages.people import PEOPLE
from tournament.text.messages.persons import PERSONS
from tournament.text.messages.ratings import RATINGS
from tournament.text.messages.rounds import ROUNDS
from tournament.text.messages.series import SERIES
from tournament.text.messages.services import SERVICES
from tournament.text.messages.teams import TEAMS
from tournament.text.messages.upload import UPLOAD


def test_every_code_has_one_text_and_the_tables_do_not_overlap():
    tables = (CORES, SERVICES, ROUNDS, PEOPLE, AUDIT, TEAMS, SERIES, EXCHANGE, RATINGS, UPLOAD)
    tables += (PERSONS,)
    assert len(TEXTS) == sum(len(table) for table in tables)
    assert len(CORES) == len(RULES) + len(SCORING) + len(PAIRING) + len(EVENTS) + len(CONFLICTS)


def test_a_stale_save_reads_in_english(english, tournament, pairs8, make_round, referee):
    table = make_round(tournament, pairs8).tables.get(number=1)
    with pytest.raises(ServiceError) as refused:
        submit_result(
            table, ResultValues(ew_level="A+", ns_level="K"), version=99, by=user_actor(referee)
        )
    assert isinstance(refused.value, Stale)
    assert str(refused.value).startswith("This table's result was changed by someone else")


def test_a_locked_round_refuses_in_english(english, tournament, pairs8, make_round, referee):
    table = make_round(tournament, pairs8, status="locked").tables.get(number=1)
    with pytest.raises(Refused) as refused:
        submit_result(
            table, ResultValues(ew_level="A+", ns_level="K"), version=None, by=user_actor(referee)
        )
    text = str(refused.value)
    assert text and not CJK.search(text), text


def test_a_stale_round_reads_in_english(english, tournament, pairs8, make_round, organizer):
    round_ = make_round(tournament, pairs8)
    with pytest.raises(Stale) as refused:
        lock_round(round_, by=user_actor(organizer), version=round_.version + 5)
    assert str(refused.value) == "This round was changed by someone else; reload the page"


def test_the_same_refusal_reads_in_chinese_by_default(tournament, pairs8, make_round, outsider):
    table = make_round(tournament, pairs8).tables.get(number=1)
    with pytest.raises(NotAllowed) as refused:
        submit_result(
            table, ResultValues(ew_level="A+", ns_level="K"), version=None, by=user_actor(outsider)
        )
    assert str(refused.value) == "没有权限"
    assert refused.value.msg == Message("no_right")


def test_a_bad_import_row_reads_in_english(english, tournament):
    table = RawTable(
        sheet="Sheet1",
        header=["table", "ew", "ns", "forfeit"],
        header_row=1,
        rows=[(2, ["1", "A+", "K", "maybe"]), (3, ["2", "Z", "K", ""])],
    )
    check = check_results_spreadsheet(table, ruleset(tournament), {1, 2})
    texts = [str(p) for p in check.problems]
    assert texts[0] == 'Row 2, column "弃权": The forfeiting side must be ew, ns or both'
    assert texts[1].startswith("Row 3: 'Z' is not a level"), texts[1]


def test_a_rule_of_the_core_reads_in_english_through_its_code(english, tournament):
    with pytest.raises(Invalid) as invalid:
        check_result(ruleset(tournament), ew_level="A+", ns_level="A+")
    assert invalid.value.msg.code == "both_passed_a"
    assert str(invalid.value).startswith("Both sides cannot have passed A")


def test_a_vocabulary_parameter_is_shown_by_its_label_in_each_language(english):
    err = RuleError(rules.errors.AFTER_END, end_reason="three_fouls")
    assert render(err.msg) == (
        "The match has already ended (three fouls); nothing more can be recorded."
    )
    with translation.override("zh-hans"):
        assert render(err.msg) == "本场比赛已结束（累计三次犯规判负），不能再记录。"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_the_language_menu_names_each_language_in_its_own_script(language):
    client = Client()
    client.post(reverse("set_language"), {"language": language, "next": "/"})
    html = client.get(reverse("home")).content.decode()
    menu = html.split('name="language"')[1].split("</select>")[0]
    assert '<option value="zh-hans"' in menu and ">简体中文</option>" in menu
    assert ">English</option>" in menu


def _caught_names(handler: ast.ExceptHandler) -> list[str]:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return [k.id for k in kinds if isinstance(k, ast.Name)]


def test_views_catch_the_base_class_only_and_never_read_message_zh():
    root = Path(inspect.getfile(tournament)).parent
    offenders = []
    for path in sorted(root.glob("*/views*.py")):
        source = path.read_text(encoding="utf-8")
        if "message_zh" in source:
            offenders.append(f"{path.name}: message_zh")
        module = __import__(f"tournament.{path.parent.name}.{path.stem}", fromlist=["_"])
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.ExceptHandler) or node.type is None:
                continue
            for name in _caught_names(node):
                caught = getattr(module, name, None)
                subclass = isinstance(caught, type) and issubclass(caught, ServiceError)
                if subclass and caught is not ServiceError:
                    offenders.append(f"{path.name}:{node.lineno} catches {name}")
    assert offenders == []


def test_every_message_code_has_an_english_text(english):
    untranslated = [
        code
        for code, text in TEXTS.items()
        if CJK.search(str(text).replace("头游", ""))  # 头游 is quoted on purpose
    ]
    assert untranslated == []


def test_a_pairing_error_reads_in_english_through_its_code(english):
    err = PairingError(pairing.errors.DUPLICATE)
    assert str(ServiceError.of(err)) == "A pair appears twice in the list"
    with translation.override("zh-hans"):
        assert str(ServiceError.of(err)) == "名单中有重复的组合"
