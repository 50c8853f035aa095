"""Hostile upload files built in memory for the tests: small files that claim or unpack to
huge sizes, and malformed ones (docs/security.md)."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

from tests.app.spreadsheet_files import xlsx

SHEET = "xl/worksheets/sheet1.xml"
NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def _with_sheet(sheet_xml: bytes | list[bytes], header=("队名", "单位", "选手1", "选手2")):
    """A valid workbook (made by openpyxl) whose first sheet is replaced by ``sheet_xml``,
    given whole or as chunks (so a huge sheet never sits in memory: see :func:`_zip`)."""
    base = zipfile.ZipFile(io.BytesIO(xlsx([], header=list(header))))
    members = [
        (item.filename, [sheet_xml] if isinstance(sheet_xml, bytes) else sheet_xml)
        if item.filename == SHEET
        else (item.filename, [base.read(item.filename)])
        for item in base.infolist()
    ]
    return _zip(members)


def _zip(members: list[tuple[str, list[bytes]]]) -> bytes:
    """A ZIP archive of deflated members, each given as a list of chunks.

    A bomb repeats one chunk hundreds of times. Each distinct chunk is deflated once, on its
    own (a full flush ends it on a byte boundary, referring to nothing before it), and those
    bytes are repeated: the joined blocks, ended by an empty final block, are one valid
    deflate stream. 300 MB of rows take 0.06 CPU-seconds instead of 0.7."""
    out, central = io.BytesIO(), io.BytesIO()
    for name, chunks in members:
        blocks: dict[bytes, bytes] = {}
        body, crc, size = io.BytesIO(), 0, 0
        for chunk in chunks:
            if chunk not in blocks:
                deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
                blocks[chunk] = deflate.compress(chunk) + deflate.flush(zlib.Z_FULL_FLUSH)
            body.write(blocks[chunk])
            crc, size = zlib.crc32(chunk, crc), size + len(chunk)
        body.write(zlib.compressobj(9, zlib.DEFLATED, -15).flush())  # the final block
        data, encoded, offset = body.getvalue(), name.encode(), out.tell()
        fields = (crc, len(data), size, len(encoded))
        # Local header: signature, version 2.0, no flags, method 8 (deflate), no time or
        # date, CRC-32, compressed and real sizes, name length, no extra field.
        out.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, *fields, 0))
        out.write(encoded + data)
        # Its central directory entry: the same, with no comment, disk or attributes, and
        # where the local header starts.
        central.write(
            struct.pack(
                "<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, *fields, 0, 0, 0, 0, 0, offset
            )
        )
        central.write(encoded)
    count, start = len(members), out.tell()
    out.write(central.getvalue())
    # End of central directory: the entry count (twice), its size and where it starts.
    out.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, central.tell(), start, 0))
    return out.getvalue()


def _sheet(rows: str, dimension: str = "A1:D1", prolog: str = "") -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>{prolog}<worksheet {NS}>'
        f'<dimension ref="{dimension}"/><sheetData>{rows}</sheetData></worksheet>'
    ).encode()


HEADER_ROW = (
    '<row r="1"><c r="A1" t="inlineStr"><is><t>队名</t></is></c>'
    '<c r="B1" t="inlineStr"><is><t>单位</t></is></c>'
    '<c r="C1" t="inlineStr"><is><t>选手1</t></is></c>'
    '<c r="D1" t="inlineStr"><is><t>选手2</t></is></c></row>'
)
TABLE_HEADER_ROW = (
    '<row r="1"><c r="A1" t="inlineStr"><is><t>台号</t></is></c>'
    '<c r="B1" t="inlineStr"><is><t>东西</t></is></c>'
    '<c r="C1" t="inlineStr"><is><t>南北</t></is></c></row>'
)


def declared_huge(header_row: str = HEADER_ROW) -> bytes:
    """1–2 KB claiming the sheet spans A1:XFD1048576 (the reader used to pad to it)."""
    return _with_sheet(_sheet(header_row, dimension="A1:XFD1048576"))


def million_rows(count: int = 500_000, header_row: str = HEADER_ROW) -> bytes:
    """A small .xlsx (about 70 KB per million rows) that unpacks to ``count`` rows."""
    row = b'<row><c t="inlineStr"><is><t>x</t></is></c></row>'
    head, tail = _sheet(header_row + "@").split(b"@")
    chunk = row * 50_000

    def parts():
        yield head
        for _ in range(count // 50_000):
            yield chunk
        yield tail

    return _with_sheet(list(parts()))


def huge_unpacked(megabytes: int = 300) -> bytes:
    """An .xlsx whose sheet unpacks to ``megabytes`` MB of blank rows (refused before reading)."""
    head, tail = _sheet(HEADER_ROW + "@").split(b"@")
    chunk = b"<row/>" * (1024 * 1024 // 6)
    return _with_sheet([head] + [chunk] * megabytes + [tail])


def far_cell(reference: str = "XFD1048576") -> bytes:
    """A real cell far away: the reader must not walk a million empty rows to reach it."""
    row = reference.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return _with_sheet(_sheet(HEADER_ROW + f'<row r="{row}"><c r="{reference}"><v>1</v></c></row>'))


def cells(xml: str, prolog: str = "") -> bytes:
    """The header row followed by the given raw XML (for malformed cells)."""
    return _with_sheet(_sheet(HEADER_ROW + xml, prolog=prolog))


EXTERNAL_ENTITY = '<!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
LAUGHS = (
    '<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">'
    + "".join(
        f'<!ENTITY {c} "{("&" + p + ";") * 10}">'
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)
    )
    + "]>"
)

# The nine malformed uploads of finding 6: name → (file name, bytes).
MALFORMED = {
    "bad cell reference": ("a.xlsx", cells('<row r="2"><c r="1A"><v>1</v></c></row>')),
    "negative row": ("a.xlsx", cells('<row r="-2"><c r="A-2"><v>1</v></c></row>')),
    "invalid date": ("a.xlsx", cells('<row r="2"><c r="A2" t="d"><v>not-a-date</v></c></row>')),
    "broken xml": ("a.xlsx", cells('<row r="2"><c r="A2"><v>1</v></c></row><row')),
    "external entity": (
        "a.xlsx",
        cells('<row r="2"><c r="A2" t="inlineStr"><is><t>&x;</t></is></c></row>', EXTERNAL_ENTITY),
    ),
    "entity expansion": (
        "a.xlsx",
        cells('<row r="2"><c r="A2" t="inlineStr"><is><t>&i;</t></is></c></row>', LAUGHS),
    ),
    "huge csv field": ("a.csv", ("队名,单位,选手1,选手2\n" + "x" * 140_000 + ",b,c,d\n").encode()),
    "too many csv columns": ("a.csv", ("队名,单位,选手1,选手2\n" + "a," * 18_300 + "\n").encode()),
    "column past XFD": ("a.xlsx", cells('<row r="2"><c r="ZZZZ2"><v>1</v></c></row>')),
    "not a zip": ("a.xlsx", b"PK\x03\x04 this is not really a zip file"),
}


def big_csv(megabytes: float = 6) -> bytes:
    line = "队伍,单位,甲,乙\n".encode()
    return "队名,单位,选手1,选手2\n".encode() + line * int(megabytes * 1024 * 1024 / len(line))


def many_shared_strings(count: int = 400_000) -> bytes:
    """An .xlsx of about 50 KB whose shared-string table (read whole by openpyxl before any
    row) holds ``count`` strings."""
    base = zipfile.ZipFile(io.BytesIO(xlsx([], header=["队名", "单位", "选手1", "选手2"])))
    out = io.BytesIO()
    rel = (
        b'<Relationship Id="rIdSS" Target="sharedStrings.xml" Type="http://schemas.openxmlformats'
        b'.org/officeDocument/2006/relationships/sharedStrings"/></Relationships>'
    )
    kind = (
        b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats'
        b'-officedocument.spreadsheetml.sharedStrings+xml"/></Types>'
    )
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as book:
        for item in base.infolist():
            data = base.read(item.filename)
            data = (
                data.replace(b"</Relationships>", rel) if item.filename.endswith(".rels") else data
            )
            data = data.replace(b"</Types>", kind)
            book.writestr(item, data)
        with book.open("xl/sharedStrings.xml", "w", force_zip64=True) as handle:
            handle.write(f"<sst {NS}>".encode())
            for _ in range(count // 10_000):
                handle.write(b"<si><t>x</t></si>" * 10_000)
            handle.write(b"</sst>")
    return out.getvalue()


def big_styles(kilobytes: int = 3000) -> bytes:
    """An .xlsx whose styles part (read whole by openpyxl) is ``kilobytes`` KB of formats."""
    base = zipfile.ZipFile(io.BytesIO(xlsx([], header=["队名", "单位", "选手1", "选手2"])))
    xf = b'<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
    count = kilobytes * 1024 // len(xf)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as book:
        for item in base.infolist():
            data = base.read(item.filename)
            if item.filename == "xl/styles.xml":
                data = data.replace(b'<cellXfs count="1">', b'<cellXfs count="1">' + xf * count)
            book.writestr(item, data)
    return out.getvalue()


def deep_xml(levels: int = 9_500_000) -> bytes:
    """An .xlsx sheet of ``<a>`` nested 9.5 million deep (28 MB unpacked, under the 30 MB
    cap): expat keeps every open element, 1.2 GB for 10 million."""
    head, tail = _sheet(HEADER_ROW + "@").split(b"@")
    return _with_sheet([head] + [b"<a>" * 500_000] * (levels // 500_000) + [tail])


def long_attribute(megabytes: int = 25) -> bytes:
    """An .xlsx cell whose reference is 25 MB long: expat re-reads the growing token at every
    chunk (6 s for 30 MB)."""
    head, tail = _sheet(HEADER_ROW + '<row><c r="@"/></row>').split(b"@")
    return _with_sheet([head] + [b"A" * (1024 * 1024)] * megabytes + [tail])


ODS_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"


def ods(content: list[bytes]) -> bytes:
    """An .ods of its content.xml alone (given as chunks): enough to be told an .ods."""
    return _zip(
        [
            ("mimetype", [b"application/vnd.oasis.opendocument.spreadsheet"]),
            ("content.xml", content),
        ]
    )


def _ods_content(tables: str) -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?><office:document-content '
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        f'xmlns:table="{ODS_TABLE}"><office:body><office:spreadsheet>{tables}'
        "</office:spreadsheet></office:body></office:document-content>"
    ).encode()


def ods_tables(count: int = 5, rows: int = 600) -> bytes:
    """``count`` tables of ``rows`` × 1,000 repeated cells each: every table under the cell
    cap, their sum over it (calamine builds every table as it opens the file)."""
    row = (
        f'<table:table-row table:number-rows-repeated="{rows}"><table:table-cell '
        'table:number-columns-repeated="1000" office:value-type="float" office:value="1"/>'
        "</table:table-row>"
    )
    tables = "".join(f'<table:table table:name="T{n}">{row}</table:table>' for n in range(count))
    return ods([_ods_content(tables)])


def ods_deep(levels: int = 9_500_000) -> bytes:
    """An .ods content.xml nested 9.5 million deep."""
    head, tail = _ods_content("@").split(b"@")
    return ods([head] + [b"<a>" * 500_000] * (levels // 500_000) + [tail])


def _xlsb(sheet: list[bytes]) -> bytes:
    return _zip([("xl/workbook.bin", [b""]), ("xl/worksheets/sheet1.bin", sheet)])


def xlsb_records(megabytes: int = 28) -> bytes:
    """An .xlsb sheet of 14 million empty 2-byte records."""
    return _xlsb([b"\x14\x00" * (512 * 1024)] * megabytes)


def xlsb_huge_record() -> bytes:
    """An .xlsb sheet whose one record claims 256 MB."""
    return _xlsb([b"\x14\xff\xff\xff\x7f" + b"\0" * 1000])


def many_parts(count: int = 50_000) -> bytes:
    """An .xlsx of 50,000 empty parts (4.6 MB, under the size cap): each is a ZipInfo in memory."""
    return _zip([("xl/workbook.xml", [b"<x/>"])] + [(f"p{n}", [b""]) for n in range(count)])
