"""Forms of a team event's registration: one team with its roster, and a team's line-up.

Both are built for the event: as many player fields as its teams have places
(``Tournament.team_pairs`` pairs of two), and as many substitutes as it allows.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.core.normalize import normalize_name
from tournament.models import Tournament
from tournament.models.pairs import NAME_MAX
from tournament.registration.registration_spreadsheet import MEMBER_NO_MAX, PHONE_MAX, SEED_MAX
from tournament.spreadsheets.table_file import DB_INT_MAX
from tournament.teams.registration import TeamData

PLAYER_PREFIX = "player"
SUBSTITUTE_PREFIX = "sub"


def player_label(n: int) -> str:
    """组合1选手1 for roster place 1, 组合2选手1 for place 3: the sheet's column names."""
    pair, seat = divmod(n - 1, 2)
    return _("组合%(pair)s选手%(seat)s") % {"pair": pair + 1, "seat": seat + 1}


class TeamForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("队名"), max_length=NAME_MAX)
    unit = forms.CharField(label=gettext_lazy("单位"), max_length=NAME_MAX, required=False)
    seed = forms.IntegerField(
        label=gettext_lazy("随机码"), min_value=1, max_value=SEED_MAX, required=False
    )
    version = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=0, max_value=DB_INT_MAX
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.places = 2 * tournament.team_pairs
        self.substitutes = tournament.substitutes
        for n in range(1, self.places + 1):
            self.fields[f"{PLAYER_PREFIX}{n}"] = forms.CharField(
                label=player_label(n), max_length=NAME_MAX
            )
            self.fields[f"phone{n}"] = _phone(_("%(who)s电话") % {"who": player_label(n)})
            self.fields[f"member{n}"] = _member(player_label(n))
        for n in range(1, self.substitutes + 1):
            label = _("替补%(n)s") % {"n": n}
            self.fields[f"{SUBSTITUTE_PREFIX}{n}"] = forms.CharField(
                label=label, max_length=NAME_MAX, required=False
            )
            self.fields[f"phone{self.places + n}"] = _phone(_("%(who)s电话") % {"who": label})
            self.fields[f"member{self.places + n}"] = _member(label)
        roster = [f"{PLAYER_PREFIX}{n}" for n in range(1, self.places + 1)]
        roster += [f"{SUBSTITUTE_PREFIX}{n}" for n in range(1, self.substitutes + 1)]
        places = [
            key
            for n, name in enumerate(roster, start=1)
            for key in (name, f"member{n}", f"phone{n}")
        ]
        self.order_fields(["name", "unit", *places, "seed", "version"])

    def team_data(self) -> TeamData:
        """The cleaned form as the service takes it (names normalized by the service)."""
        d = self.cleaned_data
        players = tuple(d[f"{PLAYER_PREFIX}{n}"] for n in range(1, self.places + 1))
        subs = [d.get(f"{SUBSTITUTE_PREFIX}{n}") or "" for n in range(1, self.substitutes + 1)]
        # A phone belongs to the roster place it is written beside; the substitutes close
        # up when one is left blank, and their phones with them.
        numbers = list(range(1, self.places + 1))
        numbers += [self.places + n for n, name in enumerate(subs, start=1) if normalize_name(name)]
        phones, members = {}, {}
        for place, number in enumerate(numbers, start=1):
            if phone := d.get(f"phone{number}") or "":
                phones[place] = phone
            if member := d.get(f"member{number}") or "":
                members[place] = member
        return TeamData(
            name=d["name"],
            unit=d.get("unit") or "",
            players=players,
            substitutes=tuple(s for s in subs if normalize_name(s)),
            seed=d.get("seed"),
            phones=phones,
            numbers=members,
        )

    def add_error(self, field, error) -> None:
        """Errors by field, as a service's refusal gives them (``form_error``): the team's
        name, unit and code on their fields, the roster's (``players``, ``substitutes``)
        above the form, for they concern several fields."""
        if field is None and isinstance(error, ValidationError) and hasattr(error, "error_dict"):
            for key, errors in error.error_dict.items():
                super().add_error(key if key in self.fields else None, errors)
            return
        super().add_error(field, error)


def roster_initial(data: TeamData, places: int) -> dict:
    """A form's values for the roster of ``data`` (players, substitutes, their phones)."""
    initial = {f"{PLAYER_PREFIX}{n}": name for n, name in enumerate(data.players, start=1)}
    for n, name in enumerate(data.substitutes, start=1):
        initial[f"{SUBSTITUTE_PREFIX}{n}"] = name
    initial |= {f"phone{n}": phone for n, phone in data.phones.items()}
    initial |= {f"member{n}": number for n, number in data.numbers.items()}
    return initial | {"name": data.name, "unit": data.unit}


def _phone(label: str) -> forms.CharField:
    return forms.CharField(label=label, max_length=PHONE_MAX, required=False)


def _member(who: str) -> forms.CharField:
    """A roster place's optional 会员号 (docs/rules.md §18)."""
    return forms.CharField(
        label=_("%(who)s会员号") % {"who": who}, max_length=MEMBER_NO_MAX, required=False
    )


def team_initial(team) -> dict:
    """The form's values for a registered team."""
    initial = {
        "name": team.name,
        "unit": team.unit.name if team.unit_id else "",
        "seed": team.seed,
        "version": team.version,
    }
    places = 2 * team.tournament.team_pairs
    for member in team.members.all():
        n = member.number
        key = f"{PLAYER_PREFIX}{n}" if n <= places else f"{SUBSTITUTE_PREFIX}{n - places}"
        initial[key] = member.name
        initial[f"phone{n}"] = member.phone
        initial[f"member{n}"] = member.member_no
    return initial


class LineUpForm(forms.Form):
    """Each pair's two players for one round, chosen from the team's roster."""

    round = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=DB_INT_MAX)

    def __init__(self, *args, team, pairs: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.pairs = pairs
        choices = [(m.number, m.name) for m in team.members.all()]
        for slot in range(1, pairs + 1):
            for seat in (1, 2):
                label = _("组合%(pair)s选手%(seat)s") % {"pair": slot, "seat": seat}
                self.fields[f"pair{slot}_{seat}"] = forms.TypedChoiceField(
                    label=label, choices=choices, coerce=int
                )

    def members(self) -> list[tuple[int, int]]:
        d = self.cleaned_data
        return [(d[f"pair{s}_1"], d[f"pair{s}_2"]) for s in range(1, self.pairs + 1)]

    @staticmethod
    def initial_for(round_number: int, members: list[tuple[int, ...]]) -> dict:
        initial = {"round": round_number}
        for slot, two in enumerate(members, start=1):
            for seat, number in enumerate(two, start=1):
                initial[f"pair{slot}_{seat}"] = number
        return initial
