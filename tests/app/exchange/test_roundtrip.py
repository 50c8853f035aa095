"""The exchange file (tournament/exchange, docs/exchange.md): every kind of event exported,
checked against the schema and imported back with the same places."""

from __future__ import annotations

import pytest

from tournament.core.actors import user_actor
from tournament.exchange.checks import check_document
from tournament.exchange.document import event_document
from tournament.exchange.importer import import_document
from tournament.models import Round


def _strip(doc: dict, *, lots: bool = False) -> dict:
    """A document without what differs between two exports of the same results (``lots``:
    and the order of entries tied on points and 级差分, which a pairs or team event decides
    by lots drawn with the database's ids: they may fall the other way in a copy)."""
    out = {k: v for k, v in doc.items() if k not in ("exported_at", "revision")}
    out["event"] = {k: v for k, v in doc["event"].items() if k != "slug"}
    if lots:
        out["places"] = sorted(
            (p["rank"], p["points"], p["level_diff"], p["entry"]) for p in doc["places"]
        )
        ties = {}
        for _rank, points, diff, entry in out["places"]:
            ties.setdefault((points, diff), set()).add(entry)
        out["places"] = [(r, p, d, sorted(ties[(p, d)])) for r, p, d, _e in out["places"]]
    return out


@pytest.mark.django_db
def test_pairs_event_round_trip(event, organizer):
    doc = event_document(event)
    check_document(doc)
    assert [r["number"] for r in doc["rounds"]] == list(
        Round.objects.filter(tournament=event, status="locked").values_list("number", flat=True)
    )
    outcome = import_document(doc, slug="spring-copy", by=user_actor(organizer))
    assert outcome.status == "created"
    again = event_document(outcome.tournament)
    assert _strip(again) == _strip(doc)


def _levels(table):
    return ("A", "5") if table.number % 2 else ("8", "A")


@pytest.mark.django_db
def test_team_event_round_trip(organizer):
    from tests.app.teams.team_event import build_team_event, play_round

    t = build_team_event(organizer, rounds=3)
    play_round(t, organizer, _levels)
    play_round(t, organizer, _levels)
    doc = event_document(t)
    check_document(doc)
    assert doc["entries"]["teams"] and doc["line_ups"] is not None
    assert len(doc["players"]) == sum(len(team["members"]) for team in doc["entries"]["teams"])
    outcome = import_document(doc, slug="teams-copy", by=user_actor(organizer))
    assert _strip(event_document(outcome.tournament), lots=True) == _strip(doc, lots=True)


@pytest.mark.django_db
def test_individual_event_round_trip(organizer):
    from tests.app.individuals.individual_event import build_individual_event, play_round

    t = build_individual_event(organizer, rounds=3)
    play_round(t, organizer, _levels)
    play_round(t, organizer, _levels)
    doc = event_document(t)
    check_document(doc)
    assert len(doc["players"]) == 18
    outcome = import_document(doc, slug="solo-copy", by=user_actor(organizer))
    assert _strip(event_document(outcome.tournament)) == _strip(doc)


@pytest.mark.django_db
def test_knockout_event_round_trip(organizer, chief, referee, register):
    """A bracket's pair ids travel as the file's ids and come back as the new event's."""
    from tests.app.events.test_stages import create, play_round
    from tournament.rounds.pairing import draw, pair_next_round

    t = create(organizer, chief, referee, slug="ko4", name="淘汰", format="knockout", rounds=2)
    for i in range(1, 5):
        register(t, f"队{i}")
    draw(t, seed=1, by=user_actor(None))
    for _ in range(2):
        play_round(pair_next_round(t, by=user_actor(None)), organizer, referee, chief)
    doc = event_document(t)
    check_document(doc)
    assert doc["stages"][0]["state"]["bracket"]
    outcome = import_document(doc, slug="ko4-copy", by=user_actor(organizer))
    assert _strip(event_document(outcome.tournament)) == _strip(doc)
