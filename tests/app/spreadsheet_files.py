"""Building registration files in memory for the tests."""

from __future__ import annotations

import csv
import io

from openpyxl import Workbook

HEADER = ["队名", "单位", "选手1", "选手2", "电话", "种子"]


def xlsx(rows, header=HEADER, title="报名表") -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.title = title
    if header is not None:
        sheet.append(header)
    for row in rows:
        sheet.append(list(row))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def csv_bytes(rows, header=HEADER, encoding="utf-8") -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode(encoding)


def pairs(n: int, unit_count: int = 8):
    """n distinct pairs with Chinese names."""
    return [
        (f"队伍{i:04d}", f"单位{i % unit_count}", f"选手{i:04d}甲", f"选手{i:04d}乙", "", "")
        for i in range(1, n + 1)
    ]
