"""Forms for tournaments and registration; option checks come from :mod:`tournament.options`."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament import options as opt
from tournament.models import Tournament
from tournament.registration import NAME_MAX


class TournamentForm(forms.ModelForm):
    tiebreak_text = forms.CharField(
        label=_("排名依据"),
        help_text=_("按顺序用逗号分隔：")
        + "、".join(f"{k}={v}" for k, v in opt.TIEBREAK_METRICS.items()),
    )
    award_text = forms.CharField(
        label=_("奖项设置"), help_text=_("例如：一等奖:1，二等奖:2，三等奖:3")
    )

    class Meta:
        model = Tournament
        fields = [
            "name", "slug", "start_date", "end_date", "venue", "host", "format", "rounds",
            "levels", "pass_a", "a_fail", "time_limit", "at_time", "games", "scoring",
            "bye_policy", "late_minutes", "seating", "avoid_same_unit", "unit_best_k",
            "confirmation_required", "table_entry", "publish_pairings", "publish_standings",
            "certificate_background", "print_language",
        ]  # fmt: skip
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        instance = self.instance
        self.fields["tiebreak_text"].initial = ",".join(instance.tiebreaks or opt.DEFAULT_TIEBREAKS)
        self.fields["award_text"].initial = opt.format_award_tiers(
            instance.award_tiers or opt.DEFAULT_AWARD_TIERS
        )
        if instance.pk:
            self.fields["slug"].disabled = True
        self.fields["print_language"].required = False  # absent: keep the event's (中文)

    def clean_print_language(self) -> str:
        return self.cleaned_data.get("print_language") or self.instance.print_language

    def clean_tiebreak_text(self) -> list[str]:
        text = self.cleaned_data["tiebreak_text"].replace("，", ",")
        return [item.strip() for item in text.split(",") if item.strip()]

    def clean_award_text(self) -> list[list]:
        try:
            return [list(t) for t in opt.parse_award_tiers(self.cleaned_data["award_text"])]
        except ValueError:
            raise forms.ValidationError("奖项设置格式应为“名称:名额”，用逗号分隔") from None

    def _post_clean(self) -> None:
        # Copy the text fields onto the instance before the model's clean() validates options.
        if "tiebreak_text" in self.cleaned_data:
            self.instance.tiebreaks = self.cleaned_data["tiebreak_text"]
        if "award_text" in self.cleaned_data:
            self.instance.award_tiers = self.cleaned_data["award_text"]
        super()._post_clean()

    def add_error(self, field, error):
        # Model errors on tiebreaks/award_tiers belong to their text fields on this form.
        rename = {"tiebreaks": "tiebreak_text", "award_tiers": "award_text"}
        if isinstance(error, forms.ValidationError) and hasattr(error, "error_dict"):
            error = error.error_dict
        if isinstance(error, dict):
            error = {rename.get(key, key): value for key, value in error.items()}
        elif field in rename:
            field = rename[field]
        super().add_error(field, error)


def _name_field(label) -> forms.CharField:
    return forms.CharField(label=label, max_length=NAME_MAX, strip=True)


class TeamForm(forms.Form):
    name = _name_field(_("队名"))
    unit = forms.CharField(label=_("单位"), max_length=NAME_MAX, required=False)
    player1 = _name_field(_("选手1"))
    phone1 = forms.CharField(label=_("选手1电话"), max_length=30, required=False)
    player2 = _name_field(_("选手2"))
    phone2 = forms.CharField(label=_("选手2电话"), max_length=30, required=False)
    seed = forms.IntegerField(label=_("种子"), min_value=1, required=False)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def clean(self):
        data = super().clean()
        for key in ("name", "unit", "player1", "player2"):
            if isinstance(data.get(key), str):
                data[key] = data[key].strip().strip("\u3000").strip()
                if key != "unit" and not data[key]:
                    self.add_error(key, "不能为空")
        return data


class ImportForm(forms.Form):
    file = forms.FileField(label=_("报名表（.xlsx 或 .csv）"))


class ResultsImportForm(forms.Form):
    file = forms.FileField(label=_("成绩表（.xlsx 或 .csv）"))
