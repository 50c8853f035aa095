"""The rows of an archive made into this installation's rows (see
:mod:`tournament.archive.importer`, which feeds them in batches).

Vocabulary
----------
archive-local id
    The ``id`` of a row in the archive (1, 2, 3… per part); references between rows use
    them. :class:`RowReader` keeps, per model, the map from them to the new primary keys.
accounts
    Usernames in the archive (who entered, confirmed, refereed; the staff): an account that
    exists here is used only with ``map_users``; a missing one is created inactive, without
    a usable password (:class:`Accounts`).
"""

from __future__ import annotations

import base64
import binascii
import json
import secrets
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.db import connections, models, router

from tournament.archive.checks import check_value, is_int, plain_types
from tournament.archive.saving import check_values, insert_rows, json_attnames
from tournament.archive.write import (
    JSON_PAIR_IDS,
    MODEL_NAMES,
    MSG_AUDIT_REF,
    MSG_FILE_DAMAGED,
    MSG_NO_RECORD,
    MSG_STAFF_EXIST,
    MSG_USERS_EXIST,
    MSG_USERS_LIST,
    ArchiveError,
    archive_name,
    data_fields,
    invalid,
    is_user_fk,
)
from tournament.core.normalize import normalize_name
from tournament.models import AuditEntry, Pair, Player, SignUp, Table, Tournament, Unit

NAME_FIELDS = {(Pair, "name"), (Unit, "name"), (Player, "name")}
BATCH = 500  # rows saved at a time


class RowReader:
    """Archive rows → the values of new rows (attname → value), with references mapped to
    the new keys."""

    def __init__(self, users: Accounts) -> None:
        self.users = users
        self.new: dict[type, dict[int, int]] = {}
        self.ignored: set[str] = set()

    def values(self, model: type[models.Model], row: dict) -> dict[str, Any]:
        """The row's values as saved (:func:`~tournament.archive.saving.check_values`): the
        database's own checks (lengths, choices, integer ranges) before anything is saved."""
        return check_values(model, self.read(model, row), _fields(model)[1])

    def instance(self, model: type[models.Model], row: dict) -> models.Model:
        """The row as an unsaved instance, its fields checked (the tournament's own row)."""
        obj = model(**self.read(model, row))
        obj.clean_fields(exclude=_fields(model)[1])
        return obj

    def read(self, model: type[models.Model], row: dict) -> dict[str, Any]:
        """The values the row holds, their JSON types checked, references mapped."""
        fields = _fields(model)[0]
        for key in row:
            if key not in fields and key not in ("id", "object_ref"):
                self.ignored.add(f"{model.__name__}.{key}")
        values: dict[str, Any] = {}
        for name, (f, kind, plain) in fields.items():
            if name not in row:
                continue  # an older archive: the model default applies
            value = row[name]
            if type(value) in plain:  # most values: of their type, kept as they are
                values[f.attname] = value
                continue
            if kind != "tournament":
                check_value(model, f, value)
            if kind == "name":
                value = normalize_name(value)
            elif kind == "tournament":
                continue
            elif kind in ("user", "ref"):
                try:
                    if kind == "user":
                        values[f.attname] = self.users[value].pk if value else None
                    else:
                        new = self.new[f.related_model][value] if value is not None else None
                        values[f.attname] = new
                except (KeyError, TypeError):
                    field = f"{model.__name__}.{name}"
                    raise invalid(MSG_NO_RECORD, field=field, value=repr(value)) from None
                continue
            elif kind == "pair_ids":
                value = JSON_PAIR_IDS[(model, f.name)](
                    value, lambda local: self.new[Pair].get(local, local)
                )
            values[f.attname] = f.to_python(value) if value is not None else None
        if model is Table and "bracket_game" not in row:
            values["flags"], values["bracket_game"] = older_game_flag(values.get("flags") or [])
        if model is AuditEntry and row.get("object_ref") is not None:
            if not is_int(row["object_ref"]):
                raise invalid(MSG_AUDIT_REF)
            target = MODEL_NAMES.get(row.get("object_type", ""))
            values["object_id"] = str(self.new.get(target, {}).get(row["object_ref"], ""))
        return values


@cache
def _fields(model: type[models.Model]) -> tuple[dict, frozenset[str]]:
    """A model's archived fields by their archive names, each with what ``read`` does
    with it and the types of value it keeps as they are (:func:`plain_types`), and the
    fields its checks leave out (references, files); once per model."""
    fields = {}
    for f in data_fields(model):
        if f.is_relation and f.related_model is Tournament:
            kind = "tournament"
        elif is_user_fk(f):
            kind = "user"
        elif f.is_relation:
            kind = "ref"
        elif (model, f.name) in JSON_PAIR_IDS:
            kind = "pair_ids"
        elif (model, f.name) in NAME_FIELDS:
            kind = "name"
        else:
            kind = "value"
        plain = plain_types(f) if kind == "value" else frozenset()
        fields[archive_name(model, f)] = (f, kind, plain)
    skip = frozenset(
        f.name for f, *_ in fields.values() if f.is_relation or isinstance(f, models.FileField)
    )
    return fields, skip


def older_game_flag(flags: list) -> tuple[list, int]:
    """An archive written before ``Table.bracket_game``: the game was a ``"game:<n>"`` flag.

    The same conversion as migration 0009 (a migration keeps its own frozen copy).
    """
    games = [f for f in flags if isinstance(f, str) and f.startswith("game:")]
    number = games[0][len("game:") :] if games else ""
    return [f for f in flags if f not in games], int(number) if number.isdigit() else 0


class Accounts:
    """Username → account here, resolved once each: an existing account only with
    ``map_users``; a missing one created inactive, without a usable password.
    ``owner_given``: the organizer is chosen here (``--owner``), so a clash is a staff
    account's, which ``--owner`` cannot settle: the message does not suggest it."""

    def __init__(self, *, map_users: bool, owner_given: bool = False) -> None:
        self.map_users = map_users
        self.owner_given = owner_given
        self.found: dict[str, Any] = {}
        self.created: list[str] = []

    def declare(self, names: set[str]) -> None:
        """Resolve the archive's list of usernames at once (every clash named together)."""
        User = get_user_model()
        names = {n for n in names if n not in self.found}
        existing = {u.username: u for u in User.objects.filter(username__in=names)}
        if existing and not self.map_users:
            code = MSG_STAFF_EXIST if self.owner_given else MSG_USERS_EXIST
            raise ArchiveError(code, names=sorted(existing))
        self.found.update(existing)
        for name in sorted(names - set(existing)):
            user = User(username=name, is_active=False)
            user.set_unusable_password()
            user.save()
            self.found[name] = user
            self.created.append(name)

    def __getitem__(self, name: str):
        if name not in self.found:
            if not isinstance(name, str):
                raise KeyError(name)
            self.declare({name})  # a name the archive's list left out
        return self.found[name]


def user_list(value: Any) -> set[str]:
    if not isinstance(value, list) or not all(isinstance(n, str) and n for n in value):
        raise invalid(MSG_USERS_LIST)
    return set(value)


def fresh_tokens(signups: list[dict]) -> None:
    """A sign-up's private link (``token``, of the rows' values) is kept, unless this
    installation already has it (the same archive imported twice): that copy gets a new one."""
    tokens = [s["token"] for s in signups]
    taken = set(SignUp.objects.filter(token__in=tokens).values_list("token", flat=True))
    for signup in signups:
        if signup["token"] in taken or not signup["token"]:
            signup["token"] = secrets.token_urlsafe(32)


def restore_auto_times(model, objs: list, rows: list[dict]) -> None:
    """bulk_create stamps auto_now(_add) fields with the current time; put the archived
    times back: one UPDATE of the row's times by its key, sent for the batch at once
    (``executemany``). Django's bulk_update would send one statement of a CASE with a
    branch per row, which the database evaluates for every row: quadratic in the batch,
    most of an archive's import."""
    auto = [
        f
        for f in data_fields(model)
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    if not auto or not objs:
        return
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    assigned = ", ".join(f"{quote(f.column)} = %s" for f in auto)
    key = quote(model._meta.pk.column)
    sql = f"UPDATE {quote(model._meta.db_table)} SET {assigned} WHERE {key} = %s"
    params = []
    for obj, row in zip(objs, rows, strict=True):
        for f in auto:
            if row.get(f.name):
                setattr(obj, f.attname, f.to_python(row[f.name]))
        values = [f.get_db_prep_save(getattr(obj, f.attname), connection) for f in auto]
        params.append([*values, obj.pk])
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


def create_rows(model, values: list[dict], rows: list[dict]) -> list:
    """Save new rows from their values with their archived times and return their keys
    (:func:`tournament.archive.saving.insert_rows`); where that cannot, Django's way (the
    instances made, their JSON decoded again) and the times put back."""
    keys = insert_rows(model, values, rows)
    if keys is not None:
        return keys
    texts = json_attnames(model)
    objs = [
        model(**{k: json.loads(v) if k in texts and v is not None else v for k, v in row.items()})
        for row in values
    ]
    if connections[router.db_for_write(model)].features.can_return_rows_from_bulk_insert:
        model.objects.bulk_create(objs, batch_size=BATCH)
    else:  # bulk_create would insert them and leave their new keys unknown
        for o in objs:
            o.save(force_insert=True)
    restore_auto_times(model, objs, rows)
    return [o.pk for o in objs]


def tournament_attname(model) -> str | None:
    for f in data_fields(model):
        if f.is_relation and f.related_model is Tournament:
            return f.attname
    return None


def restore_file(tournament: Tournament, files: dict) -> None:
    for f in data_fields(Tournament):
        if not isinstance(f, models.FileField):
            continue
        name = getattr(tournament, f.attname).name if getattr(tournament, f.attname) else ""
        if not name:
            continue
        if name not in files:
            setattr(tournament, f.attname, None)  # the archive carried no content
            continue
        try:
            content = base64.b64decode(files[name], validate=True)
        except (binascii.Error, ValueError):
            raise invalid(MSG_FILE_DAMAGED, name=name) from None
        basename = name.rsplit("/", 1)[-1]
        getattr(tournament, f.attname).save(basename, ContentFile(content), save=False)
