"""``manage.py export SLUG exchange -o FILE.json`` and ``manage.py import_exchange FILE.json
[--slug NEW]`` (the contract of issue 46)."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.exchange.checks import check_document
from tournament.exchange.document import event_document
from tournament.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


def _without_time(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "exported_at"}


def test_the_command_writes_the_document_key_for_key(event, tmp_path):
    path = tmp_path / "spring.json"
    call_command("export", event.slug, "exchange", "-o", str(path), verbosity=0)
    written = json.loads(path.read_text(encoding="utf-8"))
    check_document(written)
    assert _without_time(written) == _without_time(event_document(event))
    assert list(written) == list(event_document(event))  # the same keys in the same order


def test_the_command_refuses_another_extension(event, tmp_path):
    with pytest.raises(CommandError, match=".json"):
        call_command("export", event.slug, "exchange", "-o", str(tmp_path / "x.xlsx"))
    assert not (tmp_path / "x.xlsx").exists()


def test_import_exchange_with_a_new_slug_then_unchanged(event, tmp_path, capsys):
    path = tmp_path / "spring.json"
    call_command("export", event.slug, "exchange", "-o", str(path), verbosity=0)
    call_command("import_exchange", str(path), "--slug", "spring-2")
    assert "已导入" in capsys.readouterr().out
    t = Tournament.objects.get(slug="spring-2")
    assert t.organizer.username == "exchange-import" and not t.organizer.is_active
    audit = AuditEntry.objects.count()
    call_command("import_exchange", str(path), "--slug", "spring-2")
    assert "没有变化" in capsys.readouterr().out
    assert AuditEntry.objects.count() == audit


def test_import_exchange_refuses_a_broken_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="没有导入任何数据"):
        call_command("import_exchange", str(path))
    path.write_text('{"format": "guandan-archive"}', encoding="utf-8")
    with pytest.raises(CommandError, match="guandan-exchange"):
        call_command("import_exchange", str(path))
