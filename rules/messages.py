"""The one message type shared by the pure cores and the Django layer.

Vocabulary:

message
    What went wrong, as a stable ``code`` (``"not_finished"``) and the ``params`` that fill
    its text (``{"table": 3}``). A message carries no sentence: the Django layer looks the
    code up in one table and translates it through gettext, so the same refusal reads in
    Chinese or in English. The cores (``rules``, ``scoring``, ``pairing``) and the services
    raise errors whose ``.msg`` is a :class:`Message`.
code constant
    Each core names its codes as module constants (``rules.errors.NOT_FINISHED``,
    ``scoring.errors.BAD_LEVEL``, ``pairing.errors.TOO_FEW``); a test reads them to check
    that every code has a text in Chinese and in English.
vocabulary parameter
    A parameter that holds a code of the cores' vocabulary rather than a value to print
    as it is: ``side`` and ``opp`` (``"EW"``/``"NS"``), ``foul_kind``
    (:data:`rules.steps.FOUL_KINDS`), ``end_reason`` (:data:`rules.steps.END_REASONS`),
    ``outcome`` (``"draw"``/``"EW"``/``"NS"``). The Django layer shows its label in the
    reader's language. A parameter may also be a :class:`Message` of its own.

>>> msg = Message("too_few", {"minimum": 2, "count": 1})
>>> msg.code, msg.params["count"]
('too_few', 1)
>>> Message("stale")
Message(code='stale', params={})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Message:
    """A code and the parameters of its text; the text itself lives in the Django layer."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)
