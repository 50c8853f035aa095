"""The notes a score sheet prints: the scoring note under the result boxes (the event's
scoring in one line) and the fouls note beside 警告与犯规 (:func:`fouls_note`). The words are here; the numbers come from the system's table and the event's options
(:func:`scoring.system_numbers.note_numbers`), so the note says what the event scores: a
100+ event's forfeit option included.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.system_numbers import note_numbers
from tournament.printing.data import EventInfo

# match_points states its forfeit and its defeat in one clause: the two are the same score
# (tests/app/printing/test_scoring_note.py checks it).
SCORING_NOTES = {
    "points26": gettext_noop(
        "26分制：胜方%(win)s+级差，负方%(loss)s−级差，平局各%(draw)s分；"
        "弃权%(forfeit_win)s:%(forfeit_loss)s；三次藏牌判负%(defeat_win)s:%(defeat_loss)s"
    ),
    "match_points": gettext_noop(
        "胜%(win)s平%(draw)s负%(loss)s；级差分胜方+级差、负方−级差；弃权、迟到、三次犯规判负"
        "%(forfeit_win)s:%(forfeit_loss)s，级差分+%(forfeit_d)s:−%(forfeit_d)s"
    ),
    "hundred_plus": gettext_noop(
        "胜方%(win)s+级差（级差最多计%(winner_cap)s），负方得所升级数（最多%(loser_cap)s）；"
        "平局各得所升级数；弃权%(forfeit_win)s:%(forfeit_loss)s；"
        "三次藏牌判负%(defeat_win)s:%(defeat_loss)s"
    ),
}


def scoring_note(event: EventInfo) -> str:
    """The event's scoring in one line, its numbers from the scoring tables and options."""
    words = SCORING_NOTES.get(event.scoring)
    if words is None:
        return ""
    return _(words) % note_numbers(event.scoring, event.score_options)


# Which warnings make a foul (option ``two_warnings``, docs/rules.md §7.2): "none" prints
# nothing, since under the 细则 and the rotation rules a warning stays a warning.
TWO_WARNINGS_NOTES = {
    "gestures_only": gettext_noop("一副中两次越序出牌手势警告计一次犯规"),
    "any": gettext_noop("一副中任意两次警告计一次犯规"),
}


def fouls_note(event: EventInfo) -> str:
    """The hint beside 警告与犯规, from the event's foul options: the two-warnings rule if the
    event has one, three hidden cards (always, docs/rules.md §7), three fouls in a round only
    under ``three_fouls_defeat`` (§7.3)."""
    parts = []
    if event.two_warnings in TWO_WARNINGS_NOTES:
        parts.append(_(TWO_WARNINGS_NOTES[event.two_warnings]))
    parts.append(_("一场三次藏牌判负"))
    if event.three_fouls_defeat:
        parts.append(_("一轮三次犯规判负"))
    return _("；").join(parts)
