"""``reverse`` remembered: the same route and arguments give the same URL all process long.

Every page builds its links again: the top bar's and the event menu's (a dozen), the
table page's and round control's own, about thirty for one save, at 15–25 µs each in
Django's ``reverse`` (it walks the route tree every time). :func:`reverse` remembers each
URL it built, keyed by what decides it:

- the route's name and its arguments, only when every argument is text or a whole number
  (a template's literals are ``SafeString``, text too; a model instance's text may change,
  so it is never remembered);
- the URL tree in use (the resolver of the request's URLconf, compared by identity: a test
  that swaps ``ROOT_URLCONF`` gets a new tree, and ``clear_url_caches`` a new resolver);
- the script prefix (a server mounted under a path) and the current app.

The routes do not depend on the language (there is no ``i18n_patterns``), so the language
is not in the key. The template tag ``{% url %}`` of every template uses it
(:mod:`tournament.templatetags.remembered_url`, a builtin of the template engine).
"""

from __future__ import annotations

from django.urls import get_resolver, get_script_prefix, get_urlconf
from django.urls import reverse as django_reverse

from tournament.core.process_memo import Memo

# A few MB at most (every table's links of a big round): (resolver, URL) by key.
_MEMO = Memo(20_000)
_PLAIN = (str, int)


def reverse(viewname, args=(), kwargs=None, current_app=None) -> str:
    """Django's ``reverse``, remembered when its result cannot change (see the module)."""
    kwargs = kwargs or {}
    plain = isinstance(viewname, str) and all(
        isinstance(v, _PLAIN) for v in (*args, *kwargs.values())
    )
    if not plain:
        return django_reverse(viewname, args=args, kwargs=kwargs, current_app=current_app)
    key = (viewname, tuple(args), tuple(sorted(kwargs.items())), current_app, get_script_prefix())
    resolver = get_resolver(get_urlconf())
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is resolver:
        return hit[1]
    url = django_reverse(viewname, args=args, kwargs=kwargs, current_app=current_app)
    _MEMO.put(key, (resolver, url))
    return url
