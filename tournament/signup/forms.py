"""Forms of online sign-up: the pair's form, the organizer's settings and refusal."""

from __future__ import annotations

from captcha.fields import CaptchaField, CaptchaTextInput
from captcha.models import CaptchaStore
from django import forms
from django.core.validators import MinValueValidator
from django.utils.translation import gettext_lazy as _

from tournament.core.normalize import normalize_name
from tournament.models import SignUp, SignUpConfig
from tournament.registration.services import TeamData
from tournament.registration.sheet_check import NAME_MAX, PHONE_MAX
from tournament.signup.services import team_data

_NAMES = ("name", "unit", "player1", "player2")


def _text(label, *, required=True, max_length=NAME_MAX, **attrs) -> forms.CharField:
    return forms.CharField(
        label=label,
        max_length=max_length,
        required=required,
        strip=True,
        widget=forms.TextInput(attrs=attrs),
    )


class SignUpForm(forms.Form):
    """A pair's application: the pair, its unit, two players (name, phone, optional email)."""

    name = _text(_("队名"))
    unit = _text(_("单位"), required=False)
    player1 = _text(_("选手1姓名"))
    phone1 = _text(_("选手1手机"), max_length=PHONE_MAX, type="tel", autocomplete="tel")
    email1 = forms.EmailField(label=_("选手1邮箱（选填）"), required=False)
    player2 = _text(_("选手2姓名"))
    phone2 = _text(_("选手2手机"), max_length=PHONE_MAX, type="tel")
    email2 = forms.EmailField(label=_("选手2邮箱（选填）"), required=False)

    def clean(self):
        data = super().clean()
        for key in _NAMES:
            if isinstance(data.get(key), str):
                data[key] = normalize_name(data[key])
                if key != "unit" and not data[key]:
                    self.add_error(key, _("不能为空"))
        return data

    def team_data(self) -> TeamData:
        d = self.cleaned_data
        return TeamData(
            name=d["name"],
            unit=d.get("unit") or "",
            player1=d["player1"],
            player2=d["player2"],
            phone1=d["phone1"],
            phone2=d["phone2"],
        )

    def emails(self) -> tuple[str, str]:
        return (self.cleaned_data.get("email1") or "", self.cleaned_data.get("email2") or "")

    @classmethod
    def for_signup(cls, signup: SignUp, data=None) -> SignUpForm:
        """The form to change an application, filled in with what it holds now (the pair's
        page and the staff's both edit through it)."""
        current = team_data(signup)
        initial = current.__dict__ | {"email1": signup.email1, "email2": signup.email2}
        return cls(data, initial=initial)


# The text fallback of the challenge, in words: "3+4=" reads "3 加 4 等于几？".
_OPERATORS = {"+": _("加"), "-": _("减"), "×": _("乘")}


def spoken(challenge: str) -> str:
    """The challenge ``"7×3="`` as a question in words, for a phone that shows no image.

    >>> str(spoken("7×3="))
    '7 乘 3 等于几？'
    """
    body = challenge.rstrip("=")
    for sign, word in _OPERATORS.items():
        left, found, right = body.partition(sign)
        if found:
            return str(_("%(a)s %(op)s %(b)s 等于几？") % {"a": left, "op": word, "b": right})
    return body


class ChallengeInput(CaptchaTextInput):
    """django-simple-captcha's image with the same question in words beside it (no audio)."""

    template_name = "widgets/signup_captcha.html"  # the form renderer reads app folders

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        store = CaptchaStore.objects.filter(hashkey=self._key).values_list("challenge", flat=True)
        context["question"] = spoken(store.first() or "")
        return context


class PublicSignUpForm(SignUpForm):
    """The public form: a pair's application and the challenge a script cannot answer blind."""

    captcha = CaptchaField(
        label=_("验证题"),
        widget=ChallengeInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        error_messages={"invalid": _("验证题答案不对，请看新的题目再答一次")},
    )


class SignUpConfigForm(forms.ModelForm):
    """The organizer's sign-up settings, with the payment QR image."""

    payment_qr_file = forms.FileField(label=_("收款码图片（PNG/JPEG，选填）"), required=False)
    remove_qr = forms.BooleanField(label=_("删除收款码"), required=False)

    class Meta:
        model = SignUpConfig
        fields = ["is_open", "deadline", "cap", "fee", "needs_approval", "confirm_email"]
        widgets = {
            "deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            )
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fee"].validators.append(MinValueValidator(0))
        self.fields["cap"].validators.append(MinValueValidator(1))
        self.fields["deadline"].input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"]


class RejectForm(forms.Form):
    reason = forms.CharField(label=_("未通过原因"), max_length=200, strip=True)
