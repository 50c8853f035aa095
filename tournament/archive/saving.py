"""Saving an archive's rows: their field checks and their INSERT, cheaper than Django's
``clean_fields`` and ``bulk_create`` for the tens of thousands of rows of a big event.

A row is saved from its values (a dict, attname → value), never a model instance: making
one for each of a big event's 90,000 rows was a fifth of the import's CPU.

Vocabulary
----------
field plan
    Per model, what the checks need of each field, worked out once (not once per row):
    whether Django's generic ``Field.validate`` applies, its choices as a set, its validators.
check
    :func:`check_values` passes the rows ``clean_fields`` passes; at the first value it does
    not pass it makes the instance and runs ``clean_fields`` itself, which raises Django's
    own error (so every refusal keeps its message).
JSON text
    A JSON field's value encoded once, by its check (``JSONField.validate`` encodes it to
    test it), and sent as that text: the driver does not encode it again.
insert
    :func:`insert_rows`: one multi-row ``INSERT … RETURNING`` per batch (as many rows as
    the backend's parameter limit lets), the archived times (``auto_now``,
    ``auto_now_add``) written at once instead of being put back by an UPDATE a row.
"""

from __future__ import annotations

import json
from functools import cache, partial
from types import SimpleNamespace
from typing import Any

from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import connections, models, router
from django.db.models import AutoField
from django.db.models.expressions import DatabaseDefault
from django.db.models.fields import Field

from tournament.archive.checks import unchanged_types

ROWS_AT_MOST = 500  # rows of one INSERT where the backend sets no parameter limit
_JSON = json.JSONEncoder()  # json.dumps's own default encoder, without its call's checks


def is_auto_time(f: models.Field) -> bool:
    return bool(getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False))


@cache
def _plan(model: type[models.Model], skip: frozenset[str]) -> tuple[list, list, list]:
    """The fields :func:`check_values` looks at: ``(generic, encoded, own)``; ``generic`` as
    ``(field, attname, blank, null, editable, choices or None, the types to_python keeps,
    low, high, longest, validators)``,
    ``encoded`` (JSON fields) as ``(attname, blank, null, editable, validators, dumps)``."""
    generic, encoded, own = [], [], []
    for f in model._meta.fields:
        if f.name in skip or f.generated:
            continue
        if _plain_json(f):
            dumps = partial(json.dumps, cls=f.encoder) if f.encoder else _JSON.encode
            encoded.append((f.attname, f.blank, f.null, f.editable, f.validators, dumps))
            continue
        if type(f).validate is not Field.validate or f.choices is not None and not _flat(f):
            own.append(f)
            continue
        choices = {k for k, _ in f.flatchoices} if f.choices is not None else None
        bounds = _bounds(f.validators)
        same = unchanged_types(f)
        generic.append((f, f.attname, f.blank, f.null, f.editable, choices, same, *bounds))
    return generic, encoded, own


def _plain_json(f: models.Field) -> bool:
    """Django's own JSON field, whose check is the generic one and an encoding."""
    kind = type(f)
    return (
        isinstance(f, models.JSONField)
        and f.choices is None
        and kind.validate is models.JSONField.validate
        and kind.to_python is Field.to_python
        and kind.get_prep_value is models.JSONField.get_prep_value
    )


@cache
def json_attnames(model: type[models.Model]) -> frozenset[str]:
    """The fields whose values :func:`check_values` gives as JSON text."""
    return frozenset(f.attname for f in model._meta.concrete_fields if _plain_json(f))


_COMPARED = (MinValueValidator, MaxValueValidator, MaxLengthValidator)


def _bounds(validators: list) -> tuple[Any, Any, Any, list]:
    """An integer field's range (Django's validators of the backend's integer limits and
    the model's own ``MinValueValidator``/``MaxValueValidator`` of a constant) as two
    numbers and a text's ``max_length`` as a third, compared in place; the other
    validators, called."""
    low = high = longest = None
    others = []
    for v in validators:
        limit = v.limit_value if type(v) in _COMPARED else None
        if type(limit) is not int:
            others.append(v)
        elif type(v) is MinValueValidator:
            low = limit if low is None else max(low, limit)
        elif type(v) is MaxValueValidator:
            high = limit if high is None else min(high, limit)
        else:
            longest = limit if longest is None else min(longest, limit)
    return low, high, longest, others


def _flat(f: models.Field) -> bool:
    try:
        {k for k, _ in f.flatchoices}  # noqa: B018 (hashable keys: a set can hold them)
    except TypeError:
        return False
    return True


@cache
def _defaults(model: type[models.Model]) -> list[tuple[str, models.Field]]:
    """The fields a row's values take their default from when they lack them, as
    ``Model.__init__`` does (the primary key is the database's)."""
    return [(f.attname, f) for f in model._meta.concrete_fields if not f.primary_key]


def check_values(model: type[models.Model], values: dict, skip: frozenset[str]) -> dict:
    """A row's values (attname → value; ``values`` itself, completed) as saved, checked
    as ``model(**values).clean_fields(exclude=skip)`` would check them, without an instance
    where Django's generic checks apply (see the module's docstring); JSON fields as text."""
    for attname, f in _defaults(model):
        if attname not in values:
            values[attname] = f.get_default()
    generic, encoded, own = _plan(model, skip)
    texts = _encoded(encoded, values)
    if texts is None or not _generic_pass(generic, values) or not _own_pass(own, values):
        obj = model(**values)
        obj.clean_fields(exclude=skip)  # Django's error; or values it cleaned otherwise
        values = {attname: getattr(obj, attname) for attname, _ in _defaults(model)}
        texts = _encoded(encoded, values)
    values.update(texts)
    return values


def _generic_pass(generic: list, values: dict) -> bool:
    empty = Field.empty_values
    for f, attname, blank, null, editable, choices, same, low, high, longest, others in generic:
        value = values[attname]
        try:
            is_empty = value in empty
            if (blank and is_empty) or isinstance(value, DatabaseDefault):
                continue
            if editable and (
                (choices is not None and not is_empty and value not in choices)
                or (value is None and not null)
                or (not blank and is_empty)
            ):
                return False
            if not (same is None or type(value) in same) and f.to_python(value) != value:
                return False  # clean_fields would store another value: let it
            if not is_empty:
                if (low is not None and value < low) or (high is not None and value > high):
                    return False
                if longest is not None and len(value) > longest:
                    return False
                for validate in others:
                    validate(value)
        except Exception:  # noqa: BLE001 (any doubt: Django's own check decides)
            return False
    return True


def _own_pass(own: list, values: dict) -> bool:
    """Fields with a check of their own (the primary key, a person's link) pass here only
    when ``clean_fields`` leaves them alone: blank and empty."""
    for f in own:
        value = values.get(f.attname)
        if not ((f.blank and value in f.empty_values) or isinstance(value, DatabaseDefault)):
            return False
    return True


_EMPTY = {list: "[]", dict: "{}"}  # the text of an empty list or object, the most common


def _encoded(encoded: list, values: dict) -> dict | None:
    """The JSON fields' texts (``None`` for SQL NULL), checked as ``JSONField.clean``
    checks them (the encoding is its own test); ``None`` at the first that fails."""
    empty = Field.empty_values
    texts = {}
    for attname, blank, null, editable, validators, dumps in encoded:
        value = values[attname]
        try:
            is_empty = value in empty
            if (
                not (blank and is_empty)
                and editable
                and ((value is None and not null) or (not blank and is_empty))
            ):
                return None
            empty_text = _EMPTY.get(type(value)) if is_empty else None
            texts[attname] = None if value is None else empty_text or dumps(value)
            if not is_empty:
                for validate in validators:
                    validate(value)
        except Exception:  # noqa: BLE001 (any doubt: Django's own check decides)
            return None
    return texts


def insert_rows(model: type[models.Model], values: list[dict], rows: list[dict]) -> list | None:
    """Insert rows of one model from their values (:func:`check_values`); return their new
    primary keys, in order. An ``auto_now`` or ``auto_now_add`` field takes the archived
    time of its row (``rows``, the same order) when the row has one. ``None`` where the
    backend cannot return the new keys of a multi-row INSERT, or a field saves itself in its
    ``pre_save`` (a file): the caller saves them its own way."""
    connection = connections[router.db_for_write(model)]
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not isinstance(f, AutoField)]
    if not connection.features.can_return_rows_from_bulk_insert or not all(map(_inline, fields)):
        return None
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    limit = connection.features.max_query_params
    size = max(1, min(ROWS_AT_MOST, limit // len(fields))) if limit else ROWS_AT_MOST
    head = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES "
    tail = f" RETURNING {quote(meta.pk.column)}"
    texts = json_attnames(model)
    prepared = [_column(f, f.attname in texts, values, rows, connection) for f in fields]
    if _unnest(fields, connection):  # PostgreSQL: one array a column, as bulk_create does
        # Sent in binary (``%b``, server-side binding: config/env.py): psycopg's text form of
        # an array escapes each text with a regular expression, a third of the import's CPU.
        # A JSON field's texts go as a text array, cast as the column's type by the server.
        arrays = ", ".join(f"(%b)::{f.db_type(connection).split('(')[0]}[]" for f in fields)
        sql = f"{head.removesuffix(' VALUES ')} SELECT * FROM UNNEST({arrays}){tail}"
        with connection.cursor() as cursor:
            cursor.execute(sql, prepared)
            return [pk for (pk,) in cursor.fetchall()]
    if connection.vendor != "sqlite" and texts:
        return None  # the JSON texts as parameters are only known to suit SQLite's columns
    keys = []
    params_of = list(zip(*prepared, strict=True))
    with connection.cursor() as cursor:
        for start in range(0, len(values), size):
            chunk = params_of[start : start + size]
            params = [v for row_values in chunk for v in row_values]
            cursor.execute(head + ", ".join([one] * len(chunk)) + tail, params)
            keys += [pk for (pk,) in cursor.fetchall()]
    return keys


def _inline(f: models.Field) -> bool:
    """A field whose value to save is the row's (no ``pre_save`` of its own but the
    archived times')."""
    return type(f).pre_save is Field.pre_save or isinstance(f, models.DateField | models.TimeField)


def _unnest(fields: list, connection) -> bool:
    """Django's own test (its PostgreSQL bulk insert) for columns sent as arrays: a
    statement of one parameter a column, whose text psycopg parses once, where a VALUES
    list of 500 rows had 15,000 placeholders to find in it."""
    return connection.vendor == "postgresql" and not any(
        hasattr(f, "get_placeholder")
        or (f.target_field if f.is_relation else f).get_internal_type() not in connection.data_types
        for f in fields
    )


_PLAIN = (type(None), bool, int, str)


def _column(f: models.Field, text: bool, values: list[dict], rows: list[dict], connection) -> list:
    """One column of the rows as the database takes it: an archived time or the field's
    ``pre_save``, then ``get_db_prep_save``, a plain value (``None``, a number, a text)
    prepared once however many rows hold it; JSON texts as they are."""
    attname = f.attname
    if text:
        return [v[attname] for v in values]
    if is_auto_time(f):
        stub = SimpleNamespace()  # what pre_save stamps "now" on
        column = [
            v[attname] if row.get(f.name) else f.pre_save(stub, True)
            for v, row in zip(values, rows, strict=True)
        ]
    else:
        column = [v[attname] for v in values]
    done: dict[tuple, Any] = {}
    out = []
    for value in column:
        kind = type(value)
        if kind not in _PLAIN:
            out.append(f.get_db_prep_save(value, connection))
            continue
        key = (kind, value)
        if key not in done:
            done[key] = f.get_db_prep_save(value, connection)
        out.append(done[key])
    return out
