"""Inserting many new rows of one model at once: one statement, run once per row.

Why not ``bulk_create``: Django compiles each batch as its own INSERT through its query
compiler, and SQLite's 999 parameters make the batches small (2,500 tables of a round were
87 INSERTs of 29 rows, 42 % of ``pair`` at 5,000 pairs; 5,000 audit lines, 15,000 pairs
and players the same). ``executemany`` sends one statement with a row of parameters for
each object, on SQLite and PostgreSQL alike (psycopg pipelines it).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import connection, models
from django.db.models import AutoField


def insert_all(objs: Sequence[models.Model]) -> None:
    """Insert new model instances (all of one model) in one ``executemany`` statement.

    Each value goes through its field's own ``pre_save`` and ``get_db_prep_save`` (JSON,
    ``auto_now_add``, defaults made when the object was built, such as a table's entry
    codes; a plain value is prepared once per column), so the rows are those
    ``bulk_create`` would store. Unlike it, the primary keys
    are not read back: a caller that needs them reads them by a unique key. No signals are
    sent (``bulk_create`` sends none either).
    """
    if not objs:
        return
    fields = _fields(objs[0]._meta)
    _execute(objs[0]._meta, fields, [[f.pre_save(obj, True) for obj in objs] for f in fields])


def insert_values(model: type[models.Model], rows: Sequence[dict]) -> None:
    """Insert new rows given as ``{attname: value}`` (every row the same keys), in one
    statement, without building model instances.

    A column a row does not name takes its field's default, made once per row when the
    default is callable (a table's entry codes differ), so the rows are those
    :func:`insert_all` stores for ``model(**row)``. Why: 2,500 ``Table`` instances of a
    round cost ``pair`` 0.16 CPU-s at 5,000 pairs, each setting some 35 fields and sending
    Django's init signals, only for :func:`insert_all` to read them back. A field whose
    ``pre_save`` makes the value (``auto_now``, ``auto_now_add``, a file) must be named.
    """
    if not rows:
        return
    meta = model._meta
    fields = _fields(meta)
    named = rows[0].keys()
    unknown = set(named) - {f.attname for f in fields}
    if unknown:  # a misspelt or renamed column would otherwise be dropped without a word
        raise ValueError(f"insert_values: {model.__name__} has no column {sorted(unknown)}")
    values = []
    for f in fields:
        if f.attname in named:
            values.append([row[f.attname] for row in rows])
        elif getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
            raise ValueError(f"insert_values: {f.name} is made by pre_save; name it")
        elif f.has_default() and callable(f.default):
            make = f.default  # what get_default calls, without its two lookups per row
            values.append([make() for _ in rows])
        else:
            values.append([f.get_default()] * len(rows))
    _execute(meta, fields, values)


def _fields(meta) -> list[models.Field]:
    """The columns an INSERT names: every concrete field but the auto primary key."""
    return [f for f in meta.concrete_fields if not isinstance(f, AutoField)]


def _execute(meta, fields: list[models.Field], values: list[list]) -> None:
    """One ``executemany`` INSERT of ``values`` (one list per field, one value per row)."""
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({marks})"
    prepared = [_column(f, column) for f, column in zip(fields, values, strict=True)]
    with connection.cursor() as cursor:
        cursor.executemany(sql, list(zip(*prepared, strict=True)))


# Values whose database form depends on the value alone, prepared once per column: most
# columns of a new row hold one default (0, "", None, an empty list) on every row.
_PLAIN = (type(None), bool, int, str)


def _column(field: models.Field, values: list) -> list:
    """``field.get_db_prep_save`` of each value, once per distinct plain value."""
    if type(field) is models.CharField and all(type(v) is str for v in values):
        # Django's own CharField stores a str as it is on every backend (to_python returns
        # it): a round's entry codes and PINs, 10,000 distinct values, need no call each.
        return values
    prepared: dict[tuple, object] = {}
    out = []
    for value in values:
        kind = type(value)
        if kind in _PLAIN:
            key = (kind, value)
        elif kind in (list, dict) and not value:
            key = (kind, None)
        else:
            out.append(field.get_db_prep_save(value, connection))
            continue
        if key not in prepared:
            prepared[key] = field.get_db_prep_save(value, connection)
        out.append(prepared[key])
    return out


def update_column(model: type[models.Model], attname: str, values: dict[int, object]) -> None:
    """Set one column of many rows, ``{primary key: value}``, in one ``executemany`` UPDATE
    (``bulk_update`` sends a CASE statement per batch of a few hundred rows)."""
    if not values:
        return
    meta = model._meta
    field = meta.get_field(attname.removesuffix("_id"))
    quote = connection.ops.quote_name
    sql = (
        f"UPDATE {quote(meta.db_table)} SET {quote(field.column)} = %s "
        f"WHERE {quote(meta.pk.column)} = %s"
    )
    rows = [(field.get_db_prep_save(value, connection), pk) for pk, value in values.items()]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)
