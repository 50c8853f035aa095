"""The draft's adjustment page (对阵调整) through the web: the pairs to move named by typing
(draw number or name), the tables a page at a time with a search."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.core.actors import user_actor
from tournament.models import AuditEntry, Pair, Round, Table
from tournament.rounds.pairing import draw, pair_next_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(tournament, pairs8):
    draw(tournament, seed=1, by=user_actor(None))
    round_ = pair_next_round(tournament, by=user_actor(None))
    assert round_.status == Round.DRAFT
    return round_


def seats(round_) -> dict[str, tuple]:
    """Pair name → (table, seat) in the round, a bye as (None, "bye")."""
    out = {}
    for m in Table.objects.filter(round=round_).select_related("ew", "ns"):
        if m.ns is None:
            out[m.ew.name] = (None, "bye")
        else:
            out[m.ew.name], out[m.ns.name] = (m.number, "EW"), (m.number, "NS")
    return out


def test_two_pairs_named_by_name_and_by_draw_number_change_places(draft, as_organizer):
    before = seats(draft)
    a, b = "队1", Pair.objects.get(name="队6")
    if before["队1"][0] == before["队6"][0]:  # at one table: the swap only turns the seats
        b = Pair.objects.get(name="队7")
    url = reverse("round_adjust", args=["spring", draft.number])
    response = as_organizer.post(url + "?page=1", {"op": "swap", "a": a, "b": str(b.draw_number)})
    assert response.status_code == 302 and response["Location"] == url + "?page=1"
    after = seats(draft)
    assert (after[a], after[b.name]) == (before[b.name], before[a])
    assert AuditEntry.objects.filter(action="round.adjust").count() == 1


def test_a_bye_given_then_two_byes_paired_again(draft, as_organizer):
    url = reverse("round_adjust", args=["spring", draft.number])
    table, _seat = seats(draft)["队2"]
    other = next(n for n, (t, s) in seats(draft).items() if t == table and n != "队2")
    as_organizer.post(url, {"op": "bye", "a": "队2"})
    assert seats(draft)["队2"] == (None, "bye") and seats(draft)[other] == (None, "bye")
    as_organizer.post(url, {"op": "pair_byes", "a": "队2", "b": other})
    assert seats(draft)["队2"][1] == "EW" and seats(draft)[other][1] == "NS"


@pytest.mark.both_databases
def test_tables_are_numbered_again_after_a_bye(draft, as_organizer):
    """重排台号 closes the gap a bye leaves (it ended in an IntegrityError: every number was
    first set to NULL, which the table-iff-opponent constraint refuses)."""
    url = reverse("round_adjust", args=["spring", draft.number])
    as_organizer.post(url, {"op": "bye", "a": "队2"})
    response = as_organizer.post(url, {"op": "renumber"})
    assert response.status_code == 302
    tables = sorted(t for t, _seat in seats(draft).values() if t is not None)
    assert tables == [1, 1, 2, 2, 3, 3]
    assert AuditEntry.objects.filter(action="round.adjust").count() == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"op": "swap", "a": "队1", "b": "无名"}, "没有找到“无名”"),
        ({"op": "swap", "a": "队", "b": "队1"}, "“队”对应8对组合"),
        ({"op": "swap", "a": "", "b": "队1"}, "请输入组合的抽签号、队名或选手姓名"),
        ({"op": "pair_byes", "a": "队1", "b": "队2"}, "只能把两个轮空的组合配成一台"),
        ({"op": "nothing", "a": "队1"}, "请选择"),
    ],
)
def test_a_change_that_cannot_be_made_says_why_and_keeps_the_typing(
    draft, as_organizer, data, message
):
    before = seats(draft)
    url = reverse("round_adjust", args=["spring", draft.number])
    page = as_organizer.post(url, data).content.decode()
    assert message in page
    assert f'name="a" value="{data["a"]}"' in page
    assert seats(draft) == before


def test_the_tables_come_a_hundred_a_page_with_a_search(tournament, organizer, as_organizer):
    """500 tables (the bench has 2,500): 100 a page, the count, a pair's name or a table
    number finds its table."""
    pairs = Pair.objects.bulk_create(
        Pair(tournament=tournament, name=f"组合{i:04}", name_pinyin=f"zuhe{i:04}", draw_number=i)
        for i in range(1, 1001)
    )
    round_ = Round.objects.create(
        tournament=tournament, stage=tournament.stages.first(), number=1, status=Round.DRAFT
    )
    Table.objects.bulk_create(
        Table(round=round_, number=i // 2 + 1, ew=pairs[i], ns=pairs[i + 1])
        for i in range(0, 1000, 2)
    )
    url = reverse("round_adjust", args=[tournament.slug, 1])
    page = as_organizer.get(url).content.decode()
    assert "共 500 台" in page and "第 1 / 5 页" in page
    assert "组合0200" in page and "组合0201" not in page
    assert len(page.encode()) < 60_000
    found = as_organizer.get(url, {"q": "组合0321"}).content.decode()
    assert "共 1 台" in found and "组合0322" in found  # its opponent at table 161
    # A number: that table, and the tables of the pairs whose names hold it (组合0161: 81).
    by_number = as_organizer.get(url, {"q": "161"}).content.decode()
    assert "共 2 台" in by_number and "组合0321" in by_number and "组合0161" in by_number
