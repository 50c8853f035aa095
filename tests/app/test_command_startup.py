"""What makes the commands and web workers start small: the figures themselves
are bench/commands.py's; these tests guard what makes them.

- A command imports no library it does not use (django-tables2, and psycopg on SQLite, among
  them), and skips the URL checks (which import the URLconf: every view and the read API). A fresh interpreter each, so that nothing the test
  run imported hides an import.
- A web worker (config.wsgi loads the URLconf) holds none of the printing and sheet
  libraries, and its search index does not load pypinyin's phrase dictionary; on SQLite it
  holds no psycopg either.
- ``manage.py`` collects garbage seldom, and a command run as its own process leaves the
  objects of start-up out of every collection (``gc.freeze``).
- import_teams and a results sheet take a number of statements that does not grow with
  the rows (tests/app/results/test_spreadsheet_first_entries.py for the sheet).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from guandan.servers import WORKER_FLAG
from tests.app.spreadsheet_files import csv_bytes, pairs
from tournament.core.actors import user_actor
from tournament.registration.services import pairs_import
from tournament.text import pinyin

ROOT = Path(__file__).resolve().parents[2]
# django-simple-captcha imports PIL.features with its settings at django.setup(), so PIL
# is not in the list.
UNUSED = ("openpyxl", "numpy", "reportlab", "pypdf", "qrcode", "pypinyin", "python_calamine")
COMMAND = (
    "import runpy, sys\n"
    "sys.argv = ['manage.py', *sys.argv[1:]]\n"
    "try:\n"
    "    runpy.run_path('manage.py', run_name='__main__')\n"
    "except BaseException:  # no database here: the imports are done by then\n"
    "    pass\n"
    "print('LOADED', sorted(m for m in {names} if m in sys.modules))\n"
)


def loaded(tmp_path, code: str, *args: str, served: bool = False) -> str:
    """What ``code`` prints on its LOADED line, in a fresh interpreter on SQLite; ``served``:
    as a process guandan/servers.py starts to serve."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    env.pop(WORKER_FLAG, None)
    if served:
        env[WORKER_FLAG] = "1"
    env["GUANDAN_VAR_DIR"] = str(tmp_path)
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("LOADED")]
    assert lines, done.stderr[-2000:]
    return lines[-1]


# django-tables2 is no installed app (config/settings.py): as one it imported psycopg and
# django.contrib.postgres into every process, on SQLite too.
@pytest.mark.slow  # a fresh interpreter of the app's
@pytest.mark.parametrize("args", [("pair", "--help"), ("draw", "no-such-event")])
def test_a_command_imports_neither_unused_libraries_nor_the_urlconf(tmp_path, args):
    names = (*UNUSED, "config.urls", "ninja", "django_tables2", "psycopg")
    assert loaded(tmp_path, COMMAND.format(names=names), *args) == "LOADED []"


GC = (
    "import gc, runpy, sys\n"
    "sys.argv = ['manage.py', *sys.argv[1:]]\n"
    "try:\n"
    "    runpy.run_path('manage.py', run_name='__main__')\n"
    "except BaseException:  # no such event: the command has started by then\n"
    "    pass\n"
    "print('LOADED', gc.get_threshold(), gc.get_freeze_count() > 0)\n"
)


@pytest.mark.slow  # a fresh interpreter of the app's
def test_a_command_collects_garbage_seldom_and_leaves_start_up_out(tmp_path):
    """manage.py's thresholds and the commands' frozen start-up (``pair`` at 5,000
    pairs spent 0.25 of its CPU-s in some 650 collections, most walking Django and the
    app); ``call_command`` freezes nothing (``execute``, not ``run_from_argv``)."""
    assert loaded(tmp_path, GC, "draw", "no-such-event") == "LOADED (50000, 20, 50) True"


@pytest.mark.slow  # a fresh interpreter of the app's
def test_every_command_leaves_its_objects_out_of_the_collections_at_exit(tmp_path):
    """Django's own commands too (``help`` is not one of the app's): what is left when a
    command ends is frozen before the interpreter's shutdown collections walk it
    (guandan/command_process.py: ``manage.py help`` 0.59 → 0.49 CPU-s, ``check`` 1.20 → 0.85)."""
    assert loaded(tmp_path, GC, "help") == "LOADED (50000, 20, 50) True"


# export's choices name every printout, so it loads the makers and the PDF libraries; a workbook's
# openpyxl (and the numpy it loads) waits for the first .xlsx written, and neither export
# nor standings loads the web table (django-tables2, psycopg).
@pytest.mark.slow  # a fresh interpreter of the app's
@pytest.mark.parametrize(
    "args, allowed",
    [(("export", "--help"), {"reportlab", "pypdf", "qrcode"}), (("standings", "--help"), set())],
)
def test_export_and_standings_load_no_workbook_library_nor_the_web_table(tmp_path, args, allowed):
    names = (*(set(UNUSED) - allowed), "config.urls", "django_tables2", "psycopg")
    assert loaded(tmp_path, COMMAND.format(names=names), *args) == "LOADED []"


# An .xlsx is read by python-calamine (tournament/spreadsheets/formats.py): openpyxl and numpy,
# 1.2 CPU-s for 5,000 rows with their import, wait for the first workbook written.
@pytest.mark.slow  # a fresh interpreter of the app's
def test_reading_an_xlsx_loads_no_openpyxl(tmp_path):
    from tests.app.spreadsheet_files import xlsx

    path = tmp_path / "报名.xlsx"
    path.write_bytes(xlsx([("淮扬一队", "淮安市掼蛋协会", "钱进", "孙丽")]))
    code = (
        "import sys, django\n"
        "django.setup()\n"
        "from tournament.spreadsheets.table_file import read_table\n"
        "from tournament.spreadsheets.uploads import upload_limits\n"
        f"table = read_table(open({str(path)!r}, 'rb').read(), '报名.xlsx', ['队名'], upload_limits())\n"
        "assert table.rows[0][1][0] == '淮扬一队', table.rows\n"
        "print('LOADED', sorted(m for m in ('openpyxl', 'numpy') if m in sys.modules))\n"
    )
    assert loaded(tmp_path, code) == "LOADED []"


@pytest.mark.slow  # a fresh interpreter of the app's
def test_a_web_worker_and_its_search_index_hold_no_printing_or_phrase_dictionary(tmp_path):
    names = (*UNUSED, "pypinyin.phrases_dict")
    code = (
        "import sys, config.wsgi\n"
        "from tournament.text.pinyin import pinyin_initials\n"
        "assert pinyin_initials('曾国藩') == ('cgf', 'zgf')\n"
        f"print('LOADED', sorted(m for m in {names} if m in sys.modules))\n"
    )
    assert loaded(tmp_path, code) == "LOADED []"


PSYCOPG = (
    "import sys, config.wsgi, django_tables2\n"
    "from django_tables2.columns import jsoncolumn\n"
    "print('LOADED', sys.modules.get('psycopg') is not None, jsoncolumn.POSTGRES_AVAILABLE)\n"
)


@pytest.mark.slow  # a fresh interpreter of the app's
def test_a_web_worker_on_sqlite_holds_no_psycopg_and_its_tables_do_without_it(tmp_path):
    """django-tables2 tries django.contrib.postgres, which imports psycopg and its libpq:
    24 MB of each worker on SQLite (config/wsgi.py)."""
    assert loaded(tmp_path, PSYCOPG, served=True) == "LOADED False False"


@pytest.mark.slow  # PostgreSQL's side: the full run (and its PostgreSQL pass)
def test_importing_the_wsgi_module_elsewhere_leaves_psycopg_importable(tmp_path):
    """A test run or a script that imports config.wsgi (the API schema tests do) may go on
    to PostgreSQL: only a process started to serve does without psycopg."""
    code = PSYCOPG + "import psycopg\nprint('LOADED', psycopg.__name__)\n"
    assert loaded(tmp_path, code) == "LOADED psycopg"


@pytest.mark.slow  # PostgreSQL's side: the full run (and its PostgreSQL pass)
def test_a_web_worker_on_postgresql_has_psycopg(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none")  # not connected
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", WORKER_FLAG: "1"}
    done = subprocess.run(
        [sys.executable, "-c", PSYCOPG], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert "LOADED True True" in done.stdout, done.stderr[-2000:]


def test_initials_from_the_character_dictionary_are_pypinyins():
    p = pinyin.pypinyin()
    chars = [chr(c) for c in list(pinyin.char_initials())[::9]] + list("欸誒A1·〇")
    for char in chars:
        readings = p.pinyin(char, style=p.Style.FIRST_LETTER, heteronym=True, errors="default")
        assert pinyin._initials(char) == tuple(dict.fromkeys(r.lower() for r in readings[0]))


def test_pinyin_keys_are_pypinyins_and_the_words_kept_are_bounded():
    p = pinyin.pypinyin()
    for name in ["重庆队", "长沙银行", "单雄信", "第12组", "银行行长", " 乐乐 ", "A队", "张-三"]:
        plain = p.lazy_pinyin(name.strip(), style=p.Style.NORMAL, errors="default")
        assert pinyin.pinyin_key(name) == "".join(plain).lower()
    assert pinyin._keyer()._converter._readings.cache_info().maxsize == pinyin.WORDS_MAX


@pytest.mark.django_db
def test_import_teams_takes_the_same_statements_for_5_rows_and_for_300(tournament, settings):
    # 300 rows: 600 players are more than one bulk_create batch holds on SQLite (999
    # parameters), so a batched insert would show here as more statements.
    def statements(rows) -> int:
        with CaptureQueriesContext(connection) as queries:
            check = pairs_import(
                tournament=tournament, data=csv_bytes(rows), filename="a.csv", by=user_actor(None)
            )
        assert check.ok, check.problems
        return len(queries)

    rows = pairs(309, unit_count=4)
    first = statements(rows[:4])  # the 4 units are created here
    assert statements(rows[4:9]) == statements(rows[9:]) < first
    assert tournament.pairs.count() == 309
    assert {t.players.count() for t in tournament.pairs.all()} == {2}
