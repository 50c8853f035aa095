"""Forms of online sign-up: the pair's form, the organizer's settings and refusal."""

from __future__ import annotations

from functools import partial

from django import forms
from django.core.validators import MinValueValidator
from django.utils.translation import gettext_lazy as _

from tournament.core.normalize import normalize_name
from tournament.individuals.registration import IndividualData
from tournament.models import SignUp, SignUpConfig
from tournament.registration.forms import MSG_BLANK
from tournament.registration.registration_spreadsheet import MEMBER_NO_MAX, NAME_MAX, PHONE_MAX
from tournament.registration.services import PairData
from tournament.registration.team_forms import TeamForm, roster_initial
from tournament.signup import challenge
from tournament.signup.services import pair_data
from tournament.teams.registration import TeamData
from tournament.text.messages import TEXTS, render

# Message codes: texts in tournament/text/messages/people.py
MSG_CHALLENGE_WRONG = "form_challenge_wrong"
MSG_CHALLENGE_EXPIRED = "form_challenge_expired"
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
    member1 = _text(_("选手1会员号（选填）"), max_length=MEMBER_NO_MAX, required=False)
    phone1 = _text(_("选手1手机"), max_length=PHONE_MAX, type="tel", autocomplete="tel")
    email1 = forms.EmailField(label=_("选手1邮箱（选填）"), required=False)
    player2 = _text(_("选手2姓名"))
    member2 = _text(_("选手2会员号（选填）"), max_length=MEMBER_NO_MAX, required=False)
    phone2 = _text(_("选手2手机"), max_length=PHONE_MAX, type="tel")
    email2 = forms.EmailField(label=_("选手2邮箱（选填）"), required=False)

    def clean(self):
        data = super().clean()
        for key in _NAMES:
            if isinstance(data.get(key), str):
                data[key] = normalize_name(data[key])
                if key != "unit" and not data[key]:
                    self.add_error(key, render(MSG_BLANK))
        return data

    def pair_data(self) -> PairData:
        d = self.cleaned_data
        return PairData(
            name=d["name"],
            unit=d.get("unit") or "",
            player1=d["player1"],
            player2=d["player2"],
            phone1=d["phone1"],
            phone2=d["phone2"],
            member1=d.get("member1") or "",
            member2=d.get("member2") or "",
        )

    def entry_data(self) -> PairData:
        return self.pair_data()

    def emails(self) -> tuple[str, str]:
        return (self.cleaned_data.get("email1") or "", self.cleaned_data.get("email2") or "")

    @classmethod
    def for_signup(cls, signup: SignUp, data=None) -> SignUpForm:
        """The form to change an application, filled in with what it holds now (the pair's
        page and the staff's both edit through it)."""
        current = pair_data(signup)
        initial = current.__dict__ | {"email1": signup.email1, "email2": signup.email2}
        return cls(data, initial=initial)


class ChallengeInput(forms.TextInput):
    """The answer box of the sign-up challenge, with its picture and its hidden token.

    Each rendering asks a new question (a new token): the one just answered is spent, and
    the answer box starts empty. See :mod:`tournament.signup.challenge`."""

    template_name = "widgets/signup_challenge.html"  # the form renderer reads app folders

    def get_context(self, name, value, attrs):
        context = super().get_context(name, None, attrs)
        token = challenge.new_token()
        context["token"] = token
        context["token_name"] = f"{name}_token"
        context["image"] = challenge.image_data_uri(token)
        return context


class PublicSignUpForm(SignUpForm):
    """The public form: a pair's application and the challenge a script cannot read as text."""

    challenge = forms.IntegerField(
        label=_("验证题"),
        widget=ChallengeInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        error_messages={
            "invalid": TEXTS[MSG_CHALLENGE_WRONG],
            "required": _("请填写验证题的答案"),
        },
    )

    def clean_challenge(self) -> int:
        answer = self.cleaned_data["challenge"]
        verdict = challenge.check(self.data.get("challenge_token", ""), answer)
        if verdict == challenge.WRONG:
            raise forms.ValidationError(render(MSG_CHALLENGE_WRONG))
        if verdict == challenge.EXPIRED:
            raise forms.ValidationError(render(MSG_CHALLENGE_EXPIRED))
        return answer


class TeamSignUpForm(TeamForm):
    """A team's application (团体赛): the team, its unit, its roster (players of each pair
    and substitutes, phones optional) and a contact e-mail address."""

    email1 = forms.EmailField(label=_("联系邮箱（选填）"), required=False)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, tournament=tournament, **kwargs)
        del self.fields["seed"], self.fields["version"]  # the organizer's, not the team's

    def entry_data(self) -> TeamData:
        return self.team_data()

    def emails(self) -> tuple[str, str]:
        return (self.cleaned_data.get("email1") or "", "")

    @classmethod
    def for_signup(cls, signup: SignUp, data=None) -> TeamSignUpForm:
        places = 2 * signup.tournament.team_pairs
        initial = roster_initial(pair_data(signup), places) | {"email1": signup.email1}
        return cls(data, initial=initial, tournament=signup.tournament)


class PublicTeamSignUpForm(TeamSignUpForm):
    """The public form of a team event: the team's application and the challenge."""

    challenge = PublicSignUpForm.base_fields["challenge"]
    clean_challenge = PublicSignUpForm.clean_challenge

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.order_fields([key for key in self.fields if key != "challenge"] + ["challenge"])


class IndividualSignUpForm(forms.Form):
    """A player's application (个人赛): name, unit, mobile and an optional e-mail address."""

    name = _text(_("姓名"))
    member_no = _text(_("会员号（选填）"), max_length=MEMBER_NO_MAX, required=False)
    unit = _text(_("单位"), required=False)
    phone = _text(_("手机"), max_length=PHONE_MAX, type="tel", autocomplete="tel")
    email1 = forms.EmailField(label=_("邮箱（选填）"), required=False)

    def clean(self):
        data = super().clean()
        for key in ("name", "unit"):
            if isinstance(data.get(key), str):
                data[key] = normalize_name(data[key])
        if "name" in data and not data["name"]:
            self.add_error("name", render(MSG_BLANK))
        return data

    def entry_data(self) -> IndividualData:
        d = self.cleaned_data
        return IndividualData(
            name=d["name"],
            unit=d.get("unit") or "",
            phone=d["phone"],
            member_no=d.get("member_no") or "",
        )

    def emails(self) -> tuple[str, str]:
        return (self.cleaned_data.get("email1") or "", "")

    @classmethod
    def for_signup(cls, signup: SignUp, data=None) -> IndividualSignUpForm:
        current = pair_data(signup)
        initial = {"name": current.name, "unit": current.unit, "phone": current.phone}
        initial["member_no"] = current.member_no
        return cls(data, initial=initial | {"email1": signup.email1})


class PublicIndividualSignUpForm(IndividualSignUpForm):
    """The public form of an individual event: the player's application and the challenge."""

    challenge = PublicSignUpForm.base_fields["challenge"]
    clean_challenge = PublicSignUpForm.clean_challenge


def signup_form(tournament, *, public: bool = False):
    """The application form of the event's entry kind (its class)."""
    if tournament.is_individual_event:
        return PublicIndividualSignUpForm if public else IndividualSignUpForm
    if tournament.is_team_event:
        form = PublicTeamSignUpForm if public else TeamSignUpForm
        return partial(form, tournament=tournament)
    return PublicSignUpForm if public else SignUpForm


def form_for_signup(signup: SignUp, data=None):
    """The form to change an application of either kind, filled in."""
    form = TeamSignUpForm if signup.tournament.is_team_event else SignUpForm
    if signup.tournament.is_individual_event:
        form = IndividualSignUpForm
    return form.for_signup(signup, data)


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
