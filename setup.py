"""The wheel's packages: the app's Python packages, and its data folders inside ``guandan``.

The repository keeps ``templates/``, ``static/``, ``locale/``, ``fixtures/`` and ``schemas/`` at
its top, beside manage.py; installed, they would be top-level folders of site-packages with names any
other project may use. The wheel puts them in the ``guandan`` package instead
(``guandan/templates/…``), where guandan/paths.py looks for them in an installed copy.
Everything else is in pyproject.toml.
"""

from setuptools import find_packages, setup

CODE = ["config", "guandan", "pairing", "rating", "rules", "scoring", "tournament"]
# Each data folder with the files it ships (globs relative to the folder; ** descends).
DATA = {
    "templates": ["**/*"],
    "static": ["**/*"],
    "locale": ["*/LC_MESSAGES/*.mo"],
    "fixtures": ["*.csv"],
    "schemas": ["*.json"],  # the exchange file's JSON Schema (docs/exchange.md), read on import
}

packages = find_packages(include=[f"{name}*" for name in CODE])
setup(
    packages=packages + [f"guandan.{folder}" for folder in DATA],
    package_dir={f"guandan.{folder}": folder for folder in DATA},
    package_data={f"guandan.{folder}": globs for folder, globs in DATA.items()},
    include_package_data=False,
)
