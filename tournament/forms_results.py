"""Forms for entering a table's result and a foul."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rules import LEVELS
from tournament.models import Foul

LEVEL_CHOICES = [("", "—")] + [(lv, "过A (A+)" if lv == "A+" else lv) for lv in LEVELS]
FORFEIT_CHOICES = [
    ("", _("无")),
    ("EW", _("东西弃权")),
    ("NS", _("南北弃权")),
    ("both", _("双方弃权")),
]


class ResultForm(forms.Form):
    ew_level = forms.ChoiceField(label=_("东西级数"), choices=LEVEL_CHOICES, required=False)
    ns_level = forms.ChoiceField(label=_("南北级数"), choices=LEVEL_CHOICES, required=False)
    forfeit = forms.ChoiceField(label=_("弃权"), choices=FORFEIT_CHOICES, required=False)
    ew_fouls = forms.IntegerField(label=_("东西犯规次数"), min_value=0, max_value=9, initial=0)
    ns_fouls = forms.IntegerField(label=_("南北犯规次数"), min_value=0, max_value=9, initial=0)
    decider = forms.ChoiceField(
        label=_("平局加赛胜方（淘汰赛）"),
        choices=[("", "—"), ("EW", _("东西")), ("NS", _("南北"))],
        required=False,
    )
    pass_how = forms.ChoiceField(
        label=_("过A方式"),
        choices=[("", "—"), ("2", "1–2"), ("3", "1–3"), ("4", "1–4")],
        required=False,
        help_text=_("100+级差计分：过A的一副头游同伴的名次（过A按A加该副升级数计）"),
    )
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args, scoring: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        if scoring != "hundred_plus":  # only 100+ scores how the pass was won
            del self.fields["pass_how"]


class FoulForm(forms.Form):
    side = forms.ChoiceField(label=_("方位"), choices=[("EW", _("东西")), ("NS", _("南北"))])
    player = forms.ChoiceField(label=_("选手"), required=False)
    kind = forms.ChoiceField(label=_("类型"), choices=Foul.KIND_CHOICES)
    severity = forms.ChoiceField(label=_("处理"), choices=Foul.SEVERITY_CHOICES)
    deal_number = forms.IntegerField(label=_("第几副"), min_value=1, required=False)
    remark = forms.CharField(label=_("备注"), max_length=200, required=False)

    def __init__(self, *args, match=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")]
        if match is not None:
            for team in (match.ew, match.ns):
                choices += [(str(p.pk), f"{team.name}·{p.name}") for p in team.players.all()]
        self.fields["player"].choices = choices
