"""What every part of the app shares: who may do what, accounts and logins, errors and their
texts, the audit log, stamps and the page cache, middleware, request parameters, and the
normalizing and pinyin sorting of what people type.

Vocabulary
----------
right
    What a user may do in one event (:mod:`tournament.core.rights`): ``view``, ``enter``,
    ``chief``, ``organize``.
message
    A code with its parameters (:class:`rules.messages.Message`); its words are in
    :mod:`tournament.text.messages`, through gettext, never in the code that raises it.
stamp
    A short text that changes whenever what a page shows changes (:mod:`tournament.core.stamps`).
"""
