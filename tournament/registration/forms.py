"""Forms of registration: one pair, and the registration sheet's upload."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.core.normalize import normalize_name
from tournament.registration.registration_spreadsheet import MEMBER_NO_MAX, NAME_MAX, SEED_MAX
from tournament.spreadsheets.table_file import DB_INT_MAX
from tournament.spreadsheets.uploads import SPREADSHEET_PICKER, BoundedFileField
from tournament.text.messages import render

MSG_BLANK = "form_blank"  # message code: text in tournament/text/messages/people.py


def _name_field(label) -> forms.CharField:
    return forms.CharField(label=label, max_length=NAME_MAX, strip=True)


class PairForm(forms.Form):
    name = _name_field(_("队名"))
    unit = forms.CharField(label=_("单位"), max_length=NAME_MAX, required=False)
    player1 = _name_field(_("选手1"))
    member1 = forms.CharField(label=_("选手1会员号"), max_length=MEMBER_NO_MAX, required=False)
    phone1 = forms.CharField(label=_("选手1电话"), max_length=30, required=False)
    player2 = _name_field(_("选手2"))
    member2 = forms.CharField(label=_("选手2会员号"), max_length=MEMBER_NO_MAX, required=False)
    phone2 = forms.CharField(label=_("选手2电话"), max_length=30, required=False)
    # 随机码, not 种子: on the sign-up sheet 种子 means a seeded pair.
    seed = forms.IntegerField(label=_("随机码"), min_value=1, max_value=SEED_MAX, required=False)
    version = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=0, max_value=DB_INT_MAX
    )

    def clean(self):
        data = super().clean()
        for key in ("name", "unit", "player1", "player2"):
            if isinstance(data.get(key), str):
                data[key] = normalize_name(data[key])
                if key != "unit" and not data[key]:
                    self.add_error(key, render(MSG_BLANK))
        return data


class ImportForm(forms.Form):
    file = BoundedFileField(label=_("报名表（Excel、ODS 或 CSV）"), widget=SPREADSHEET_PICKER)
