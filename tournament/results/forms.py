"""Forms for entering a table's result and a foul, and a clerk's results sheet's upload."""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from rules import LEVELS, RuleSet
from scoring import counts_pass_upgrade
from tournament.core.prepared import Prepared
from tournament.core.shared_choices import ChoiceField
from tournament.models import Foul, Player
from tournament.models.result_values import PASSED_A
from tournament.models.rounds import SIDE_CHOICES
from tournament.results.form_html import QuickRenderer
from tournament.results.results_spreadsheet import FOULS_EW, FOULS_NS
from tournament.spreadsheets.uploads import SPREADSHEET_PICKER, BoundedFileField

LEVEL_CHOICES = [("", "—")] + [(lv, _("过A (A+)") if lv == PASSED_A else lv) for lv in LEVELS]
FORFEIT_CHOICES = [
    ("", _("无")),
    ("EW", _("东西弃权")),
    ("NS", _("南北弃权")),
    ("both", _("双方弃权")),
]


# One renderer for the forms of a table's page (its fields' HTML written in Python).
QUICK = QuickRenderer()

# A match has a few dozen deals at most; the cap turns absurd numbers into a form error.
MAX_DEAL_NUMBER = 999


class ResultForm(forms.Form):
    """Final levels of a table, as a referee enters them.

    ``knockout`` keeps the decider field (the winner of the extra game after a draw) only
    where a draw must be broken: it means nothing outside a knockout.
    """

    ew_level = ChoiceField(label=_("东西级数"), choices=LEVEL_CHOICES, required=False)
    ns_level = ChoiceField(label=_("南北级数"), choices=LEVEL_CHOICES, required=False)
    forfeit = ChoiceField(label=_("弃权"), choices=FORFEIT_CHOICES, required=False)
    ew_fouls = forms.IntegerField(label=_(FOULS_EW), min_value=0, max_value=9, initial=0)
    ns_fouls = forms.IntegerField(label=_(FOULS_NS), min_value=0, max_value=9, initial=0)
    decider = ChoiceField(
        label=_("平局加赛胜方（淘汰赛）"),
        choices=[("", "—"), *SIDE_CHOICES],
        required=False,
    )
    at_time = forms.BooleanField(
        label=_("到时"), required=False, help_text=_("没有一方过A、比赛因时间到而结束时勾选")
    )
    time_reason = forms.CharField(
        label=_("提前到时的原因（裁判长）"), max_length=200, required=False
    )
    pass_how = ChoiceField(
        label=_("过A方式"),
        choices=[("", "—"), ("2", "1–2"), ("3", "1–3"), ("4", "1–4")],
        required=False,
        help_text=_("100+级差计分：过A的一副头游同伴的名次（过A按A加该副升级数计）"),
    )
    version = forms.IntegerField(widget=forms.HiddenInput)

    field_order = ["ew_level", "ns_level", "at_time", "time_reason", "forfeit"]
    default_renderer = QUICK

    def __init__(
        self,
        *args,
        knockout: bool = False,
        chief: bool = False,
        scoring: str = "",
        rules: RuleSet | None = None,
        **kwargs,
    ):
        """``rules``: the event's; 过A方式 offers only the partner places that pass A under
        them (another is refused anyway: ``checks._pass_upgrade``)."""
        super().__init__(*args, **kwargs)
        if not counts_pass_upgrade(scoring):  # only 100+ scores how the pass was won
            del self.fields["pass_how"]
        else:
            field = self.fields["pass_how"]
            field.choices = [
                c for c in field.choices if not c[0] or rules is None or rules.passes_a(int(c[0]))
            ]
        if not knockout:
            del self.fields["decider"]
        if not chief:
            del self.fields["time_reason"]


class PlayerResultForm(ResultForm):
    """What the players of a table may enter through their link: the levels and 到时.

    Forfeits, foul counts and rulings are the referees' (docs/rules.md §7, §8).
    """

    def __init__(self, *args, knockout: bool = False, scoring: str = "", **kwargs):
        super().__init__(*args, knockout=knockout, chief=False, scoring=scoring, **kwargs)
        for name in ("forfeit", "ew_fouls", "ns_fouls"):
            del self.fields[name]


# The players of a table's two pairs (the foul form's choices, on every form a referee
# loads): compiled once (core/prepared.py).
PLAYERS = Prepared(
    lambda ew, ns: Player.objects.filter(Q(pair_id=ew) | Q(pair_id=ns)).order_by(
        "pair_id", "position"
    ),
    int,
    int,
    ordered=True,
)


class FoulForm(forms.Form):
    default_renderer = QUICK
    side = ChoiceField(label=_("方位"), choices=SIDE_CHOICES)
    player = ChoiceField(label=_("选手"), required=False)
    kind = ChoiceField(label=_("类型"), choices=Foul.KIND_CHOICES)
    severity = ChoiceField(label=_("处理"), choices=Foul.SEVERITY_CHOICES)
    deal_number = forms.IntegerField(
        label=_("第几副"), min_value=1, max_value=MAX_DEAL_NUMBER, required=False
    )
    remark = forms.CharField(label=_("备注"), max_length=200, required=False)

    def __init__(self, *args, table=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")]
        if table is not None:
            pairs = {pair.pk: pair for pair in (table.ew, table.ns) if pair is not None}
            # A bye's table: its one pair twice.
            players = PLAYERS.all(*(list(pairs) * 2)[:2]) if pairs else []
            by_pair = {pk: [p for p in players if p.pair_id == pk] for pk in pairs}
            for pk, pair in pairs.items():  # east-west first, as the sides are named
                choices += [(str(p.pk), f"{pair.name}·{p.name}") for p in by_pair[pk]]
        self.fields["player"].choices = choices


class ResultsImportForm(forms.Form):
    file = BoundedFileField(label=_("成绩表（Excel、ODS 或 CSV）"), widget=SPREADSHEET_PICKER)
