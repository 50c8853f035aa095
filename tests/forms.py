"""Post a page's form back as a browser would, for tests of edit pages."""

from __future__ import annotations

from html.parser import HTMLParser


class _Form(HTMLParser):
    """The values a browser would post back for the first <form method="post"> of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self._select: str | None = None
        self._first: str | None = None
        self._chosen = False
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("file", "submit"):
            if a.get("type") == "checkbox":
                if "checked" in a:
                    self.data.setdefault(name, []).append(a.get("value") or "on")
            else:
                self.data.setdefault(name, []).append(a.get("value") or "")
        elif tag == "select" and name:
            self._select, self._first, self._chosen = name, None, False
        elif tag == "option" and self._select:
            value = a.get("value", "")
            if self._first is None:
                self._first = value
            if "selected" in a:
                self.data.setdefault(self._select, []).append(value)
                self._chosen = True
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = [""]

    def handle_data(self, data):
        if self._textarea:
            self.data[self._textarea][0] += data

    def handle_endtag(self, tag):
        if tag == "select" and self._select:
            if not self._chosen:
                self.data.setdefault(self._select, []).append(self._first or "")
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def posted_back(html: str) -> dict[str, list[str]]:
    parser = _Form()
    parser.feed(html)
    return parser.data


def solved_challenge(token: str | None = None) -> dict[str, str]:
    """The sign-up challenge's fields, answered as a person reading the picture would: the
    ``token`` a page showed (its ``challenge_token``), or a new one as a fresh page would."""
    from tournament.signup.challenge import new_token, question_of

    token = token or new_token()
    return {"challenge_token": token, "challenge": str(question_of(token).answer)}
