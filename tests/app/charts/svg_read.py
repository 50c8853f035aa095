"""Reading a chart's markup back (xml.etree) for the chart tests."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def charts(html: str, kind: str) -> list[ET.Element]:
    """The ``<figure class="chart-box">`` of each chart of ``kind`` in a page, parsed."""
    found = re.findall(
        rf'<figure class="chart-box"><svg class="chart chart-{kind}".*?</figure>', html, re.S
    )
    return [ET.fromstring(f) for f in found]


def svg(figure: ET.Element) -> ET.Element:
    return figure.find(f"{SVG}svg")


def hidden_rows(figure: ET.Element) -> list[list[str]]:
    hidden = figure.find("div")
    assert hidden is not None and hidden.get("class") == "vh"
    table = hidden.find("table")
    rows = [[td.text or "" for td in tr.findall("td")] for tr in table.findall("tr")]
    return [row for row in rows if row]  # the first row holds the headers


def assert_text_alternative(figure: ET.Element) -> None:
    element = svg(figure)
    assert element.get("role") == "img" and element.get("aria-label")
    assert (element.find(f"{SVG}title").text or "").strip()
    assert (element.find(f"{SVG}desc").text or "").strip()
    assert figure.find("div/table/caption").text
