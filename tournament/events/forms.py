"""Forms of an event's settings and its creation; option checks come from
:mod:`tournament.text.options`."""

from __future__ import annotations

import re

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from tournament.events.projector_fields import (
    MSG_SPONSOR_IMAGE,
    PROJECTOR_FIELDS,
    PROJECTOR_PAGES,
    SPONSOR_MAX_MB,
    SPONSOR_TYPES,
    page_list,
    sponsor_error,
    sponsor_help,
    sponsor_refused,
)
from tournament.models import Tournament
from tournament.text import options as opt
from tournament.text.messages import render
from tournament.text.pinyin import pypinyin
from tournament.text.titles import listing

# Message codes: texts in tournament/text/messages/people.py
MSG_AWARD_FORMAT = "form_award_format"
MSG_SLUG_CHARS = "form_slug_chars"
DATE_WIDGET = forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})
"""A date input shows only ISO values: a localized "2026/12/05" would be emptied on save."""

TIEBREAK_SLOTS = len(opt.TIEBREAK_METRICS)
TIEBREAK_FIELDS = [f"tiebreak_{i}" for i in range(1, TIEBREAK_SLOTS + 1)]

# The settings page in sections; every option of Tournament.OPTION_FIELDS is in one.
SETTINGS_GROUPS = [
    (_("基本信息"), ["name", "slug", "start_date", "end_date", "venue", "host"]),
    (
        _("赛制与计分"),
        [
            "format",
            "rounds",
            "games",
            "scoring",
            "bye_policy",
            "hundred_forfeit",
            "hundred_at_time",
        ],
    ),
    (_("升级与过A"), ["levels", "pass_a", "a_fail", "time_limit", "at_time", "time_tie"]),
    (
        _("犯规与迟到"),
        [
            "three_fouls_defeat",
            "two_warnings",
            "delay",
            "out_of_turn",
            "late_minutes",
            "late_disqualify",
        ],
    ),
    (_("编排"), ["seating", "avoid_same_unit", "seed_by_rating"]),
    (_("排名与奖项"), [*TIEBREAK_FIELDS, "award_text", "unit_best_k"]),
    (_("团体赛"), ["entry", "team_pairs", "substitutes", "team_rank", "team_tiebreaks"]),
    (_("个人赛"), ["individual_tiebreaks"]),
    (
        _("其他"),
        [
            "confirmation_required",
            "table_entry",
            "publish_pairings",
            "publish_standings",
            "publish_rating",
            "certificate_background",
            "print_language",
        ],
    ),
    (_("投影"), PROJECTOR_FIELDS),
]


class ProjectorFieldsMixin(forms.Form):
    """The projector's fields of :class:`~tournament.events.forms.TournamentForm`."""

    projector_pages = forms.MultipleChoiceField(
        label=Tournament._meta.get_field("projector_pages").verbose_name,
        choices=list(PROJECTOR_PAGES.items()),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("投影屏依次显示所选内容；成绩排名较长时自动分页"),
    )

    def projector_init(self) -> None:
        self.initial["projector_pages"] = page_list(self.instance.projector_pages)
        # Absent (a settings form of before): the event's own interval.
        self.fields["projector_seconds"].required = False
        field = self.fields["projector_sponsor"]
        field.error_messages["invalid_image"] = sponsor_error()
        field.widget.attrs["accept"] = ",".join(SPONSOR_TYPES.values())
        field.help_text = sponsor_help()

    def clean_projector_pages(self) -> str:
        return ",".join(page_list(",".join(self.cleaned_data.get("projector_pages") or [])))

    def clean_projector_seconds(self) -> int:
        value = self.cleaned_data.get("projector_seconds")
        return self.instance.projector_seconds if value is None else value

    def clean_projector_sponsor(self):
        upload = self.cleaned_data.get("projector_sponsor")
        if sponsor_refused(upload):
            raise forms.ValidationError(render(MSG_SPONSOR_IMAGE, mb=SPONSOR_MAX_MB))
        return upload


def _tiebreak_field(index: int) -> forms.ChoiceField:
    choices = [("", "—")] + [(key, _(label)) for key, label in opt.TIEBREAK_METRICS.items()]
    label = _("排名依据") if index == 1 else ""
    help_text = _("名次依次比较的项目；选“—”的不用") if index == TIEBREAK_SLOTS else ""
    # The selects after the first have no visible label: each is named for screen readers.
    named = forms.Select(attrs={"aria-label": _("排名依据（第%(n)s项）") % {"n": index}})
    return forms.ChoiceField(
        label=label, choices=choices, required=index == 1, help_text=help_text, widget=named
    )


class TournamentForm(ProjectorFieldsMixin, forms.ModelForm):
    """The settings page: every option, the tiebreak chain as an ordered list of selects."""

    award_text = forms.CharField(
        label=_("奖项设置"), help_text=_("例如：一等奖:1，二等奖:2，三等奖:3")
    )
    # A team event's chain, as its items' names in order (团体赛 only; docs/rules.md §16.4).
    team_tiebreaks = forms.CharField(
        label=Tournament._meta.get_field("team_tiebreaks").verbose_name, required=False
    )
    individual_tiebreaks = forms.CharField(
        label=Tournament._meta.get_field("individual_tiebreaks").verbose_name, required=False
    )

    class Meta:
        model = Tournament
        fields = [
            name
            for _title, names in SETTINGS_GROUPS
            for name in names
            if not name.startswith("tiebreak_") and name != "award_text"
        ]
        widgets = {"start_date": DATE_WIDGET, "end_date": DATE_WIDGET}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        instance = self.instance
        chain = list(instance.tiebreaks or opt.DEFAULT_TIEBREAKS)
        for index, name in enumerate(TIEBREAK_FIELDS, 1):
            self.fields[name] = _tiebreak_field(index)
            self.fields[name].initial = chain[index - 1] if index <= len(chain) else ""
        self.fields["award_text"].initial = opt.format_award_tiers(
            instance.award_tiers or opt.DEFAULT_AWARD_TIERS
        )
        self.initial["team_tiebreaks"] = chain_text(
            instance.team_tiebreaks or opt.DEFAULT_TEAM_TIEBREAKS, opt.TEAM_TIEBREAK_METRICS
        )
        self.initial["individual_tiebreaks"] = chain_text(
            instance.individual_tiebreaks or opt.DEFAULT_INDIVIDUAL_TIEBREAKS,
            opt.INDIVIDUAL_TIEBREAK_METRICS,
        )
        self.fields["individual_tiebreaks"].help_text = _(
            "依次比较，用顿号隔开；可用：%(words)s"
        ) % {"words": listing(str(_(label)) for label in opt.INDIVIDUAL_TIEBREAK_METRICS.values())}
        self.fields["team_tiebreaks"].help_text = _("依次比较，用顿号隔开；可用：%(words)s") % {
            "words": listing(str(_(label)) for label in opt.TEAM_TIEBREAK_METRICS.values())
        }
        if instance.pk:
            self.fields["slug"].disabled = True
        self.fields["print_language"].required = False  # absent: keep the event's (中文)
        self.projector_init()

    def clean_print_language(self) -> str:
        return self.cleaned_data.get("print_language") or self.instance.print_language

    def groups(self) -> list[tuple[str, list]]:
        """(section title, bound fields) for the template, in SETTINGS_GROUPS order."""
        return [(title, [self[name] for name in names]) for title, names in SETTINGS_GROUPS]

    def tiebreak_chain(self) -> list[str]:
        """The chosen metrics in order, blanks skipped."""
        chain = [self.cleaned_data.get(name) for name in TIEBREAK_FIELDS]
        return [key for key in chain if key]

    def clean_team_tiebreaks(self) -> list[str]:
        return self._chain("team_tiebreaks")

    def clean_individual_tiebreaks(self) -> list[str]:
        return self._chain("individual_tiebreaks")

    def _chain(self, name: str) -> list[str]:
        """A chain typed as its items' names (the model's clean checks its order)."""
        text = self.cleaned_data.get(name) or ""
        if not text.strip():
            return list(getattr(self.instance, name))
        chain, unknown = parse_chain(text, opt.CHAIN_METRICS[name])
        if unknown:
            raise forms.ValidationError(render(MSG_TEAM_WORDS, words=listing(unknown)))
        return chain

    def clean_award_text(self) -> list[list]:
        try:
            return [list(t) for t in opt.parse_award_tiers(self.cleaned_data["award_text"])]
        except ValueError:
            raise forms.ValidationError(render(MSG_AWARD_FORMAT)) from None

    def _post_clean(self) -> None:
        # Copy the composed fields onto the instance before the model's clean() checks them.
        self.instance.tiebreaks = self.tiebreak_chain()
        if "award_text" in self.cleaned_data:
            self.instance.award_tiers = self.cleaned_data["award_text"]
        super()._post_clean()

    def add_error(self, field, error):
        # Model errors on tiebreaks/award_tiers belong to their fields on this form.
        rename = {"tiebreaks": TIEBREAK_FIELDS[0], "award_tiers": "award_text"}
        if isinstance(error, forms.ValidationError) and hasattr(error, "error_dict"):
            error = error.error_dict
        if isinstance(error, dict):
            error = {rename.get(key, key): value for key, value in error.items()}
        elif field in rename:
            field = rename[field]
        super().add_error(field, error)


ENTRY_FIELDS = ("entry", "team_pairs", "substitutes")


class TournamentCreateForm(forms.ModelForm):
    """Creating an event: its name and dates, and the profile every option starts from."""

    profile = forms.ChoiceField(
        label=_("赛制模板"),
        choices=[(key, _(label)) for key, label in opt.PROFILE_CHOICES.items()],
        help_text=_("按所选模板设置全部规则；创建后每项设置仍可在“设置”中修改"),
    )

    class Meta:
        model = Tournament
        fields = [
            *("name", "slug", "start_date", "end_date", "venue", "host"),
            *ENTRY_FIELDS,
        ]
        widgets = {"start_date": DATE_WIDGET, "end_date": DATE_WIDGET}
        help_texts = {
            "entry": _("团体赛：每队几个组合，各桌成绩合并计算（规则说明 §16）"),
            "team_pairs": _("只用于团体赛"),
            "substitutes": _("只用于团体赛：每队另有至多2名替补"),
            "slug": _("网址中的赛事代号：只用英文字母、数字和连字符，例如 2025-spring 或拼音"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Checked in clean_slug, with a pinyin suggestion, instead of Django's stock message.
        self.fields["slug"].validators = []
        for name in ENTRY_FIELDS:  # absent (a pairs event's form of before): the defaults
            self.fields[name].required = False

    def clean_slug(self) -> str:
        """A slug in letters, digits, - and _ only; Chinese gets a clear message and the
        same words in pinyin to use instead (e.g. 春季赛 → chun-ji-sai)."""
        slug = self.cleaned_data["slug"].strip()
        if SLUG_RE.fullmatch(slug):
            return slug
        hint = pinyin_slug(slug) or pinyin_slug(self.data.get("name", "")) or "2025-spring"
        raise forms.ValidationError(render(MSG_SLUG_CHARS, hint=hint))

    def tournament_fields(self) -> dict:
        """The fields of the new event: the basics, the profile and every option it sets."""
        fields = {key: self.cleaned_data[key] for key in self.Meta.fields}
        for name in ENTRY_FIELDS:
            if fields[name] in (None, ""):
                fields[name] = Tournament._meta.get_field(name).get_default()
        return fields | opt.profile_fields(self.cleaned_data["profile"])


MSG_TEAM_WORDS = "team_tiebreak_words"


def chain_text(chain, metrics) -> str:
    """A tiebreak chain as the settings page shows it: "排名分、各台得分之和、…"."""
    return listing(str(_(metrics.get(key, key))) for key in chain)


def parse_chain(text: str, metrics) -> tuple[list[str], list[str]]:
    """The chain a text names, by each item's label (either language) or key, and the
    words that name nothing."""
    names = {}
    for key, label in metrics.items():
        names[key] = names[label] = names[str(_(label))] = key
    words = [w.strip() for w in re.split(r"[、,，;；\n]+", text) if w.strip()]
    return [names[w] for w in words if w in names], [w for w in words if w not in names]


SLUG_RE = re.compile(r"[-a-zA-Z0-9_]+")


def pinyin_slug(text: str) -> str:
    """``text`` as a slug: each Chinese character as its toneless pinyin, joined by "-"."""
    words = pypinyin().lazy_pinyin(text.strip())
    return slugify("-".join(w for w in words if w.strip()))[:60].strip("-")
