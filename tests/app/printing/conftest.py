"""Helpers to read PDFs back, and a media folder of each test's own."""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest
from pypdf import PdfReader


@pytest.fixture(autouse=True)
def media(media):
    """Every printing test writes its media (photos, generated files) into its own folder."""
    return media


class PagesText(Sequence):
    """The text of each page of a PDF, as pypdf extracts it, page by page when first read:
    a test that looks at the first sheet of seven does not pay for reading the others."""

    def __init__(self, data: bytes) -> None:
        self._pages = PdfReader(io.BytesIO(data)).pages
        self._texts: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self._pages)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = range(len(self))[index]  # negative indices; IndexError past the end
        if index not in self._texts:
            self._texts[index] = self._pages[index].extract_text() or ""
        return self._texts[index]

    def __repr__(self) -> str:  # what a failed assertion shows: every page
        return repr(list(self))


def pages_text(data: bytes) -> PagesText:
    return PagesText(data)
