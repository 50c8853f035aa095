"""Sign-up fees (报名费): paid / unpaid / waived per pair, the totals, the payment QR image.

No money moves through the app: the organizer marks a pair paid or waived (who and when are
kept) and may show a payment QR image (收款码) on the pairs' confirmation page. The image is
opened with Pillow, bounded in bytes and pixels, and re-encoded as PNG: what is stored and
served is never the uploaded file itself.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from PIL import Image, UnidentifiedImageError

from rules.messages import Message
from tournament.core.actors import Actor
from tournament.core.audit import log_action
from tournament.core.errors import Invalid
from tournament.core.stamps import public_changed
from tournament.models import SignUp, SignUpConfig, Tournament
from tournament.signup.services import promote
from tournament.text.messages.audit import MSG_AUDIT_FEE, MSG_AUDIT_SIGNUP_SETTINGS, term

# Message codes: texts in tournament/text/messages/people.py
MSG_FEE_STATUS = "fee_status"
MSG_QR_TOO_BIG = "fee_qr_too_big"
MSG_QR_TOO_LARGE = "fee_qr_too_large"
MSG_QR_UNREADABLE = "fee_qr_unreadable"
QR_MAX_BYTES = 2 * 1024 * 1024
QR_MAX_PIXELS = 4000 * 4000  # larger images are refused before decoding (decompression bombs)
QR_SIDE = 600  # stored at most this wide and high: plenty for a phone to scan


@dataclass(frozen=True)
class FeeTotals:
    """Counts and amounts over the pairs that hold or wait for a place."""

    fee: Decimal
    paid: int
    unpaid: int
    waived: int

    @property
    def paid_amount(self) -> Decimal:
        return self.fee * self.paid

    @property
    def unpaid_amount(self) -> Decimal:
        return self.fee * self.unpaid

    @property
    def due_amount(self) -> Decimal:
        return self.fee * (self.paid + self.unpaid)


COUNTED = (SignUp.PENDING, SignUp.APPROVED)


def fee_totals(tournament: Tournament, fee: Decimal) -> FeeTotals:
    """Paid, unpaid and waived pairs among those holding a place."""
    states = SignUp.objects.filter(tournament=tournament, state__in=COUNTED)
    counts = {key: states.filter(fee_status=key).count() for key, _label in SignUp.FEE_CHOICES}
    return FeeTotals(fee, counts[SignUp.PAID], counts[SignUp.UNPAID], counts[SignUp.WAIVED])


def registration_fees(tournament: Tournament) -> tuple[dict[int, str], list] | None:
    """For the registration list: each signed-up pair's fee label and the totals lines;
    ``None`` when the event charges no fee."""
    config = SignUpConfig.objects.filter(tournament=tournament).first()
    if config is None or not config.fee:
        return None
    labels = {key: str(label) for key, label in SignUp.FEE_CHOICES}
    fees = {
        pair: labels[status]
        for pair, status in SignUp.objects.filter(
            tournament=tournament, pair__isnull=False
        ).values_list("pair_id", "fee_status")
    }
    t = fee_totals(tournament, config.fee)
    totals = [
        (str(SignUpConfig._meta.get_field("fee").verbose_name), float(t.fee)),
        (_("已缴组数"), t.paid),
        (_("已缴金额（元）"), float(t.paid_amount)),
        (_("未缴组数"), t.unpaid),
        (_("未缴金额（元）"), float(t.unpaid_amount)),
        (_("免缴组数"), t.waived),
        (_("应收合计（元）"), float(t.due_amount)),
    ]
    return fees, totals


@transaction.atomic
def fee_mark(*, signup: SignUp, status: str, by: Actor) -> SignUp:
    """Mark a pair's fee paid, unpaid or waived; who and when are kept."""
    labels = dict(SignUp.FEE_CHOICES)
    if status not in labels:
        raise Invalid(MSG_FEE_STATUS)
    signup = SignUp.objects.select_for_update().get(pk=signup.pk)
    before = signup.fee_status
    signup.fee_status, signup.fee_marked_by, signup.fee_marked_at = status, by.user, timezone.now()
    signup.save(update_fields=["fee_status", "fee_marked_by", "fee_marked_at"])
    log_action(
        tournament=signup.tournament,
        by=by,
        action="signup.fee",
        obj=signup,
        summary=Message(
            MSG_AUDIT_FEE,
            {
                "name": signup.data.get("name", ""),
                "before": term(labels[before]),
                "after": term(labels[status]),
            },
        ),
        before={"fee_status": before},
        after={"fee_status": status},
    )
    public_changed(signup.tournament)
    return signup


def reencode_qr(data: bytes) -> bytes:
    """The uploaded image as a bounded PNG; a clear message when it is not an image."""
    if len(data) > QR_MAX_BYTES:
        raise Invalid(MSG_QR_TOO_BIG)
    try:
        with Image.open(io.BytesIO(data)) as probe:
            if probe.width * probe.height > QR_MAX_PIXELS:
                raise Invalid(MSG_QR_TOO_LARGE)
            probe.load()
            image = probe.convert("RGB")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as exc:
        raise Invalid(MSG_QR_UNREADABLE) from exc
    image.thumbnail((QR_SIDE, QR_SIDE))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


@transaction.atomic
def save_config(*, tournament: Tournament, fields: dict, qr: bytes | None, by: Actor):
    """Save the sign-up settings; ``qr`` replaces the payment image (b"" removes it)."""
    config = SignUpConfig.objects.filter(tournament=tournament).first()
    config = config or SignUpConfig(tournament=tournament)
    before = {k: str(getattr(config, k)) for k in fields}
    for key, value in fields.items():
        setattr(config, key, value)
    if qr is not None:
        config.payment_qr = reencode_qr(qr) if qr else None
    config.save()
    promote(tournament, config, by)  # a larger cap frees places
    log_action(
        tournament=tournament,
        by=by,
        action="signup.settings",
        obj=config,
        summary=Message(MSG_AUDIT_SIGNUP_SETTINGS),
        before=before,
        after={k: str(v) for k, v in fields.items()} | {"payment_qr": bool(config.payment_qr)},
    )
    public_changed(tournament)
    return config
