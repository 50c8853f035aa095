"""``manage.py export SLUG KIND [--round N] -o FILE``: every printout and export, from the
command line; the format follows the file's extension (.pdf, .xlsx, .csv, .json, .json.gz).

The event archive: ``-o FILE.json.gz`` writes it gzip-compressed (the usual choice: about a
sixth of the size), ``-o FILE.json`` plain; ``--without-audit`` leaves the audit log out.

The exchange file (成绩交换文件, ``exchange -o FILE.json``): the event's results over its locked
rounds in the documented format of docs/exchange.md (tournament.exchange), for the
association's server (``manage.py import_exchange``)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError

from tournament.exchange.files import write_document
from tournament.management.commands._base import BaseCommand, get_tournament
from tournament.printing.makers import ExportError, Request
from tournament.printing.pairings import ORDERS
from tournament.printing.registry import KINDS, run


def file_format(path: Path) -> str:
    """The format a file name asks for: its extension, ``json.gz`` for ``x.json.gz``."""
    name = path.name.lower()
    if name.endswith(".json.gz"):
        return "json.gz"
    return path.suffix.lower().lstrip(".")


EXCHANGE = "exchange"  # the exchange file: tournament.exchange, not a printout


def written(path: Path, fmt: str, write) -> None:
    """Call ``write(out)`` on a file next to ``path`` and rename it to ``path``: a failed
    export never leaves half a file."""
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".export-", suffix="." + fmt)
    try:
        with os.fdopen(fd, "wb") as out:
            write(out)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


class Command(BaseCommand):
    help = (
        "导出/打印 (export: "
        + ", ".join([*KINDS, EXCHANGE])
        + "; the format follows the extension of -o)"
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("kind", choices=[*KINDS, EXCHANGE])
        parser.add_argument("-o", "--output", required=True, type=Path, help="file to write")
        parser.add_argument(
            "--round", type=int, default=None, help="round number (default: latest)"
        )
        parser.add_argument(
            "--two-per-page", action="store_true", help="score sheets: two A5 sheets per A4 page"
        )
        parser.add_argument("--order", choices=ORDERS, default="both", help="pairings PDF order")
        parser.add_argument(
            "--without-audit",
            action="store_true",
            help="archive: leave the audit log (操作记录) out",
        )
        parser.add_argument(
            "--base-url",
            default=getattr(settings, "SITE_URL", ""),
            help="address players' phones use, for the QR codes (e.g. http://192.168.1.10:8000)",
        )

    def handle(self, *args, **o):
        tournament = get_tournament(o["slug"])
        path: Path = o["output"]
        fmt = file_format(path)
        if not fmt:
            raise CommandError("请给输出文件加上扩展名（.pdf、.xlsx、.csv、.json 或 .json.gz）")
        if o["kind"] == EXCHANGE:
            return self.exchange(tournament, path, fmt)
        request = Request(
            tournament=tournament,
            kind=o["kind"],
            fmt=fmt,
            round=o["round"],
            per_page=2 if o["two_per_page"] else 1,
            order=o["order"],
            base_url=o["base_url"] or "",
            with_audit=not o["without_audit"],
        )
        made = []
        try:
            written(path, fmt, lambda out: made.append(run(request, out)))
        except ExportError as exc:
            raise CommandError(str(exc)) from None
        kind = made[0]
        where = f"第{request.round}轮" if request.round is not None else ""
        self.note(f"已导出{where}{kind.label}：{path}")

    def exchange(self, tournament, path: Path, fmt: str) -> None:
        if fmt != "json":
            raise CommandError("成绩交换文件只能导出为 .json")
        documents: list[dict] = []
        written(path, fmt, lambda out: documents.append(write_document(tournament, out)))
        doc = documents[0]
        self.note(
            f"已导出成绩交换文件（{len(doc['rounds'])}轮已锁定，版本 {doc['revision']}）：{path}"
        )
