"""The ``guandan`` command and the paths of an installed copy (see docs/install.md).

The app itself lives in the packages beside this one (``tournament``, ``scoring``, ``rules``,
``pairing``, ``config``); this package holds what an organizer runs (``guandan demo``,
``guandan serve``) and, in an installed copy, the templates, static files, translations and
fixtures (the wheel maps the repository's top-level folders of those names in here).
"""

__version__ = "0.1.0"
DISTRIBUTION = "guandan-tournament"


def app_version() -> str:
    """The version this copy runs: a clone's pyproject.toml, else the installed
    distribution's (an installed copy has no pyproject.toml); "unknown" when neither says."""
    import tomllib

    from guandan.paths import SOURCE_ROOT, in_clone

    if in_clone():
        try:
            with open(SOURCE_ROOT / "pyproject.toml", "rb") as f:
                return tomllib.load(f)["project"]["version"]
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            return "unknown"
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown"
