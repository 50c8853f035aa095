"""The foul log (犯规记录) of a round, and its effect on the table's result (RULES.md §7).

Where the fouls are counted depends on how the table is recorded:

- on a deal-by-deal sheet, a foul or warning is also a step of the sheet, so the rules
  engine applies its level penalty, turns two warnings in one deal into a foul and ends
  the match on the third foul or the third hidden card;
- with final levels only, the log is the count: two warnings to a side in the same deal
  add a foul, and a side's third foul in the round ends the match as its defeat.
"""

from __future__ import annotations

from django.db import transaction

from tournament.models import Foul, Match, Player
from tournament.results_check import THREE_FOULS
from tournament.services.audit import log_action
from tournament.services.results import ResultRefused, check_round_open, save_sheet, snapshot

PENALTY_TEXT = {
    "out_of_turn": "对方升1级",
    "card_hiding": "对方升1级，本方降1级",
    "wrong_count": "第1次重打并警告，第2次起每次犯规",
    "time_delay": "犯规1次",
    "signalling": "警告；严重者罚级直至取消资格",
    "other": "按裁判判罚",
}


def _opponent(side: str) -> str:
    return "NS" if side == "EW" else "EW"


@transaction.atomic
def record_foul(
    match: Match,
    *,
    side: str,
    kind: str,
    severity: str,
    player: Player | None = None,
    deal_number: int | None = None,
    remark: str = "",
    levels: int = 0,
    user=None,
    request=None,
) -> Foul:
    """Write a foul or warning in the log and apply it to the table."""
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("round__tournament", "ew", "ns")
        .get(pk=match.pk)
    )
    check_round_open(match)
    if match.is_bye:
        raise ResultRefused("轮空没有对手，不能记录犯规")
    if (
        side not in ("EW", "NS")
        or kind not in dict(Foul.KIND_CHOICES)
        or severity not in ("warning", "foul")
    ):
        raise ResultRefused("犯规记录不完整")
    team = match.ew if side == "EW" else match.ns
    foul = Foul.objects.create(
        match=match, team=team, player=player, kind=kind, severity=severity, levels=levels,
        deal_number=deal_number, referee=user if user is not None and user.is_authenticated else None,
        remark=remark,
    )  # fmt: skip
    log_action(
        tournament=match.round.tournament, user=user, request=request, action="foul.add", obj=match,
        summary=f"{match}：{team.name} {foul.get_kind_display()}（{foul.get_severity_display()}）",
        after={"side": side, "kind": kind, "severity": severity, "deal": deal_number, "remark": remark},
    )  # fmt: skip
    if (
        match.mode == "deals"
        and match.deals is not None
        and match.state in (Match.EMPTY, Match.IN_PLAY)
    ):
        step = {"foul" if severity == "foul" else "warning": side, "kind": kind}
        if severity == "foul" and kind == "other" and levels:
            step["levels"] = levels
        save_sheet(match, [*match.deals, step], version=match.version, user=user, request=request)
    else:
        _recount(match, side, user=user, request=request)
    return foul


def foul_count(match: Match, team) -> int:
    """Fouls in the log for one side: each foul, plus one for every two warnings in one deal."""
    fouls = Foul.objects.filter(match=match, team=team)
    count = fouls.filter(severity="foul").count()
    warnings: dict[int | None, int] = {}
    for deal in fouls.filter(severity="warning").values_list("deal_number", flat=True):
        warnings[deal] = warnings.get(deal, 0) + 1
    # Warnings without a deal number cannot be paired up: they stay warnings.
    count += sum(n // 2 for deal, n in warnings.items() if deal is not None)
    return count


def _recount(match: Match, side: str, *, user, request) -> None:
    team = match.ew if side == "EW" else match.ns
    count = foul_count(match, team)
    before = snapshot(match)
    setattr(match, "ew_fouls" if side == "EW" else "ns_fouls", count)
    if count >= THREE_FOULS and not match.forfeit and not match.defeat_side:
        match.defeat_side = side
        match.defeat_reason = "three_fouls"
        match.winner = _opponent(side)
        if match.state in (Match.EMPTY, Match.IN_PLAY):
            match.state = Match.ENTERED
            match.entered_by = user if user is not None and user.is_authenticated else None
            match.entered_via = "foul_log"
    match.version += 1
    match.save()
    if before != snapshot(match):
        log_action(
            tournament=match.round.tournament, user=user, request=request, action="result.fouls",
            obj=match, summary=f"{match}：犯规次数更新", before=before, after=snapshot(match),
        )  # fmt: skip
