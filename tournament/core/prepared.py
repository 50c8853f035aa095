"""Querysets compiled once: the hot reads of every referee request without the ORM's compiling.

Django compiles a queryset's SQL again for every request: for a tournament row (45 columns
and its organizer) that is about 1 ms of CPU against 0.07 ms for running the same SQL.
:class:`Prepared` compiles a queryset once per thread with marker values for its
parameters, keeps the SQL, the column converters and how the rows become objects, and then
runs only the SQL with the request's values, through the connection's cursor (so the
statement counters and ``execute_wrapper`` see it as any other).

Only for querysets whose SQL does not depend on the values: scalar parameters compared with
``=`` or an order such as ``__gt`` (not ``None``, not lists for ``__in``; a slice's bounds
are part of the SQL, so constants), model rows (``select_related`` too) or a
``values_list`` of plain fields. tests/app/core/test_prepared.py compares each use with the
ORM's own answer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from django.core.exceptions import MultipleObjectsReturned
from django.db import connections
from django.db.models.query import ModelIterable, ValuesListIterable, get_related_populators
from django.db.transaction import TransactionManagementError

# Marker values: one per parameter, of the parameter's kind (a text or an integer), unlikely
# to be one of the queryset's own constants.
_TEXT = "\x00prepared-%d\x00"
_INT = 32_611  # within every integer field's range (a small positive field's too)
_LOW, _HIGH = -(2**63), 2**63 - 1


def _marker(kind: type, i: int):
    return _TEXT % i if kind is str else _INT + 31 * i


class Prepared:
    """``Prepared(lambda slug: Tournament.objects.filter(slug=slug), str)``; then
    ``.one(slug)`` (an object or None) or ``.all(slug)`` (a list). Reads by a key: the
    queryset's order is dropped (as ``get()`` does), unless ``ordered=True``."""

    def __init__(
        self, make: Callable[..., Any], *kinds: type, using: str = "default", ordered=False
    ):
        self.make, self.kinds, self.using, self.ordered = make, kinds, using, ordered
        self._local = threading.local()

    def _compiled(self) -> dict:
        state = getattr(self._local, "state", None)
        if state is None:
            markers = [_marker(kind, i) for i, kind in enumerate(self.kinds)]
            queryset = self.make(*markers)
            if not self.ordered:  # as get(): a unique key, no order
                queryset = queryset.order_by()
            compiler = queryset.query.get_compiler(using=self.using)
            sql, params = compiler.as_sql()
            slots = []  # per SQL parameter: the index of the caller's value, or its constant
            for p in params:
                slots.append((markers.index(p), None) if p in markers else (None, p))
            if sorted(i for i, _ in slots if i is not None) != list(range(len(markers))):
                raise ValueError("each parameter must appear once in the SQL")
            state = self._local.state = self._state(queryset, compiler, sql, slots)
        return state

    def _state(self, queryset, compiler, sql: str, slots: list) -> dict:
        select, klass_info = compiler.select, compiler.klass_info
        state = {
            "sql": sql,
            "slots": slots,
            "compiler": compiler,
            "converters": compiler.get_converters([s[0] for s in select]),
            "width": len(select),
            "model": None,
            "for_update": queryset.query.select_for_update,
        }
        if queryset._iterable_class is ValuesListIterable:
            query = queryset.query
            names = [*query.extra_select, *query.values_select, *query.annotation_select]
            if list(queryset._fields) != names:  # the columns in another order than asked
                raise ValueError("a values_list of its fields, then its annotations, in order")
        elif queryset._iterable_class is ModelIterable:
            if compiler.annotation_col_map or queryset._known_related_objects:
                raise ValueError("annotations and known related objects are not prepared")
            fields = klass_info["select_fields"]
            state["model"] = klass_info["model"]
            state["span"] = (fields[0], fields[-1] + 1)
            state["init"] = [f[0].target.attname for f in select[fields[0] : fields[-1] + 1]]
            state["related"] = get_related_populators(klass_info, select, self.using)
        else:
            raise ValueError("model rows or a values_list (of tuples) only")
        return state

    def all(self, *values) -> list:
        """The rows for these parameter values, as the queryset would give them."""
        if any(v is None for v in values):
            raise ValueError("None changes the SQL: use the queryset")
        if any(type(v) is int and not _LOW <= v <= _HIGH for v in values):
            return []  # as the ORM: no row has a value beyond the database's integers
        state = self._compiled()
        params = [values[i] if i is not None else p for i, p in state["slots"]]
        connection = connections[self.using]
        if state["for_update"] and connection.get_autocommit():  # as the ORM checks it
            raise TransactionManagementError("select_for_update outside of a transaction")
        with connection.cursor() as cursor:
            cursor.execute(state["sql"], params)
            rows = cursor.fetchall()
        if state["converters"]:
            rows = list(state["compiler"].apply_converters(rows, state["converters"]))
        model = state["model"]
        if model is None:
            return [tuple(row[: state["width"]]) for row in rows]
        start, end = state["span"]
        objects = []
        for row in rows:
            obj = model.from_db(self.using, state["init"], row[start:end])
            for populator in state["related"]:
                populator.populate(row, obj)
            objects.append(obj)
        return objects

    def one(self, *values):
        """The row, or None: as ``get()`` (more than one row is an error), without raising
        ``DoesNotExist``."""
        rows = self.all(*values)
        if len(rows) > 1:
            raise MultipleObjectsReturned(f"{len(rows)} rows for a prepared query of one")
        return rows[0] if rows else None
