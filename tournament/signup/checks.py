"""The checks of a sign-up: the registration spreadsheet's own checks, applied to one pair.

A pair typed on the public page is checked as one row of a registration spreadsheet
(:func:`tournament.registration.registration_spreadsheet.check_registration`) against every
registered pair and every application still alive (waiting for approval or on the waiting list): the same
duplicate, look-alike (normalised names, :func:`tournament.core.normalize.normalize_name`) and
length checks as the import and the add-pair form, with the same messages.
"""

from __future__ import annotations

from tournament.core.errors import FieldErrors
from tournament.core.normalize import normalize_name
from tournament.models import Pair, Player, SignUp, Tournament
from tournament.registration.registration_spreadsheet import HEADERS, check_registration
from tournament.registration.services import PairData
from tournament.spreadsheets.table_file import RawTable

# The form field each sheet column stands for.
FIELD_OF_COLUMN = {
    HEADERS["team"][0]: "name",
    HEADERS["unit"][0]: "unit",
    HEADERS["player1"][0]: "player1",
    HEADERS["player2"][0]: "player2",
    HEADERS["phone"][0]: "phone1",
    HEADERS["phone2"][0]: "phone2",
}
_KEYS = ("team", "unit", "player1", "player2", "phone", "phone2")
ALIVE = (SignUp.PENDING, SignUp.WAITING)


def normalized(data: PairData) -> PairData:
    """``data`` with every name and phone in its stored form."""
    return PairData(
        **{k: normalize_name(v) if isinstance(v, str) else v for k, v in data.__dict__.items()}
    )


def _taken(tournament: Tournament, exclude: SignUp | None):
    """The pair names and the players (name → [(phone, pair)]) already spoken for."""
    pairs = Pair.objects.filter(tournament=tournament)
    alive = SignUp.objects.filter(tournament=tournament, state__in=ALIVE)
    if exclude is not None:
        alive = alive.exclude(pk=exclude.pk)
        if exclude.pair_id:
            pairs = pairs.exclude(pk=exclude.pair_id)
    names = list(pairs.values_list("name", flat=True))
    players: dict[str, list[tuple[str, str]]] = {}
    for name, phone, pair in Player.objects.filter(pair__in=pairs).values_list(
        "name", "phone", "pair__name"
    ):
        players.setdefault(name, []).append((phone, pair))
    for signup in alive:
        d = signup.data
        names.append(d.get("name", ""))
        for key, phone in (("player1", "phone1"), ("player2", "phone2")):
            players.setdefault(d.get(key, ""), []).append((d.get(phone, ""), d.get("name", "")))
    return names, players


def check_signup(tournament: Tournament, data: PairData, exclude: SignUp | None = None) -> None:
    """Raise :class:`FieldErrors` keyed by form field when the pair cannot sign up."""
    values = (data.name, data.unit, data.player1, data.player2, data.phone1, data.phone2)
    table = RawTable(
        sheet="", header=[HEADERS[k][0] for k in _KEYS], header_row=1, rows=[(2, list(values))]
    )
    names, players = _taken(tournament, exclude)
    result = check_registration(table, names, players)
    if result.ok:
        return
    errors: dict[str, list] = {}
    for problem in result.problems:
        field = FIELD_OF_COLUMN.get(str(problem.column or ""), "__all__")
        errors.setdefault(field, []).append(problem.message)
    raise FieldErrors(errors)
