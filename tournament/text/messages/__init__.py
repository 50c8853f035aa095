"""One table of message texts, by code, and the function that renders a message.

Vocabulary:

code
    A stable name for one message (``"stale_round"``), shared by the cores and the services.
    Each code is a constant where it is raised (``rules.errors.NOT_FINISHED``, a service's
    ``MSG_…``) and has one text here.
text
    The Chinese source of a code, wrapped in ``gettext_lazy`` so that the English catalogue
    translates it; parameters are ``%(name)s`` placeholders.
render
    Code + parameters → a sentence in the active language. A parameter that is a message is
    rendered too; a vocabulary parameter of a core message (``side``, ``foul_kind``, …, see
    :data:`tournament.text.messages.cores.LABELS`) is shown by its label. A code missing
    from the table is taken as a text of its own (gettext finds it if the catalogue has it):
    the activity log's stored labels are kept that way (:func:`~.audit.term`).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from rules.messages import Message
from tournament.text.messages.audit import AUDIT
from tournament.text.messages.cores import CORES, LABELS
from tournament.text.messages.exchange import EXCHANGE
from tournament.text.messages.people import PEOPLE
from tournament.text.messages.persons import PERSONS
from tournament.text.messages.ratings import RATINGS
from tournament.text.messages.rounds import ROUNDS
from tournament.text.messages.series import SERIES
from tournament.text.messages.services import SERVICES
from tournament.text.messages.teams import TEAMS
from tournament.text.messages.upload import UPLOAD
from tournament.text.titles import listing

TEXTS = {
    **CORES,
    **SERVICES,
    **ROUNDS,
    **PEOPLE,
    **AUDIT,
    **TEAMS,
    **SERIES,
    **EXCHANGE,
    **RATINGS,
    **UPLOAD,
    **PERSONS,
}


def _value(value: Any) -> Any:
    """A parameter for the sentence: a message rendered, a list joined as a list."""
    if isinstance(value, Message):
        return render(value)
    if isinstance(value, list | tuple):
        return listing(str(_value(v)) for v in value)
    return value


def _params(message: Message) -> dict[str, Any]:
    """Parameters for the active language: nested messages rendered, lists joined, the
    vocabulary parameters of a core message shown by their labels."""
    labels = LABELS if message.code in CORES else {}
    return {
        k: labels[k](v) if k in labels and isinstance(v, str) else _value(v)
        for k, v in message.params.items()
    }


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
        return sentence % _params(message)
    except (KeyError, TypeError, ValueError):  # a catalogue entry with a wrong placeholder
        return sentence
