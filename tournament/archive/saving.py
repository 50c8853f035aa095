"""Saving an archive's rows: their field checks and their INSERT, cheaper than Django's
``clean_fields`` and ``bulk_create`` for the tens of thousands of rows of a big event.

Vocabulary
----------
field plan
    Per model, what the checks need of each field, worked out once (not once per row):
    whether Django's generic ``Field.validate`` applies, its choices as a set, its validators.
check
    :func:`check_fields` passes the rows ``clean_fields`` passes; at the first value it does
    not pass it runs ``clean_fields`` itself, which raises Django's own error (so every
    refusal keeps its message). Fields with a ``validate`` of their own (JSON) are cleaned
    by Django as before.
insert
    :func:`insert_rows`: one multi-row ``INSERT … RETURNING`` per batch (as many rows as
    the backend's parameter limit lets), the archived times (``auto_now``,
    ``auto_now_add``) written at once instead of being put back by an UPDATE a row.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import connections, models, router
from django.db.models import AutoField
from django.db.models.expressions import DatabaseDefault
from django.db.models.fields import Field

ROWS_AT_MOST = 500  # rows of one INSERT where the backend sets no parameter limit


def is_auto_time(f: models.Field) -> bool:
    return bool(getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False))


@cache
def _plan(model: type[models.Model], skip: frozenset[str]) -> tuple[list, list]:
    """The fields :func:`check_fields` looks at: ``(generic, own)``; ``generic`` as
    ``(field, attname, blank, null, editable, choices or None, validators)``."""
    generic, own = [], []
    for f in model._meta.fields:
        if f.name in skip or f.generated:
            continue
        if type(f).validate is not Field.validate or f.choices is not None and not _flat(f):
            own.append(f)
            continue
        choices = {k for k, _ in f.flatchoices} if f.choices is not None else None
        low, high, validators = _bounds(f.validators)
        generic.append((f, f.attname, f.blank, f.null, f.editable, choices, low, high, validators))
    return generic, own


def _bounds(validators: list) -> tuple[Any, Any, list]:
    """An integer field's range (Django's validators of the backend's integer limits and
    the model's own ``MinValueValidator``/``MaxValueValidator`` of a constant) as two
    numbers compared in place, and the other validators, called."""
    low = high = None
    others = []
    for v in validators:
        limit = v.limit_value if type(v) in (MinValueValidator, MaxValueValidator) else None
        if type(limit) is not int:
            others.append(v)
        elif type(v) is MinValueValidator:
            low = limit if low is None else max(low, limit)
        else:
            high = limit if high is None else min(high, limit)
    return low, high, others


def _flat(f: models.Field) -> bool:
    try:
        {k for k, _ in f.flatchoices}  # noqa: B018 (hashable keys: a set can hold them)
    except TypeError:
        return False
    return True


def check_fields(obj: models.Model, skip: frozenset[str]) -> None:
    """``obj.clean_fields(exclude=skip)`` for the values an archive's rows hold, without
    its per-row calls where Django's generic checks apply (see the module's docstring)."""
    generic, own = _plan(type(obj), skip)
    empty = Field.empty_values
    for f, attname, blank, null, editable, choices, low, high, validators in generic:
        value = getattr(obj, attname)
        try:
            is_empty = value in empty
            if (blank and is_empty) or isinstance(value, DatabaseDefault):
                continue
            if editable and (
                (choices is not None and not is_empty and value not in choices)
                or (value is None and not null)
                or (not blank and is_empty)
            ):
                break
            if f.to_python(value) != value:
                break  # clean_fields would store another value: let it
            if not is_empty:
                if (low is not None and value < low) or (high is not None and value > high):
                    break
                for validate in validators:
                    validate(value)
        except Exception:  # noqa: BLE001 (any doubt: Django's own check decides)
            break
    else:
        for f in own:
            value = getattr(obj, f.attname)
            if (f.blank and value in f.empty_values) or isinstance(value, DatabaseDefault):
                continue
            setattr(obj, f.attname, f.clean(value, obj))
        return
    obj.clean_fields(exclude=skip)


def insert_rows(model: type[models.Model], objs: list, rows: list[dict]) -> list:
    """Insert ``objs`` (new, of one model) and set their primary keys; an ``auto_now`` or
    ``auto_now_add`` field takes the archived time of its row (``rows``, the same order)
    when the row has one. Returns ``objs``; ``None`` where the backend cannot return the
    new keys of a multi-row INSERT (the caller then saves them its own way)."""
    connection = connections[router.db_for_write(model)]
    if not connection.features.can_return_rows_from_bulk_insert:
        return None
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not isinstance(f, AutoField)]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    limit = connection.features.max_query_params
    size = max(1, min(ROWS_AT_MOST, limit // len(fields))) if limit else ROWS_AT_MOST
    head = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES "
    tail = f" RETURNING {quote(meta.pk.column)}"
    prepared = [_column(f, objs, rows, connection) for f in fields]
    if _unnest(fields, connection):  # PostgreSQL: one array a column, as bulk_create does
        # Sent in binary (``%b``, server-side binding: config/env.py): psycopg's text form of
        # an array escapes each text with a regular expression, a third of the import's CPU.
        arrays = ", ".join(f"(%b)::{f.db_type(connection).split('(')[0]}[]" for f in fields)
        sql = f"{head.removesuffix(' VALUES ')} SELECT * FROM UNNEST({arrays}){tail}"
        with connection.cursor() as cursor:
            cursor.execute(sql, prepared)
            _keys(objs, cursor.fetchall(), connection)
        return objs
    values = list(zip(*prepared, strict=True))
    with connection.cursor() as cursor:
        for start in range(0, len(objs), size):
            chunk = values[start : start + size]
            params = [v for row_values in chunk for v in row_values]
            cursor.execute(head + ", ".join([one] * len(chunk)) + tail, params)
            _keys(objs[start : start + size], cursor.fetchall(), connection)
    return objs


def _keys(objs: list, keys: list, connection) -> None:
    for obj, (pk,) in zip(objs, keys, strict=True):
        obj.pk = pk
        obj._state.adding, obj._state.db = False, connection.alias


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


def _column(f: models.Field, objs: list, rows: list[dict], connection) -> list:
    """One column of the rows as the database takes it: each value through the field's
    ``pre_save`` (where the field has its own) and ``get_db_prep_save``, a plain value
    (``None``, a number, a text) prepared once however many rows hold it."""
    attname = f.attname
    if is_auto_time(f):
        values = []
        for obj, row in zip(objs, rows, strict=True):
            if row.get(f.name):
                setattr(obj, attname, f.to_python(row[f.name]))
                values.append(getattr(obj, attname))
            else:
                values.append(f.pre_save(obj, True))
    elif type(f).pre_save is Field.pre_save:
        values = [getattr(obj, attname) for obj in objs]
    else:
        values = [f.pre_save(obj, True) for obj in objs]
    done: dict[tuple, Any] = {}
    out = []
    for value in values:
        kind = type(value)
        if kind not in _PLAIN:
            out.append(f.get_db_prep_save(value, connection))
            continue
        key = (kind, value)
        if key not in done:
            done[key] = f.get_db_prep_save(value, connection)
        out.append(done[key])
    return out
