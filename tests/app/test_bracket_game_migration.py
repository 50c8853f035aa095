"""Migration 0012 moves a knockout table's ``game:<n>`` flag into ``Table.bracket_game``."""

from __future__ import annotations

import pytest

from tests.app.migration_steps import migrate, migrate_to_latest

BEFORE = [("tournament", "0011_deal_times")]
AFTER = [("tournament", "0012_bracket_game")]


@pytest.mark.slow  # migrates the whole chain down and up again
@pytest.mark.both_databases
@pytest.mark.django_db(transaction=True)
def test_game_flags_become_the_bracket_game_field_and_back():
    apps = migrate(BEFORE)
    Tournament = apps.get_model("tournament", "Tournament")
    Stage = apps.get_model("tournament", "Stage")
    Round = apps.get_model("tournament", "Round")
    Pair = apps.get_model("tournament", "Team")
    Table = apps.get_model("tournament", "Match")
    User = apps.get_model("auth", "User")
    owner = User.objects.create(username="owner")
    t = Tournament.objects.create(slug="old", name="旧赛事", organizer=owner)
    stage = Stage.objects.create(tournament=t, order=1, name="淘汰", kind="knockout")
    r = Round.objects.create(tournament=t, stage=stage, number=1)
    a, b, c = (Pair.objects.create(tournament=t, name=n) for n in ("甲", "乙", "丙"))
    ko = Table.objects.create(
        round=r, table=1, ew=a, ns=b, bracket_id="R1-1", flags=["game:3", "manual"]
    )
    swiss = Table.objects.create(round=r, table=None, ew=c, ns=None, flags=["bye"])
    apps = migrate(AFTER)
    Table = apps.get_model("tournament", "Match")
    assert Table.objects.values_list("bracket_game", "flags").get(pk=ko.pk) == (3, ["manual"])
    assert Table.objects.values_list("bracket_game", "flags").get(pk=swiss.pk) == (0, ["bye"])
    apps = migrate(BEFORE)
    Table = apps.get_model("tournament", "Match")
    assert Table.objects.get(pk=ko.pk).flags == ["game:3", "manual"]
    migrate_to_latest()
