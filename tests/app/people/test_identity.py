"""The identity rule (tournament.core.identity, docs/rules.md §18): 会员号 first, then name and
phone; same-name players without either are never joined silently."""

from __future__ import annotations

import pytest

from tournament.core.actors import user_actor
from tournament.core.identity import link_event, member_key, phone_key
from tournament.events.services import tournament_create
from tournament.models import Person, Player
from tournament.registration.services import PairData, pair_register


def _event(organizer, slug):
    return tournament_create(organizer=organizer, by=user_actor(organizer), name=slug, slug=slug)


def _pair(t, organizer, name, p1, p2, phone1="", phone2=""):
    data = PairData(name=name, unit="扬州", player1=p1, player2=p2, phone1=phone1, phone2=phone2)
    return pair_register(tournament=t, data=data, by=user_actor(organizer))


def test_phone_and_member_keys():
    assert phone_key("+86 138-0000-0001") == "13800000001"
    assert phone_key("138 0000 0001") == "13800000001"
    assert member_key(" ｊｓ００１２ ") == "JS0012"


@pytest.mark.django_db
def test_same_name_and_phone_is_one_person_across_events(organizer):
    a, b = _event(organizer, "a"), _event(organizer, "b")
    _pair(a, organizer, "甲", "张三", "李四", "13800000001", "")
    _pair(b, organizer, "乙", "张三", "李四", "138 0000 0001", "")
    # Registering links: nothing is left for the rule to do afterwards.
    assert link_event(a) == 0
    assert link_event(b) == 0
    zhang = Person.objects.get(name="张三")
    assert Player.objects.filter(person=zhang).count() == 2
    # 李四 has no phone and no number: two persons, for an organizer to confirm.
    assert Person.objects.filter(name="李四").count() == 2


@pytest.mark.django_db
def test_member_number_wins_and_is_taken_by_a_name_and_phone_match(organizer):
    a, b = _event(organizer, "a"), _event(organizer, "b")
    _pair(a, organizer, "甲", "张三", "李四", "13800000001", "")
    pair = _pair(b, organizer, "乙", "张三", "王五", "13800000001", "")
    Player.objects.filter(pair=pair, position=1).update(member_no="js001", person=None)
    assert link_event(b) == 1
    zhang = Person.objects.get(name="张三")
    assert zhang.number == "JS001"
    assert zhang.seats.count() == 2
