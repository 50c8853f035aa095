"""The foul log (犯规记录) of a round, and its effect on the table's result (docs/rules.md §7).

Where the fouls are counted depends on how the table is recorded:

- on a deal-by-deal sheet, a foul or warning is also a step of the sheet, so the rules
  engine applies its level penalty, turns two warnings in one deal into a foul and ends
  the match on the third foul or the third hidden card;
- with final levels only, the log is the count (``rules.fouls.count_fouls``, under the
  event's options), and where the event has the three-fouls defeat (docs/rules.md §7.3) a side's
  third foul in the round ends the match as its defeat.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from rules.fouls import count_fouls, penalty_words, three_fouls_lose
from rules.sides import opponent
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Refused
from tournament.models import Foul, Player, Table
from tournament.results import write_rule
from tournament.results.services import save_scoresheet
from tournament.results.table_write import lock_table, require_write, save_table, snapshot
from tournament.standings.selectors import ruleset
from tournament.text.messages.audit import MSG_AUDIT_FOUL, MSG_AUDIT_FOUL_COUNTS, about_table, term

MSG_FOUL_DEAL_RANGE = "foul_deal_range"
MSG_FOUL_HIDING_WARNING = "foul_hiding_warning"
MSG_FOUL_INCOMPLETE = "foul_incomplete"
MSG_FOUL_WRONG_PLAYER = "foul_wrong_player"


def penalty_text(tournament) -> dict[str, str]:
    """The penalty of each foul kind as the event's options apply it
    (:func:`rules.fouls.penalty_words`), in the reader's language."""
    return {kind: _(words) for kind, words in penalty_words(ruleset(tournament)).items()}


@transaction.atomic
def record_foul(
    table: Table,
    *,
    side: str,
    kind: str,
    severity: str,
    player: Player | None = None,
    deal_number: int | None = None,
    remark: str = "",
    levels: int = 0,
    by: Actor,
) -> Foul:
    """Write a foul or warning in the log and apply it to the table.

    Who may, in which state: the rule's ``foul`` path (:mod:`~tournament.results.write_rule`).
    On a confirmed table only the chief referee may add one, and the table then needs
    confirming again; on a disputed table the foul is logged and the ruling decides.
    """
    table = lock_table(table, None)
    require_write(table, by.via("referee"), write_rule.FOUL)
    _check_foul(side=side, kind=kind, severity=severity)
    pair = table.ew if side == "EW" else table.ns
    _check_player_and_deal(table, pair, player, deal_number)
    if deal_number is None and table.deals:
        # On a sheet the deal in play is known: the log then pairs warnings as the engine does.
        deal_number = deals_played(table) + 1
    foul = Foul.objects.create(
        table=table,
        pair=pair,
        player=player,
        kind=kind,
        severity=severity,
        levels=levels,
        deal_number=deal_number,
        referee=by.person,
        remark=remark,
    )
    _log_foul(foul, side=side, by=by)
    if table.state != Table.DISPUTED:
        _apply_foul(table, foul, side=side, by=by)
    return foul


def _log_foul(foul: Foul, *, side: str, by: Actor) -> None:
    table = foul.table
    log_action(
        tournament=table.round.tournament,
        by=by,
        action="foul.add",
        obj=table,
        summary=about_table(
            MSG_AUDIT_FOUL,
            table,
            team=foul.pair.name,
            kind=term(foul.get_kind_display()),
            severity=term(foul.get_severity_display()),
        ),
        after={
            "side": side,
            "kind": foul.kind,
            "severity": foul.severity,
            "deal": foul.deal_number,
            "remark": foul.remark,
        },
    )


def _check_foul(*, side: str, kind: str, severity: str) -> None:
    """Refuse a foul that is incomplete or impossible."""
    if (
        side not in ("EW", "NS")
        or kind not in dict(Foul.KIND_CHOICES)
        or severity not in ("warning", "foul")
    ):
        raise Refused(MSG_FOUL_INCOMPLETE)
    if kind == "card_hiding" and severity == "warning":
        raise Refused(MSG_FOUL_HIDING_WARNING)


def _apply_foul(table: Table, foul: Foul, *, side: str, by: Actor) -> None:
    """Apply a logged foul to the table: a step on a sheet in play, else a recount."""
    if table.mode == "deals" and table.deals and table.state in (Table.EMPTY, Table.IN_PLAY):
        save_scoresheet(
            table,
            [*table.deals, foul_step(side, foul.kind, foul.severity, foul.levels)],
            version=table.version,
            by=by,
            allow_fouls=True,
            path=write_rule.FOUL,
        )
    else:
        _recount(table, side, by=by)


def deals_played(table: Table) -> int:
    """Deals finished on the table's score sheet (0 when it is entered by final levels)."""
    return sum(1 for step in table.deals or [] if isinstance(step, dict) and "win" in step)


def _check_player_and_deal(table: Table, pair, player: Player | None, deal) -> None:
    """The player plays for the side charged; the deal is one played or the one in play.

    Without a score sheet the server does not know how many deals were played, so only a
    table kept deal by deal bounds the deal number.
    """
    if player is not None and player.pair_id != pair.pk:
        raise Refused(MSG_FOUL_WRONG_PLAYER, player=player.name, team=pair.name)
    if deal is not None and table.deals and deal > deals_played(table) + 1:
        raise Refused(MSG_FOUL_DEAL_RANGE, n=deals_played(table), m=deals_played(table) + 1)


def foul_step(side: str, kind: str, severity: str, levels: int = 0) -> dict:
    """The score-sheet step of a logged foul or warning (see rules.steps)."""
    if severity == "warning" and kind != "wrong_count":
        return {"warning": side, "kind": kind}
    # A wrong card count is always a foul step: the engine makes the first one a warning.
    step = {"foul": side, "kind": kind}
    if kind in ("time_delay", "signalling", "other") and levels:
        step["levels"] = levels
    return step


def foul_count(table: Table, pair) -> int:
    """Fouls in the log for one side, counted by ``rules.fouls.count_fouls`` (docs/rules.md §7)."""
    log = Foul.objects.filter(table=table, pair=pair).order_by("created_at", "pk")
    entries = log.values_list("kind", "severity", "deal_number")
    return count_fouls(ruleset(table.round.tournament), entries)


def doubled_warnings(fouls) -> dict[int, str]:
    """The warnings that made a foul, by id, each with why (docs/rules.md §7): the second
    warning of a deal, or a wrong card count after the first of the match (报牌错误: a
    warning once, then a foul in any deal, §7.1; an earlier wording called it the deal's
    second warning, which misled the referees).

    Counted with the rule itself: a warning made a foul when the side's log up to it
    counts one more foul than the log before it. Pages mark it, so the log reads like the
    sheet and the count.
    """
    by_side: dict[tuple[int, int], list[Foul]] = {}
    for foul in sorted(fouls, key=lambda f: (f.created_at, f.pk)):
        by_side.setdefault((foul.table_id, foul.pair_id), []).append(foul)
    doubled: dict[int, str] = {}
    for group in by_side.values():
        rules = ruleset(group[0].table.round.tournament)
        log = [(f.kind, f.severity, f.deal_number) for f in group]
        for i, foul in enumerate(group):
            if foul.severity == "warning" and (
                count_fouls(rules, log[: i + 1]) > count_fouls(rules, log[:i])
            ):
                doubled[foul.pk] = (
                    _("再次报牌错误，计犯规1次")
                    if foul.kind == "wrong_count"
                    else _("同一副第二次警告，计犯规1次")
                )
    return doubled


def _recount(table: Table, side: str, *, by: Actor) -> None:
    pair = table.ew if side == "EW" else table.ns
    count = foul_count(table, pair)
    before = snapshot(table)
    setattr(table, "ew_fouls" if side == "EW" else "ns_fouls", count)
    lost = three_fouls_lose(ruleset(table.round.tournament), count)
    if lost and not table.forfeit and not table.defeat_side:
        table.defeat_side = side
        table.defeat_reason = "three_fouls"
        table.winner = opponent(side)
        if table.state in (Table.EMPTY, Table.IN_PLAY):
            table.state = Table.ENTERED
            table.entered_by = by.person
            table.entered_via = "foul_log"
    if table.state == Table.CONFIRMED and before != snapshot(table):
        table.state = Table.ENTERED  # the chief's change needs a second look like any entry
    if before == snapshot(table):
        return
    save_table(
        table,
        by=by,
        action="result.fouls",
        before=before,
        summary=about_table(MSG_AUDIT_FOUL_COUNTS, table),
    )
