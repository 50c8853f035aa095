"""The examples in the pairing package's docstrings run."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pairing

MODULES = ["pairing"] + [f"pairing.{m.name}" for m in pkgutil.iter_modules(pairing.__path__)]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    assert doctest.testmod(importlib.import_module(name)).failed == 0
