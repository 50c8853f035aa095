"""The worked examples in the rules docstrings stay true."""

import doctest
import importlib
import pkgutil

import pytest

import rules

MODULES = ["rules", *(f"rules.{m.name}" for m in pkgutil.iter_modules(rules.__path__))]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_no_django_import_in_rules():
    for name in MODULES:
        with open(importlib.import_module(name).__file__, encoding="utf-8") as f:
            lines = [line.strip() for line in f]
        imports = [line for line in lines if line.startswith(("import ", "from "))]
        assert not [line for line in imports if "django" in line], name
