"""The exchange file's JSON Schema (schemas/exchange-1.json) and its documentation
(docs/exchange.md): the schema is a valid draft 2020-12 schema, the documented example follows
it, and the documentation names every key the schema has."""

from __future__ import annotations

import json
import re
from pathlib import Path

from jsonschema import Draft202012Validator

from tournament.exchange.checks import SCHEMA_PATH, check_document, schema

DOC = Path(__file__).resolve().parents[3] / "docs" / "exchange.md"


def _example() -> dict:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)\n```", text, re.S)
    return json.loads(block.group(1))


def test_the_schema_is_a_valid_schema_in_the_repository():
    assert SCHEMA_PATH.name == "exchange-1.json" and SCHEMA_PATH.parent.name == "schemas"
    Draft202012Validator.check_schema(schema())


def test_the_documented_example_follows_the_schema():
    check_document(_example())


def _keys(node, out: set[str]) -> set[str]:
    if isinstance(node, dict):
        out.update(node.get("properties", {}))
        for value in node.values():
            _keys(value, out)
    elif isinstance(node, list):
        for value in node:
            _keys(value, out)
    return out


def test_the_documentation_describes_every_key():
    text = DOC.read_text(encoding="utf-8").split("## Example")[0]
    missing = sorted(k for k in _keys(schema(), set()) if f"`{k}`" not in text)
    assert not missing, missing
