"""The draw's and a pairing's random number is 随机码 everywhere, as on the draw page: the
audit log and the pairing commands still said 种子, the sign-up sheet's word for a seeded
pair. A pair's own seed stays 种子."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.utils import translation

from tournament.core.audit_text import changes
from tournament.models import AuditEntry
from tournament.text.messages import render
from tournament.text.messages.audit import decode

pytestmark = pytest.mark.django_db


def test_the_audit_log_and_the_pair_command_say_random_code(tournament, register, capsys):
    for i in range(1, 7):
        register(tournament, f"队{i}", f"单位{i % 3}")
    call_command("draw", "spring", "--seed", "42")
    call_command("pair", "spring", "--seed", "5")
    out = capsys.readouterr().out
    assert "随机码 42" in out and "随机码 5" in out and "种子" not in out
    draw, pair = AuditEntry.objects.filter(action__in=["draw", "round.pair"]).order_by("pk")
    assert (draw.summary, pair.summary) == (
        "抽签（随机码 42）",
        "编排第1轮（积分编排（瑞士制），随机码 5）",
    )
    # In Chinese whatever an earlier test of this worker left active.
    with translation.override("zh-hans"):
        assert [label for label, _old, _new in changes(draw)] == ["随机码"]


def test_the_draw_entry_reads_random_code_in_english(tournament, register, english):
    for i in range(1, 5):
        register(tournament, f"队{i}")
    call_command("draw", "spring", "--seed", "42")
    entry = AuditEntry.objects.get(action="draw")
    assert render(decode(entry.summary_message)) == "Draw (random code 42)"
    assert [label for label, _old, _new in changes(entry)] == ["Random code"]
