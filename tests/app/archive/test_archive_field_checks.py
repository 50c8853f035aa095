"""The database's field checks on an archive's rows (lengths, choices, blanks, ranges) refuse
what Django's ``clean_fields`` refuses, with its message, saving nothing; the import checks
most rows without calling it (tournament/archive/saving.py), so each kind is tried here."""

from __future__ import annotations

import pytest

from tests.app.archive.test_archive_checks import refused
from tournament.archive.write import export_archive

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]


@pytest.mark.parametrize(
    ("part", "key", "value", "reason"),
    [
        ("teams", "name", "长" * 121, "Pair.name|120"),  # longer than max_length
        ("teams", "status", "bogus", "bogus"),  # not one of the choices
        ("teams", "name", "", "不能为空"),  # blank where a value is required
        ("matches", "ew_fouls", -1, "0"),  # below a positive field's range
        ("fouls", "severity", "x", "'x'"),  # a choice of another field
        ("submissions", "values", {}, "不能为空"),  # a JSON field's blank
    ],
)
def test_a_value_the_database_checks_refuse_is_refused(event, part, key, value, reason):
    archive = export_archive(event)
    assert archive[part], part
    archive[part][0][key] = value
    refused(archive, f"存档中的数据无效.*({reason})")
