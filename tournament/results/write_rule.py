"""The one rule of who may write what to a table in which state: :func:`may_write`.

Plain Python (no Django): the table below is the whole rule, and reads as its documentation.
Every path that writes a table's result asks it under the table's lock
(:func:`tournament.results.table_write.require_write`), and the table-write primitives
refuse a table the rule was not asked about (``save_match``, ``confirm_tables``,
``enter_first``).

Vocabulary
----------
actor kind
    Who writes, as the rule sees them (:data:`ACTORS`): ``side`` (a player through a side's
    link, no PIN), ``side_pin`` (the same with that side's right PIN: only a confirmation
    asks for one), ``referee`` (a referee whose tables include this one, or who has them
    all), ``elsewhere`` (a referee assigned to other tables), ``chief`` (the chief referee,
    or the organizer, who has the chief's rights), ``shell`` (the command line without an
    account: whoever runs it has the server) and ``outsider`` (no right in the event).
path
    The way a write comes in (:data:`PATHS`): ``form`` (final levels on the staff page),
    ``slip`` (final levels through a side's link, the slip's QR code), ``late`` (an entry a
    phone kept and sent by itself after the table changed: its version is stale),
    ``sheet`` (the staff's deal-by-deal sheet), ``player_sheet`` (a side's sheet),
    ``import`` (a clerk's results sheet, on the web or the command line), ``confirm`` (a
    second person's confirmation), ``foul`` (the foul log), ``absence`` (a forfeit for
    lateness), ``checkin_absence`` (the forfeit of a pair marked absent at check-in, set on
    a fresh table as its round is drawn: the round is still a draft), ``ruling`` (the chief settles a dispute: 采用此成绩 or 裁判长裁定) and
    ``correction`` (the chief sets a table's result outside a dispute, 裁判长裁定（直接确认）).
state
    The table's state (``Table.state``) when the write is decided (:data:`STATES`).
decision
    ``write`` (the path goes on, with its own checks of what is written: the same person,
    the same values, a confirmation's PIN and gap), ``keep`` (kept for the record and shown
    to the chief referee as 确认后到达, nothing on the table changes) or ``refuse`` with a
    message code (texts in tournament/text/messages/services.py). ``deals_only``: the
    actor may add or change deals won only, never a referee's step (penalty, foul, warning,
    forfeit, time).

What the table says, in words: a confirmed table changes only by the chief referee's act
(a correction, a ruling, a foul the chief adds); a late entry finds it confirmed is kept,
never a dispute. A side writes only through its own link, deals won only, and confirms
only with its PIN. Nobody without rights at the table writes anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.messages import Message

# States, as Table.state stores them (a test checks they are the model's).
EMPTY, IN_PLAY, ENTERED, CONFIRMED, DISPUTED = (
    "empty",
    "in_play",
    "entered",
    "confirmed",
    "disputed",
)
STATES = (EMPTY, IN_PLAY, ENTERED, CONFIRMED, DISPUTED)

SIDE, SIDE_PIN, REFEREE, ELSEWHERE, CHIEF, SHELL, OUTSIDER = (
    "side",
    "side_pin",
    "referee",
    "elsewhere",
    "chief",
    "shell",
    "outsider",
)
ACTORS = (SIDE, SIDE_PIN, REFEREE, ELSEWHERE, CHIEF, SHELL, OUTSIDER)

FORM, SLIP, LATE, SHEET, PLAYER_SHEET, IMPORT = (
    "form",
    "slip",
    "late",
    "sheet",
    "player_sheet",
    "import",
)
CONFIRM, FOUL, ABSENCE, RULING, CORRECTION = "confirm", "foul", "absence", "ruling", "correction"
CHECKIN_ABSENCE = "checkin_absence"
PATHS = (
    *(FORM, SLIP, LATE, SHEET, PLAYER_SHEET, IMPORT, CONFIRM, FOUL, ABSENCE, CHECKIN_ABSENCE),
    *(RULING, CORRECTION),
)
# The paths written while the round is still a draft (drawn, not published); every other
# path writes only a published round that is not locked.
DRAFT_PATHS = (CHECKIN_ABSENCE,)

WRITE, KEEP, REFUSE = "write", "keep", "refuse"


@dataclass(frozen=True)
class Decision:
    verdict: str
    msg: str | Message = ""  # the message code of a refusal (a round's: code and parameters)
    deals_only: bool = False

    @property
    def writes(self) -> bool:
        return self.verdict == WRITE

    def __str__(self) -> str:
        text = self.msg if self.verdict == REFUSE else self.verdict
        return f"{text}+deals_only" if self.deals_only else text


def _no(msg: str) -> Decision:
    return Decision(REFUSE, msg)


W = Decision(WRITE)
DEALS = Decision(WRITE, deals_only=True)  # a side: deals won only
KEPT = Decision(KEEP)  # for the record; changes nothing
# A side's entry kept for the record: checked as the side's write is, deals won only.
KEPT_DEALS = Decision(KEEP, deals_only=True)
# Message codes of the refusals (texts in tournament/text/messages/services.py).
MSG_NO_RIGHT = "no_right"
MSG_NOT_YOUR_TABLE = "not_your_table"
MSG_ALREADY_CONFIRMED = "already_confirmed"
MSG_SHEET_CLOSED = "sheet_closed"
MSG_NOTHING_TO_CONFIRM = "nothing_to_confirm"
MSG_PIN = "pin_wrong"
MSG_FOUL_CONFIRMED = "foul_confirmed"
MSG_NOT_A_DISPUTE = "not_a_dispute"
MSG_FRESH_ONLY = "checkin_absence_fresh"

NO = _no(MSG_NO_RIGHT)
ELSE = _no(MSG_NOT_YOUR_TABLE)
DONE = _no(MSG_ALREADY_CONFIRMED)
CLOSED = _no(MSG_SHEET_CLOSED)
NOTHING = _no(MSG_NOTHING_TO_CONFIRM)
PIN = _no(MSG_PIN)
FOUL_DONE = _no(MSG_FOUL_CONFIRMED)
NO_DISPUTE = _no(MSG_NOT_A_DISPUTE)
FRESH = _no(MSG_FRESH_ONLY)

# path -> actor kind -> the decision in each state, in the order of STATES:
#                      empty    in_play  entered  confirmed  disputed
RULE: dict[str, dict[str, tuple[Decision, ...]]] = {
    FORM: {
        SIDE: (NO, NO, NO, NO, NO),  # a side enters through its link (slip)
        SIDE_PIN: (NO, NO, NO, NO, NO),
        REFEREE: (W, W, W, DONE, W),  # disputed: kept on file for the ruling
        ELSEWHERE: (ELSE, ELSE, ELSE, ELSE, ELSE),
        CHIEF: (W, W, W, W, W),  # confirmed: a correction; disputed: a ruling
        SHELL: (NO, NO, NO, NO, NO),  # the command line enters by import
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    SLIP: {
        SIDE: (W, W, W, DONE, W),  # another's entry: the same is confirmed by PIN only
        SIDE_PIN: (W, W, W, DONE, W),
        REFEREE: (NO, NO, NO, NO, NO),
        ELSEWHERE: (NO, NO, NO, NO, NO),
        CHIEF: (NO, NO, NO, NO, NO),
        SHELL: (NO, NO, NO, NO, NO),
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    LATE: {
        SIDE: (DEALS, DEALS, DEALS, KEPT_DEALS, DEALS),
        SIDE_PIN: (DEALS, DEALS, DEALS, KEPT_DEALS, DEALS),
        REFEREE: (W, W, W, KEPT, W),
        ELSEWHERE: (ELSE, ELSE, ELSE, ELSE, ELSE),
        CHIEF: (W, W, W, KEPT, W),  # the chief corrects a confirmed table knowingly
        SHELL: (NO, NO, NO, NO, NO),  # no phone
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    SHEET: {
        SIDE: (NO, NO, NO, NO, NO),
        SIDE_PIN: (NO, NO, NO, NO, NO),
        REFEREE: (W, W, W, CLOSED, CLOSED),  # entered: only its own entry
        ELSEWHERE: (ELSE, ELSE, ELSE, ELSE, ELSE),
        CHIEF: (W, W, W, CLOSED, CLOSED),  # the chief corrects by the form
        SHELL: (NO, NO, NO, NO, NO),
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    PLAYER_SHEET: {
        SIDE: (DEALS, DEALS, DEALS, CLOSED, CLOSED),
        SIDE_PIN: (DEALS, DEALS, DEALS, CLOSED, CLOSED),
        REFEREE: (NO, NO, NO, NO, NO),
        ELSEWHERE: (NO, NO, NO, NO, NO),
        CHIEF: (NO, NO, NO, NO, NO),
        SHELL: (NO, NO, NO, NO, NO),
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    IMPORT: {
        SIDE: (NO, NO, NO, NO, NO),
        SIDE_PIN: (NO, NO, NO, NO, NO),
        REFEREE: (W, W, W, DONE, W),
        ELSEWHERE: (ELSE, ELSE, ELSE, ELSE, ELSE),
        CHIEF: (W, W, W, W, W),
        SHELL: (W, W, W, DONE, W),
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    CONFIRM: {
        SIDE: (NOTHING, NOTHING, PIN, NOTHING, NOTHING),
        SIDE_PIN: (NOTHING, NOTHING, W, NOTHING, NOTHING),
        REFEREE: (NOTHING, NOTHING, W, NOTHING, NOTHING),  # never the own entry
        ELSEWHERE: (ELSE, ELSE, ELSE, ELSE, ELSE),
        CHIEF: (NOTHING, NOTHING, W, NOTHING, NOTHING),
        SHELL: (NOTHING, NOTHING, W, NOTHING, NOTHING),  # import_results --lock
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    FOUL: {
        SIDE: (NO, NO, NO, NO, NO),
        SIDE_PIN: (NO, NO, NO, NO, NO),
        REFEREE: (W, W, W, FOUL_DONE, W),  # disputed: logged, the ruling decides
        ELSEWHERE: (ELSE, ELSE, ELSE, ELSE, ELSE),
        CHIEF: (W, W, W, W, W),  # confirmed: the table needs confirming again
        SHELL: (NO, NO, NO, NO, NO),
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    ABSENCE: {
        SIDE: (NO, NO, NO, NO, NO),
        SIDE_PIN: (NO, NO, NO, NO, NO),
        REFEREE: (W, W, W, DONE, W),
        ELSEWHERE: (ELSE, ELSE, ELSE, ELSE, ELSE),
        CHIEF: (W, W, W, W, W),
        SHELL: (NO, NO, NO, NO, NO),
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    CHECKIN_ABSENCE: {  # who draws the round: the organizer (chief's rights) or the shell
        SIDE: (NO, NO, NO, NO, NO),
        SIDE_PIN: (NO, NO, NO, NO, NO),
        REFEREE: (NO, NO, NO, NO, NO),  # a referee never draws a round
        ELSEWHERE: (ELSE, ELSE, ELSE, ELSE, ELSE),
        CHIEF: (W, FRESH, FRESH, FRESH, FRESH),  # a fresh table only: nothing to overwrite
        SHELL: (W, FRESH, FRESH, FRESH, FRESH),  # manage.py pair
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    RULING: {
        SIDE: (NO, NO, NO, NO, NO),
        SIDE_PIN: (NO, NO, NO, NO, NO),
        REFEREE: (NO, NO, NO, NO, NO),
        ELSEWHERE: (NO, NO, NO, NO, NO),
        CHIEF: (NO_DISPUTE, NO_DISPUTE, NO_DISPUTE, NO_DISPUTE, W),
        SHELL: (NO, NO, NO, NO, NO),
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
    CORRECTION: {
        SIDE: (NO, NO, NO, NO, NO),
        SIDE_PIN: (NO, NO, NO, NO, NO),
        REFEREE: (NO, NO, NO, NO, NO),
        ELSEWHERE: (NO, NO, NO, NO, NO),
        CHIEF: (W, W, W, W, W),
        SHELL: (NO, NO, NO, NO, NO),
        OUTSIDER: (NO, NO, NO, NO, NO),
    },
}


def may_write(actor: str, path: str, state: str) -> Decision:
    """The rule's decision for ``actor`` (a kind, :data:`ACTORS`) writing by ``path`` to a
    table in ``state``. An unknown kind, path or state is a programming error (KeyError).

    >>> str(may_write(REFEREE, LATE, CONFIRMED)), str(may_write(CHIEF, CORRECTION, CONFIRMED))
    ('keep', 'write')
    >>> str(may_write(SIDE, PLAYER_SHEET, IN_PLAY)), str(may_write(SIDE, CONFIRM, ENTERED))
    ('write+deals_only', 'pin_wrong')
    """
    return RULE[path][actor][STATES.index(state)]
