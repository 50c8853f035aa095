"""Archives restore exactly: under each of the four profiles, an event built
through the services is exported and imported again at each stage — registered; drawn;
round 1 published; mid-round with a dispute and a deal sheet; locked; in a knockout stage;
finished — and the copy is compared with the original field by field.

The comparison is generic (:func:`differences`): every part of the archive
(``archive.PARTS``), every concrete field of its model, so a model or field added later is
compared without touching this test. References are compared by the position of the row
they point at (primary keys differ), users by username. Each event is built once, stage by
stage, with a round trip after each stage: the copies sit beside it under other slugs.
"""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from rules.profiles import PROFILES, profile_options
from tournament.archive.checks import IMPORTED_MARK
from tournament.archive.importer import import_archive_file
from tournament.archive.write import JSON_PAIR_IDS, MODEL_NAMES, PARTS, write_archive
from tournament.core.actors import user_actor
from tournament.events.services import tournament_create
from tournament.events.staff import staff_add
from tournament.events.stages import stage_add
from tournament.models import (
    Absence,
    AuditEntry,
    Pair,
    Person,
    Round,
    SignUp,
    Staff,
    Table,
    Tournament,
)
from tournament.registration.forbidden_pairings import add_forbidden
from tournament.registration.services import PairData, pair_register
from tournament.results.checks import check_result
from tournament.results.fouls import record_foul
from tournament.results.lateness import record_absence
from tournament.results.services import (
    confirm_result,
    dispute_entries,
    pick_entry,
    save_scoresheet,
    submit_result,
)
from tournament.rounds.lifecycle import lock_round, publish_round, start_round
from tournament.rounds.pairing import draw, next_round_problem, pair_next_round
from tournament.signup.checkin import check_in, mark_missing
from tournament.signup.fees import fee_mark, save_config
from tournament.signup.services import signup_approve, signup_submit
from tournament.standings.selectors import ruleset

# Each test writes media (photos of score sheets, files an archive brings) in a folder of its own.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]
PAIRS = 8
SKIPPED = {(Tournament, "slug")}  # the copy's own slug


# -- the comparison ------------------------------------------------------------------------


def _ordinals(model, tournament: Tournament, to_tournament: str) -> dict[int, int]:
    pks = model.objects.filter(**{to_tournament: tournament}).order_by("pk")
    return {pk: i for i, pk in enumerate(pks.values_list("pk", flat=True), start=1)}


def _positions(tournament: Tournament) -> dict[type, dict[int, int]]:
    """Each archived row's position (1, 2, …) among its kind in this tournament."""
    found = {Tournament: {tournament.pk: 1}}
    for part in PARTS:
        found[part.model] = _ordinals(part.model, tournament, part.to_tournament)
    return found


def _usernames() -> dict[int, str]:
    return dict(get_user_model().objects.values_list("pk", "username"))


def _comparable(model, row: dict, at: dict, names: dict) -> dict:
    """A row with every reference as a position or a username, and the import's marks off."""
    out = {}
    for f in model._meta.concrete_fields:
        if f.primary_key or (model, f.name) in SKIPPED:
            continue
        value = row[f.attname]
        if f.is_relation and f.related_model is Person:
            continue  # not archived: the copy is linked again by the identity rule
        if f.is_relation:
            target = f.related_model
            value = names.get(value) if target is get_user_model() else at[target].get(value)
        elif (model, f.name) in JSON_PAIR_IDS:
            value = JSON_PAIR_IDS[(model, f.name)](value, lambda pk: at[Pair].get(pk, pk))
        out[f.name] = value
    if model is AuditEntry:
        target = MODEL_NAMES.get(out["object_type"])
        if target is not None and str(out["object_id"]).isdigit():
            out["object_id"] = ("row", at[target].get(int(out["object_id"])))
        out["summary"] = out["summary"].removeprefix(IMPORTED_MARK)
    if model is SignUp:  # the private link is unique here: the copy has a new one
        out["token"] = len(out["token"]) == 43
    return out


def _rows(model, tournament: Tournament, to_tournament: str) -> list[dict]:
    where = tournament.pk if to_tournament == "pk" else tournament
    qs = model.objects.filter(**{to_tournament: where}).order_by("pk").values()
    if model is AuditEntry:
        qs = qs.exclude(action="archive.import")
    return list(qs)


def differences(original: Tournament, copy: Tournament) -> list[str]:
    """Every field of every archived row that differs between the two events."""
    names = _usernames()
    at = {t.pk: _positions(t) for t in (original, copy)}
    kinds = [(Tournament, "pk")] + [(p.model, p.to_tournament) for p in PARTS]
    found = []
    for model, link in kinds:
        link = "pk" if model is Tournament else link
        a, b = (
            [_comparable(model, r, at[t.pk], names) for r in _rows(model, t, link)]
            for t in (original, copy)
        )
        if len(a) != len(b):
            found.append(f"{model.__name__}: {len(a)} rows, the copy {len(b)}")
            continue
        for number, (x, y) in enumerate(zip(a, b, strict=True), start=1):
            found += [
                f"{model.__name__} #{number}.{k}: {x[k]!r} != {y[k]!r}" for k in x if x[k] != y[k]
            ]
    return found


def round_trip(t: Tournament, stage: str) -> None:
    """Export (``.json.gz``, streamed), import under a new slug, compare."""
    out = io.BytesIO()
    write_archive(Tournament.objects.get(pk=t.pk), out)
    out.seek(0)
    copy = import_archive_file(out, slug=f"{t.slug}-{stage}", map_users=True).tournament
    problems = differences(Tournament.objects.get(pk=t.pk), copy)
    assert not problems, f"{t.slug} at stage {stage!r}:\n" + "\n".join(problems[:30])


# -- the event, stage by stage ---------------------------------------------------------------


def _fresh(obj):
    return type(obj).objects.get(pk=obj.pk)


def registered(profile: str, organizer, chief, referee) -> Tournament:
    options = profile_options(profile)
    if options["format"] == "swiss":
        options["rounds"] = 1  # then a knockout stage: the bracket is archived too
    t = tournament_create(
        organizer=organizer, slug=profile.replace("_", "-"), name=f"存档{profile}", **options
    )
    t.profile = profile
    t.save()
    staff_add(
        tournament=t, username=chief.username, role=Staff.CHIEF_REFEREE, by=user_actor(organizer)
    )
    staff_add(tournament=t, username=referee.username, role=Staff.REFEREE, by=user_actor(organizer))
    staff_add(
        tournament=t,
        username=f"{t.slug}-台1",
        role=Staff.REFEREE,
        tables="1-2",
        by=user_actor(organizer),
    )
    pairs = [
        pair_register(
            tournament=t,
            data=PairData(
                name=f"金陵{i}队", unit=f"单位{i % 3}", player1=f"王{i}", player2=f"李{i}"
            ),
            by=user_actor(organizer),
        )
        for i in range(1, PAIRS)
    ]
    save_config(
        tournament=t,
        fields={"is_open": True, "needs_approval": True, "fee": 50},
        qr=None,
        by=user_actor(organizer),
    )
    data = PairData(name="网上报名队", unit="单位0", player1="赵一", player2="钱二")
    signup = signup_submit(
        tournament=t, data=data, emails=("a@example.com", ""), by=user_actor(None)
    )
    signup = signup_approve(signup=signup, by=user_actor(organizer))
    fee_mark(signup=signup, status=SignUp.PAID, by=user_actor(organizer))
    add_forbidden(t, pairs[0].pk, pairs[1].pk, by=user_actor(organizer))
    for pair in pairs[:6]:
        check_in(pair=pair, method="typed", by=user_actor(chief))
    mark_missing(
        tournament=t,
        action="absent",
        round_number=1,
        pair_ids=[pairs[6].pk],
        by=user_actor(organizer),
    )
    return t


def _result(t: Tournament, table: Table, *, good: bool = True):
    levels = ("A+", "2") if good else ("K", "3")
    partner = "2" if good and t.scoring == "hundred_plus" else ""  # 100+: how A was passed
    return check_result(ruleset(t), ew_level=levels[0], ns_level=levels[1], pass_partner=partner)


def _open_tables(round_: Round):
    return list(round_.tables.exclude(ns=None).exclude(state=Table.CONFIRMED).order_by("number"))


def mid_round(t: Tournament, r: Round, chief, referee) -> None:
    """A dispute (two entries that disagree), a deal-by-deal sheet, a foul, a late pair."""
    start_round(_fresh(r), by=user_actor(chief))
    first, second, third, *_ = _open_tables(r)
    m = submit_result(first, _result(t, first), version=first.version, by=user_actor(referee))
    submit_result(_fresh(m), _result(t, m, good=False), version=m.version, by=user_actor(chief))
    sheet = [{"win": "EW", "partner": 2}, {"win": "NS", "partner": 3}]
    save_scoresheet(second, sheet, version=second.version, by=user_actor(referee))
    record_foul(_fresh(second), side="NS", kind="other", severity="warning", by=user_actor(referee))
    later = timezone.now() + dt.timedelta(hours=2)
    record_absence(_fresh(third), "NS", by=user_actor(chief), now=later)


def finish_round(t: Tournament, r: Round, organizer, chief, referee) -> None:
    """The dispute ruled, every other table entered and confirmed, the round locked."""
    for m in r.tables.exclude(ns=None):
        m = _fresh(m)
        if m.state == Table.DISPUTED:
            entry = dispute_entries(m)[0]
            m = pick_entry(m, entry.pk, version=m.version, by=user_actor(chief))
        elif m.state == Table.IN_PLAY:  # the deal-by-deal sheet ends at time
            m = save_scoresheet(
                m, [*m.deals, {"time": True}], version=m.version, by=user_actor(referee)
            )
        elif m.state == Table.EMPTY:
            m = submit_result(m, _result(t, m), version=m.version, by=user_actor(referee))
        m = _fresh(m)
        if m.state != Table.CONFIRMED:
            by = chief if m.entered_by_id != chief.pk else organizer
            confirm_result(m, version=m.version, by=user_actor(by))
    lock_round(_fresh(r), by=user_actor(chief))


def next_round(t: Tournament, organizer) -> Round:
    r = pair_next_round(_fresh(t), by=user_actor(organizer))
    publish_round(_fresh(r), by=user_actor(organizer))
    return _fresh(r)


# The full run restores every profile's event; a quick run the Swiss one of 26 points.
@pytest.mark.parametrize(
    "profile",
    [
        p if p == "swiss_points26" else pytest.param(p, marks=pytest.mark.slow)
        for p in sorted(PROFILES)
    ],
)
def test_an_archive_restores_the_event_at_every_stage(profile, organizer, chief, referee):
    t = registered(profile, organizer, chief, referee)
    assert t.signups.get().pair and t.staff.filter(tables="1-2") and Absence.objects.count()
    round_trip(t, "registered")
    draw(_fresh(t), seed=11, by=user_actor(organizer))
    round_trip(t, "drawn")
    r = next_round(t, organizer)
    round_trip(t, "published")
    mid_round(t, r, chief, referee)
    states = set(r.tables.values_list("state", flat=True))
    assert {Table.DISPUTED, Table.IN_PLAY} <= states and r.tables.filter(fouls__isnull=False)
    round_trip(t, "mid-round")
    finish_round(t, r, organizer, chief, referee)
    round_trip(t, "locked")
    t = _fresh(t)
    if t.format != "knockout":
        stage_add(
            t,
            kind="knockout",
            name="决赛阶段",
            rounds=2,
            qualify={"top": 4},
            by=user_actor(organizer),
        )
    r = next_round(t, organizer)
    while r.stage.kind != "knockout":  # the rest of a rotation stage first
        finish_round(t, r, organizer, chief, referee)
        r = next_round(t, organizer)
    assert "bracket" in r.stage.state or t.format == "knockout"
    round_trip(t, "knockout")
    finish_round(t, r, organizer, chief, referee)
    while next_round_problem(_fresh(t)) is None:
        r = next_round(t, organizer)
        finish_round(t, r, organizer, chief, referee)
    round_trip(t, "finished")


def test_the_comparison_sees_a_changed_field(organizer, chief, referee):
    t = registered("swiss_points26", organizer, chief, referee)
    out = io.BytesIO()
    write_archive(t, out)
    out.seek(0)
    copy = import_archive_file(out, slug="changed", map_users=True).tournament
    assert differences(t, copy) == []
    Staff.objects.filter(tournament=copy, tables="1-2").update(tables="3")
    copy.pairs.filter(name="金陵1队").update(draw_number=99)
    assert sorted(differences(t, copy)) == [
        "Pair #1.draw_number: None != 99",
        "Staff #3.tables: '1-2' != '3'",
    ]


def test_this_sessions_rows_travel_in_an_archive(organizer, chief, referee):
    """What issues 41 and 42 added: a sign-up held for the organizer (待核实), a knockout
    stage with its own number of games, and a late entry's ``result.kept`` audit line,
    exported and imported again field by field."""
    from rules.messages import Message
    from tournament.core.audit import log_action
    from tournament.text.messages.audit import MSG_AUDIT_KEPT_LATE

    t = registered(sorted(PROFILES)[0], organizer, chief, referee)
    SignUp.objects.filter(tournament=t).update(state=SignUp.HELD)
    stage_add(
        _fresh(t),
        kind="knockout",
        name="决赛",
        rounds=2,
        qualify={"top": 4},
        games=3,
        by=user_actor(None),
    )
    log_action(
        tournament=t,
        by=user_actor(referee),
        action="result.kept",
        obj=t,
        summary=Message(MSG_AUDIT_KEPT_LATE),
    )
    round_trip(t, "new-rows")
    copy = Tournament.objects.get(slug=f"{t.slug}-new-rows")
    assert copy.signups.get().state == SignUp.HELD
    assert copy.stages.filter(kind="knockout", games=3).count() == 1
    assert copy.audit.filter(action="result.kept").count() == 1
