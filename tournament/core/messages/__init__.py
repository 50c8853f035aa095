"""One table of message texts, by code, and the function that renders a message.

Vocabulary:

code
    A stable name for one message (``"stale_round"``), shared by the cores and the services.
text
    The Chinese source of a code, wrapped in ``gettext_lazy`` so that the English catalogue
    translates it; parameters are ``%(name)s`` placeholders.
render
    Code + parameters → a sentence in the active language. A code missing from the table is
    taken as a text of its own (gettext finds it if the catalogue has it), so that an error
    raised with a plain sentence still shows something readable.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import get_language, gettext

from rules.messages import Message
from tournament.core.messages.audit import AUDIT
from tournament.core.messages.cores import PAIRING, RULES, SCORING
from tournament.core.messages.services import SERVICES
from tournament.rounds.titles import listing

TEXTS = {**RULES, **SCORING, **PAIRING, **SERVICES, **AUDIT}


def _value(value: Any) -> Any:
    """A parameter for the sentence: a message rendered, a list joined as a list."""
    if isinstance(value, Message):
        return render(value)
    if isinstance(value, list | tuple):
        return listing(str(_value(v)) for v in value)
    return value


def _params(params: dict[str, Any]) -> dict[str, Any]:
    """Parameters for the active language: nested messages rendered, lists joined, ``x_zh``
    swapped for ``x``."""
    out = {k: _value(v) for k, v in params.items()}
    if not (get_language() or "zh").startswith("zh"):
        for key in [k for k in out if k.endswith("_zh") and k[:-3] in out]:
            out[key] = out[key[:-3]]
    return out


def render(message: Message | str, **params: Any) -> str:
    """The sentence for ``message`` (or for a code and ``params``) in the active language.

    >>> from django.utils import translation
    >>> with translation.override("zh-hans"):
    ...     render("not_your_table", table=3)
    '您没有被分配到第3台，请由负责该台的裁判或裁判长录入'
    """
    if not isinstance(message, Message):
        message = Message(str(message), params)
    text = TEXTS.get(message.code)
    sentence = str(text) if text is not None else gettext(message.code)
    if not message.params:
        return sentence
    try:
        return sentence % _params(message.params)
    except (KeyError, TypeError, ValueError):  # a catalogue entry with a wrong placeholder
        return sentence
