"""Importing an event archive into this installation (see :mod:`tournament.exports.archive`).

All or nothing: the import runs in one transaction and any problem rolls it back. Primary
keys are new; every reference is mapped from the archive-local ids. An archive whose slug
is already used here is refused unless a new slug is given.

Nothing in an archive is trusted (:mod:`tournament.exports.archive_checks`): types,
references, levels, score sheets, brackets and audit entries are checked, names normalised,
the database's field checks run before saving, and audit entries are marked as imported.
A username that already exists here is attached only with ``map_users`` (``--map-users``):
otherwise an edited archive could make anyone staff or organizer of the imported event.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import DataError, IntegrityError, models, transaction
from django.utils.dateparse import parse_datetime

from rules.messages import Message
from tournament.exports.archive import (
    FORMAT,
    JSON_TEAM_IDS,
    MODEL_NAMES,
    PARTS,
    VERSION,
    ArchiveError,
    data_fields,
    is_user_fk,
)
from tournament.exports.archive_checks import (
    check_audit,
    check_match,
    check_shape,
    check_stage_state,
    check_submission,
    check_value,
    is_int,
    mark_imported,
)
from tournament.models import (
    AuditEntry,
    Match,
    Player,
    Stage,
    Submission,
    Team,
    Tournament,
    Unit,
)
from tournament.names import normalize_name
from tournament.selectors import ruleset
from tournament.services.audit import log_action

MSG_NOT_ARCHIVE = "这不是掼蛋赛事存档文件（缺少格式标记）"
MSG_VERSION = "存档版本 {version} 比本系统支持的版本 {supported} 新，请先升级本系统"
MSG_SLUG_EXISTS = "网址代号“{slug}”已被本系统的赛事使用，请用 --slug 指定新的网址代号"
MSG_BAD_JSON = "存档文件不是有效的JSON：{error}"
MSG_INVALID = "存档中的数据无效：{error}"
MSG_USERS_EXIST = (
    "存档中的用户名在本系统中已存在：{names}。确认是同一个人后请加 --map-users，"
    "或用 --owner 指定赛事的组织者"
)
MSG_TOO_DEEP = "存档文件嵌套过深，已拒绝"
NAME_FIELDS = {(Team, "name"), (Unit, "name"), (Player, "name")}


@dataclass
class ImportResult:
    tournament: Tournament
    created_users: list[str] = field(default_factory=list)
    ignored_fields: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def load_json(data: bytes | str) -> dict:
    try:
        archive = json.loads(data)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ArchiveError(MSG_BAD_JSON.format(error=exc)) from None
    except RecursionError:
        raise ArchiveError(MSG_TOO_DEEP) from None
    if not isinstance(archive, dict) or archive.get("format") != FORMAT:
        raise ArchiveError(MSG_NOT_ARCHIVE)
    version = archive.get("version")
    if not is_int(version) or version > VERSION:
        raise ArchiveError(MSG_VERSION.format(version=version, supported=VERSION))
    check_shape(archive)
    return archive


class _Reader:
    def __init__(self, archive: dict, users: dict[str, Any]) -> None:
        self.archive = archive
        self.users = users
        self.new: dict[type, dict[int, int]] = {}
        self.ignored: set[str] = set()

    def instance(self, model: type[models.Model], row: dict) -> models.Model:
        fields = {f.name: f for f in data_fields(model)}
        for key in row:
            if key not in fields and key not in ("id", "object_ref"):
                self.ignored.add(f"{model.__name__}.{key}")
        values: dict[str, Any] = {}
        for name, f in fields.items():
            if name not in row:
                continue  # an older archive: the model default applies
            value = row[name]
            if not (f.is_relation and f.related_model is Tournament):
                check_value(model, f, value)
            if (model, name) in NAME_FIELDS:
                value = normalize_name(value)
            if f.is_relation:
                target = f.related_model
                if target is Tournament:
                    continue
                try:
                    if is_user_fk(f):
                        values[f.attname] = self.users[value].pk if value else None
                    else:
                        values[f.attname] = self.new[target][value] if value is not None else None
                except (KeyError, TypeError):
                    error = f"{model.__name__}.{name} 引用了存档中没有的记录 {value!r}"
                    raise ArchiveError(MSG_INVALID.format(error=error)) from None
                continue
            hook = JSON_TEAM_IDS.get((model, name))
            if hook is not None:
                value = hook(value, lambda local: self.new[Team].get(local, local))
            values[f.attname] = f.to_python(value) if value is not None else None
        if model is Match and "bracket_game" not in row:
            values["flags"], values["bracket_game"] = older_game_flag(values.get("flags") or [])
        obj = model(**values)
        if model is AuditEntry and row.get("object_ref") is not None:
            if not is_int(row["object_ref"]):
                raise ArchiveError(MSG_INVALID.format(error="操作记录引用的对象编号无效"))
            target = MODEL_NAMES.get(row.get("object_type", ""))
            obj.object_id = str(self.new.get(target, {}).get(row["object_ref"], ""))
        # The database's own checks (lengths, choices, integer ranges) before anything is saved.
        skip = [f.name for f in fields.values() if f.is_relation or isinstance(f, models.FileField)]
        obj.clean_fields(exclude=skip)
        return obj


def older_game_flag(flags: list) -> tuple[list, int]:
    """An archive written before ``Match.bracket_game``: the game was a ``"game:<n>"`` flag.

    The same conversion as migration 0009 (a migration keeps its own frozen copy).
    """
    games = [f for f in flags if isinstance(f, str) and f.startswith("game:")]
    number = games[0][len("game:") :] if games else ""
    return [f for f in flags if f not in games], int(number) if number.isdigit() else 0


def _usernames(archive: dict, *, with_organizer: bool) -> set[str]:
    """Every username the rows refer to (the organizer only when it is kept)."""
    names: set[str] = set()
    for key, model in [("tournament", Tournament)] + [(p.key, p.model) for p in PARTS]:
        rows = [archive[key]] if key == "tournament" else archive.get(key, [])
        fields = [f.name for f in data_fields(model) if is_user_fk(f)]
        if key == "tournament" and not with_organizer:
            fields.remove("organizer")
        for row in rows:
            names.update(row[f] for f in fields if row.get(f))
    return names


def _users(
    archive: dict, created: list[str], *, with_organizer: bool, map_users: bool
) -> dict[str, Any]:
    """Username → user: existing accounts only with ``map_users``, missing ones created
    inactive."""
    User = get_user_model()
    names = _usernames(archive, with_organizer=with_organizer)
    found = {u.username: u for u in User.objects.filter(username__in=names)}
    if found and not map_users:
        raise ArchiveError(MSG_USERS_EXIST.format(names="、".join(sorted(found))))
    for name in sorted(names - set(found)):
        user = User(username=name, is_active=False)
        user.set_unusable_password()
        user.save()
        found[name] = user
        created.append(name)
    return found


def _restore_auto_times(model, objs: list, rows: list[dict]) -> None:
    """bulk_create stamps auto_now(_add) fields with the current time; put the archived
    times back."""
    auto = [
        f
        for f in data_fields(model)
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]
    if not auto or not objs:
        return
    for obj, row in zip(objs, rows, strict=True):
        for f in auto:
            if row.get(f.name):
                setattr(obj, f.attname, f.to_python(row[f.name]))
    model.objects.bulk_update(objs, [f.name for f in auto], batch_size=500)


def _create(model, objs: list) -> list:
    created = model.objects.bulk_create(objs, batch_size=500)
    if any(o.pk is None for o in created):  # a backend that cannot return new keys
        for o in objs:
            o.save(force_insert=True)
        created = objs
    return created


def import_archive(
    archive: dict,
    *,
    slug: str | None = None,
    owner=None,
    actor: str = "cli",
    map_users: bool = False,
) -> ImportResult:
    """Create the archived tournament here; raise :class:`ArchiveError` on any problem.

    Everything happens in one transaction: on any error nothing is saved, not even the
    user accounts created for it.
    """
    try:
        return _import(archive, slug=slug, owner=owner, actor=actor, map_users=map_users)
    except (
        IntegrityError,
        DataError,
        KeyError,
        TypeError,
        ValueError,
        ValidationError,
        OverflowError,
    ) as exc:
        if isinstance(exc, ArchiveError):
            raise
        message = "；".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)
        raise ArchiveError(MSG_INVALID.format(error=message)) from None


@transaction.atomic
def _import(archive: dict, *, slug: str | None, owner, actor: str, map_users: bool) -> ImportResult:
    if archive.get("format") != FORMAT:
        raise ArchiveError(MSG_NOT_ARCHIVE)
    check_shape(archive)
    row = dict(archive["tournament"])
    old_slug = row.get("slug", "")
    row["slug"] = slug or old_slug
    if Tournament.objects.filter(slug=row["slug"]).exists():
        raise ArchiveError(MSG_SLUG_EXISTS.format(slug=row["slug"]))
    created: list[str] = []
    users = _users(archive, created, with_organizer=owner is None, map_users=map_users)
    reader = _Reader(archive, users)
    if owner is not None:
        row.pop("organizer", None)
    tournament = reader.instance(Tournament, row)
    if owner is not None:
        tournament.organizer = owner
    _restore_file(tournament, archive.get("files", {}))
    try:
        tournament.full_clean()
    except ValidationError as exc:
        raise ArchiveError(MSG_INVALID.format(error="；".join(exc.messages))) from None
    tournament.save()
    Tournament.objects.filter(pk=tournament.pk).update(
        created_at=tournament._meta.get_field("created_at").to_python(row.get("created_at"))
        or tournament.created_at,
        updated_at=tournament._meta.get_field("updated_at").to_python(row.get("updated_at"))
        or tournament.updated_at,
    )
    reader.new[Tournament] = {1: tournament.pk}
    result = ImportResult(tournament, created)
    for part in PARTS:
        rows = _checked_rows(archive, part.model, tournament)
        objs = [reader.instance(part.model, r) for r in rows]
        link = _tournament_attname(part.model)
        if link:
            for obj in objs:
                setattr(obj, link, tournament.pk)
        objs = _create(part.model, objs)
        _restore_auto_times(part.model, objs, rows)
        reader.new[part.model] = {r["id"]: o.pk for r, o in zip(rows, objs, strict=True)}
        result.counts[part.key] = len(objs)
    result.ignored_fields = sorted(reader.ignored)
    log_action(
        tournament=tournament,
        action="archive.import",
        obj=tournament,
        actor=actor,
        summary=Message("audit_import_archive", {"slug": old_slug}),
    )
    return result


def _checked_rows(archive: dict, model, tournament: Tournament) -> list[dict]:
    """A part's rows after the checks that need the rules or the other rows."""
    rows = archive.get(next(p.key for p in PARTS if p.model is model), [])
    if model is Match:
        rules = ruleset(tournament)
        for number, row in enumerate(rows, start=1):
            check_match(row, rules, number)
    elif model is Stage:
        team_ids = {r["id"] for r in archive.get("teams", [])}
        for number, row in enumerate(rows, start=1):
            check_stage_state(row.get("state") or {}, team_ids, number)
    elif model is Submission:
        for number, row in enumerate(rows, start=1):
            check_submission(row, number)
    elif model is AuditEntry:
        exported = archive.get("exported_at")
        when = parse_datetime(exported) if isinstance(exported, str) else None
        for number, row in enumerate(rows, start=1):
            check_audit(row, when, number)
        rows = [mark_imported(row) for row in rows]
    return rows


def _tournament_attname(model) -> str | None:
    for f in data_fields(model):
        if f.is_relation and f.related_model is Tournament:
            return f.attname
    return None


def _restore_file(tournament: Tournament, files: dict) -> None:
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
            raise ArchiveError(MSG_INVALID.format(error=f"文件 {name} 已损坏")) from None
        basename = name.rsplit("/", 1)[-1]
        getattr(tournament, f.attname).save(basename, ContentFile(content), save=False)
