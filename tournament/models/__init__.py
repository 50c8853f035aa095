"""The tournament data model; see each module for its vocabulary."""

from tournament.models.audit import AuditEntry
from tournament.models.checkin import Absence, CheckIn
from tournament.models.counters import Counter
from tournament.models.event import Staff, Stage, Tournament
from tournament.models.individuals import Individual
from tournament.models.offline import AppliedEntry
from tournament.models.pairs import ForbiddenPairing, Pair, Player, Unit
from tournament.models.people import Person, PersonMerge
from tournament.models.photos import ScoreSheetPhoto
from tournament.models.rounds import Foul, Round, Submission, Table
from tournament.models.series import Series, SeriesEvent
from tournament.models.signup import SignUp, SignUpConfig
from tournament.models.teams import LineUp, Team, TeamMember
from tournament.models.tokens import ApiToken
from tournament.models.upload import Upload

__all__ = [
    "ApiToken",
    "AppliedEntry",
    "Absence",
    "CheckIn",
    "Counter",
    "AuditEntry",
    "ForbiddenPairing",
    "Foul",
    "Individual",
    "Table",
    "Player",
    "Person",
    "PersonMerge",
    "Round",
    "ScoreSheetPhoto",
    "Series",
    "SeriesEvent",
    "SignUp",
    "SignUpConfig",
    "Stage",
    "Staff",
    "Submission",
    "Pair",
    "Team",
    "TeamMember",
    "LineUp",
    "Tournament",
    "Unit",
    "Upload",
]
