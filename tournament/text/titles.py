"""The one place that names rounds and knockout matches, for web pages and printouts alike.

:func:`round_title` names a round ("第3轮", or "第5轮 半决赛" in a knockout);
:func:`match_title` a knockout table ("半决赛", "三四名决赛"); :func:`bracket_round_title` a
column of a bracket. The knockout naming itself (by the number of pairs left) is plain data
in :mod:`pairing.naming`; here it is worded through gettext, so it follows the language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _

from pairing.naming import knockout_round_key, match_key, pairs_left


def listing(items: Iterable[str]) -> str:
    """Names as a list in the active language: "张三、李四" in Chinese, "Zhang San, Li Si" in
    English."""
    return _("、").join(items)


def key_title(key: tuple[str, int]) -> str:
    """A round key of :mod:`pairing.naming` in words."""
    kind, n = key
    if kind == "final":
        return _("决赛")
    if kind == "semi_final":
        return _("半决赛")
    if kind == "third_place":
        return _("三四名决赛")
    if kind == "fraction":
        return _("1/%(n)s决赛") % {"n": n}
    return _("第%(n)s轮") % {"n": n}


def number_title(number: int) -> str:
    """第N轮: a round by its number alone."""
    return _("第%(n)s轮") % {"n": number}


def bracket_size(state: Mapping | None) -> int:
    """Slots of the bracket kept in a knockout stage's state (0 without one)."""
    raw = (state or {}).get("bracket")
    if isinstance(raw, Mapping):
        rounds = raw.get("rounds") or []
        return int(raw.get("size") or (len(rounds[0]) * 2 if rounds else 0))
    if isinstance(raw, list) and raw:
        return len(raw[0]) * 2
    return 0


def bracket_round_title(index: int, size: int) -> str:
    """The title of bracket round ``index`` (from 0) of a bracket of ``size`` slots."""
    return key_title(knockout_round_key(pairs_left(size, index + 1), index + 1))


def table_title(bracket_id: str, size: int) -> str:
    """决赛 / 三四名决赛 / 1/8决赛 … for a knockout table ("" for any other table)."""
    key = match_key(bracket_id, size)
    return key_title(key) if key else ""


def knockout_titles(bracket_ids: Iterable[str], size: int) -> str:
    """The distinct match titles of a knockout round, in bracket order: "决赛、三四名决赛"."""
    keys = []
    for bracket_id in bracket_ids:
        key = match_key(bracket_id, size)
        if key and key not in keys:
            keys.append(key)
    keys.sort(key=lambda k: (k[0] == "third_place", -k[1]))
    return listing(key_title(k) for k in keys)


def round_title(round_) -> str:
    """The name of a round wherever it is shown: "第3轮"; in a knockout stage "第5轮 半决赛",
    with the game ("第2局") when matches are best of three."""
    title = number_title(round_.number)
    stage = round_.stage
    if stage is None or stage.kind != "knockout":
        return title
    size = bracket_size(stage.state)
    rows = list(round_.tables.exclude(bracket_id="").values_list("bracket_id", "bracket_game"))
    names = knockout_titles((b for b, _g in rows), size)
    games = {game for _b, game in rows if game}
    if stage.games_per_match > 1 and len(games) == 1:
        names += _("（第%(n)s局）") % {"n": games.pop()}
    return f"{title} {names}" if names else title
