"""Issue 46's "merge and unmerge through the browser, audited; a hidden player appears on
no public page": an organizer merges two persons from the suggested matches, undoes it from
the merge history, reads both acts in the people audit, then hides a player, whose name no
public player page then shows."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.app.people.people_world import team_events, twins
from tests.browser.conftest import signed_in
from tests.browser.taps import tap, wait_shown
from tournament.models import Person, PersonMerge

pytestmark = pytest.mark.django_db(transaction=True)


def accept(page) -> None:
    page.once("dialog", lambda dialog: dialog.accept())


def test_merge_unmerge_and_hide_through_the_pages(live_server, phone, organizer):
    team_events(organizer)
    a, b = twins()
    page = phone()
    signed_in(page, live_server.url, "alice")
    page.goto(live_server.url + reverse("people_suggestions"))
    accept(page)
    with page.expect_navigation():
        tap(page, "li.suggestion button", f"合并，保留 #{a.pk}")
    wait_shown(page, "并入")
    assert Person.objects.get(pk=b.pk).merged_into_id == a.pk
    assert "参加的赛事" in page.content()

    page.goto(live_server.url + reverse("people_merges"))
    accept(page)
    with page.expect_navigation():
        tap(page, "button", "撤销合并")
    wait_shown(page, "已撤销合并")
    assert Person.objects.get(pk=b.pk).merged_into_id is None
    assert PersonMerge.objects.get().undone_at is not None

    page.goto(live_server.url + reverse("people_audit"))
    audit = page.inner_text("main")
    assert f"合并选手：苏州0号1（#{b.pk}）并入 苏州0号1（#{a.pk}）" in audit
    assert f"撤销合并：苏州0号1（#{b.pk}）从 苏州0号1（#{a.pk}）分出" in audit

    for person in (a, b):  # one player, registered in two events: two persons
        page.goto(live_server.url + reverse("person_detail", args=[person.pk]))
        with page.expect_navigation():
            tap(page, "button", "不在公开页面显示")
    assert set(Person.objects.filter(name="苏州0号1").values_list("hidden", flat=True)) == {True}
    audit_page = live_server.url + reverse("people_audit")
    page.goto(audit_page)
    assert page.inner_text("main").count("不在公开页面显示") == 2

    public = phone()
    for person in Person.objects.filter(merged_into=None):
        response = public.goto(live_server.url + reverse("player_page", args=[person.pk]))
        if person.hidden:
            assert response.status == 404
            continue
        assert response.status == 200
        assert "苏州0号1" not in public.content(), person.name
