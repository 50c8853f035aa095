"""What an application registers, by the event's entry kind: a pair (双人赛), a team with
its roster (团体赛, :mod:`tournament.teams.registration`), or a player alone (个人赛,
:mod:`tournament.individuals.registration`: ``SignUp.pair`` is then the player's own entry).

The sign-up services (:mod:`tournament.signup.services`) ask here, so the public page, the
pair's (or team's) private page, approval, the waiting list and withdrawal work alike for
both. A team's application keeps its roster in ``SignUp.data`` (``players``: the pairs'
players in order, ``substitutes``, ``phones`` by roster number); once accepted,
``SignUp.pair`` is the team's first registered pair (组合1), and the team is that pair's.
"""

from __future__ import annotations

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.errors import FieldErrors
from tournament.individuals.registration import (
    MSG_NAME_BLANK,
    MSG_NAME_TAKEN,
    IndividualData,
    individual_register,
    individual_set_status,
    individual_update,
)
from tournament.models import Individual, Pair, SignUp, Team, Tournament
from tournament.registration.services import PairData, pair_register, pair_set_status, pair_update
from tournament.signup.checks import ALIVE, check_signup, normalized
from tournament.teams.registration import (
    MSG_TEAM_NAME_TAKEN,
    TeamData,
    team_problems,
    team_register,
    team_set_status,
    team_update,
)

Entry = PairData | TeamData | IndividualData


def stored(data: Entry) -> dict:
    """``data`` as ``SignUp.data`` keeps it (JSON)."""
    if isinstance(data, TeamData):
        return {
            "name": data.name,
            "unit": data.unit,
            "players": list(data.players),
            "substitutes": list(data.substitutes),
            "phones": {str(n): phone for n, phone in data.phones.items() if phone},
            "numbers": {str(n): number for n, number in data.numbers.items() if number},
        }
    return dict(data.__dict__)


def from_stored(tournament: Tournament, data: dict) -> Entry:
    """An application's ``SignUp.data`` as the services take it."""
    if tournament.is_individual_event:
        return IndividualData(
            data.get("name", ""),
            data.get("unit", ""),
            data.get("phone", ""),
            member_no=data.get("member_no", ""),
        )
    if not tournament.is_team_event:
        return PairData(**data)
    return TeamData(
        name=data.get("name", ""),
        unit=data.get("unit", ""),
        players=tuple(data.get("players", ())),
        substitutes=tuple(data.get("substitutes", ())),
        phones={int(n): phone for n, phone in data.get("phones", {}).items()},
        numbers={int(n): number for n, number in data.get("numbers", {}).items()},
    )


def team_of(signup: SignUp) -> Team | None:
    """The team an accepted team application registered (None before)."""
    if not signup.pair_id:
        return None
    return Team.objects.select_related("unit").filter(pairs__pk=signup.pair_id).first()


def team_entry(team: Team) -> TeamData:
    """A registered team as it stands (its roster, as the organizer may have changed it)."""
    places = 2 * team.tournament.team_pairs
    members = list(team.members.order_by("number"))
    return TeamData(
        name=team.name,
        unit=team.unit.name if team.unit_id else "",
        players=tuple(m.name for m in members[:places]),
        substitutes=tuple(m.name for m in members[places:]),
        phones={m.number: m.phone for m in members if m.phone},
        numbers={m.number: m.member_no for m in members if m.member_no},
    )


def individual_of(signup: SignUp) -> Individual | None:
    """The player an accepted application of an individual event registered (None before)."""
    if not signup.pair_id:
        return None
    return Individual.objects.select_related("unit").filter(own_id=signup.pair_id).first()


def individual_entry(signup: SignUp) -> IndividualData:
    """The player as registered once accepted (as the organizer may have changed them), else
    as the application says."""
    person = individual_of(signup)
    if person is None:
        return from_stored(signup.tournament, signup.data)
    unit = person.unit.name if person.unit_id else ""
    return IndividualData(person.name, unit, person.phone, member_no=person.member_no)


def normalized_entry(data: Entry) -> Entry:
    if isinstance(data, TeamData | IndividualData):
        return data.normalized()
    return normalized(data)


def _check_individual(tournament, data: IndividualData, exclude: SignUp | None) -> None:
    """A player's name: given, and neither registered nor asked for by a live application."""
    if not data.name:
        raise FieldErrors({"name": [Message(MSG_NAME_BLANK)]})
    people = Individual.objects.filter(tournament=tournament, name=data.name)
    alive = SignUp.objects.filter(tournament=tournament, state__in=ALIVE, data__name=data.name)
    if exclude is not None:
        alive = alive.exclude(pk=exclude.pk)
        if exclude.pair_id:
            people = people.exclude(own_id=exclude.pair_id)
    if people.exists() or alive.exists():
        raise FieldErrors({"name": [Message(MSG_NAME_TAKEN, {"name": data.name})]})


def check_entry(tournament: Tournament, data: Entry, exclude: SignUp | None = None) -> None:
    """Raise :class:`FieldErrors` keyed by form field when the entry cannot sign up."""
    if isinstance(data, PairData):
        check_signup(tournament, data, exclude)
        return
    if isinstance(data, IndividualData):
        _check_individual(tournament, data, exclude)
        return
    errors = team_problems(tournament, data)
    teams = Team.objects.filter(tournament=tournament)
    alive = SignUp.objects.filter(tournament=tournament, state__in=ALIVE)
    if exclude is not None:
        alive = alive.exclude(pk=exclude.pk)
        if exclude.pair_id:
            teams = teams.exclude(pairs__pk=exclude.pair_id)
    names = set(teams.values_list("name", flat=True))
    names |= {signup.data.get("name", "") for signup in alive}
    if data.name and data.name in names:
        errors.setdefault("name", []).append(Message(MSG_TEAM_NAME_TAKEN, {"name": data.name}))
    if errors:
        raise FieldErrors(errors)


def register(signup: SignUp, by: Actor) -> Pair:
    """Register the application's pair, or its team (then its pair 1 stands for it)."""
    tournament = signup.tournament
    data = from_stored(tournament, signup.data)
    if isinstance(data, PairData):
        return pair_register(tournament=tournament, data=data, by=by)
    if isinstance(data, IndividualData):
        return individual_register(tournament=tournament, data=data, by=by).own
    team = team_register(tournament=tournament, data=data, by=by)
    return team.pairs.get(team_slot=1)


def update_registered(signup: SignUp, data: Entry, by: Actor) -> None:
    """Change the registered pair or team as the application now says."""
    if isinstance(data, PairData):
        pair = Pair.objects.get(pk=signup.pair_id)
        pair_update(pair=pair, data=data, version=pair.version, by=by)
        return
    if isinstance(data, IndividualData):
        person = individual_of(signup)
        if person is not None:
            data = IndividualData(data.name, data.unit, data.phone, person.seed, data.member_no)
            individual_update(individual=person, data=data, version=person.version, by=by)
        return
    team = team_of(signup)
    if team is not None:
        team_update(team=team, data=data, version=team.version, by=by)


def withdraw_registered(signup: SignUp, by: Actor) -> None:
    """Withdraw the registered pair, or the whole team."""
    if signup.tournament.is_individual_event:
        person = individual_of(signup)
        if person is not None:
            individual_set_status(individual=person, status=Pair.WITHDRAWN, by=by)
        return
    team = team_of(signup) if signup.tournament.is_team_event else None
    if team is not None:
        team_set_status(team=team, status=Pair.WITHDRAWN, by=by)
    else:
        pair_set_status(pair=signup.pair, status=Pair.WITHDRAWN, by=by)


def active_entries(tournament: Tournament) -> int:
    """The places registered entries take: active teams in a team event, active players in
    an individual event, else active pairs."""
    model = Team if tournament.is_team_event else Pair
    if tournament.is_individual_event:
        model = Individual
    return model.objects.filter(tournament=tournament, status=Pair.ACTIVE).count()
