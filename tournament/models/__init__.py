"""The tournament data model; see each module for its vocabulary."""

from tournament.models.audit import AuditEntry
from tournament.models.event import Staff, Stage, Tournament
from tournament.models.photos import SheetPhoto
from tournament.models.rounds import Foul, Match, Round, Submission
from tournament.models.teams import ForbiddenPairing, Player, Team, Unit
from tournament.models.tokens import ApiToken

__all__ = [
    "ApiToken",
    "AuditEntry",
    "ForbiddenPairing",
    "Foul",
    "Match",
    "Player",
    "Round",
    "SheetPhoto",
    "Stage",
    "Staff",
    "Submission",
    "Team",
    "Tournament",
    "Unit",
]
