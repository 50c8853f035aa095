"""The forms of the series pages (系列赛): create, settings, an event to add."""

from __future__ import annotations

import json

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.events.forms import MSG_SLUG_CHARS, SLUG_RE
from tournament.models import Series
from tournament.models.series import EVENT_CLASSES
from tournament.text.messages import render


class SeriesCreateForm(forms.ModelForm):
    class Meta:
        model = Series
        fields = ["name", "slug", "host", "best_n"]
        help_texts = {"slug": _("网址中的系列赛代号：只用英文字母、数字和连字符，例如 js-2026")}

    def clean_slug(self) -> str:
        slug = self.cleaned_data["slug"].strip()
        if not SLUG_RE.fullmatch(slug):
            raise forms.ValidationError(render(MSG_SLUG_CHARS, hint="js-2026"))
        return slug


class SeriesForm(forms.ModelForm):
    config = forms.CharField(
        label=_("积分设置（JSON）"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_("留空的项目取默认值；各项含义见规则第20章"),
    )

    class Meta:
        model = Series
        fields = ["name", "host", "best_n", "certificate_top", "published", "publish_rating"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial["config"] = json.dumps(self.instance.config or {}, ensure_ascii=False)


class SeriesEventForm(forms.Form):
    event = forms.ChoiceField(label=_("赛事"))
    event_class = forms.ChoiceField(label=_("赛事级别"), choices=EVENT_CLASSES)

    def __init__(self, *args, events=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = [(t.slug, t.name) for t in events]
