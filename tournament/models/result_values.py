"""A table's result as stored, as plain values: the fields of ``Table`` that hold it.

Below the models (the forfeit constraint names :data:`FORFEITS`) and everything that reads or
writes a result: the checks (:mod:`tournament.results.checks`), the standings' queries, the
activity log, the printouts.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from rules.levels import LEVEL_PASSED_A, LEVELS

FORFEITS = ("", "EW", "NS", "both")
PASSED_A = LEVELS[LEVEL_PASSED_A]  # "A+": the one name of a level past A in the app


@dataclass(frozen=True)
class ResultValues:
    """A table's result as stored: the fields of ``Table`` that describe it.

    The one list of result fields (:data:`RESULT_FIELDS` is derived from it): the model,
    the entry form's initial values, the selectors' and printouts' queries follow it.
    """

    ew_level: str = ""
    ns_level: str = ""
    forfeit: str = ""
    defeat_side: str = ""
    defeat_reason: str = ""
    ew_fouls: int = 0
    ns_fouls: int = 0
    winner: str = ""
    pass_upgrade: int | None = None

    def as_dict(self) -> dict:
        # Not dataclasses.asdict: it deep-copies every value, and the values are plain str,
        # int and None; an audit line takes two of these a table (a sheet: 5,000 a round).
        return {name: getattr(self, name) for name in RESULT_FIELDS}

    @classmethod
    def of(cls, stored) -> ResultValues:
        """The result held by ``stored`` (a ``Table`` or anything with the same attributes)."""
        return cls(**{name: getattr(stored, name) for name in RESULT_FIELDS})

    @property
    def unfinished(self) -> bool:
        """True for the levels so far of a sheet still in play (a dispute filed from one):
        both levels, different, and no winner. A finished result with different levels
        always names its winner, so it is never taken for one."""
        if self.forfeit or self.defeat_side or self.winner or not (self.ew_level and self.ns_level):
            return False
        return self.ew_level != self.ns_level

    @property
    def ended_by_time(self) -> bool:
        """True for a result ended by the time limit (到时): both final levels, neither side
        past A, no forfeit or defeat. Passing A ends the match (docs/rules.md §5), so a result
        with A+ never ended by time, even when the last deal was finished after time."""
        if self.forfeit or self.defeat_side or not (self.ew_level and self.ns_level):
            return False
        return not self.passed_a

    @property
    def passed_a(self) -> bool:
        """One side passed A, which ends the match (whatever the clock says)."""
        return PASSED_A in (self.ew_level, self.ns_level)


RESULT_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(ResultValues))
