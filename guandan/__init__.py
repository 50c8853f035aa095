"""The ``guandan`` command and the paths of an installed copy (see docs/install.md).

The app itself lives in the packages beside this one (``tournament``, ``scoring``, ``rules``,
``pairing``, ``config``); this package holds what an organizer runs (``guandan demo``,
``guandan serve``) and, in an installed copy, the templates, static files, translations and
fixtures (the wheel maps the repository's top-level folders of those names in here).
"""

__version__ = "0.1.0"
