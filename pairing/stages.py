"""Stages of an event and who qualifies from one stage to the next.

Vocabulary
----------
stage
    A block of an event with one format: Swiss rounds (积分编排), three-round rotation
    groups (分组三轮移位) or a knockout (淘汰制). An event is a sequence of stages, e.g.
    7 Swiss rounds then the top 8 in a knockout, or rotation groups then the group winners
    in a knockout.
qualification
    Set per stage: the top ``qualify`` of the stage's standings, or the top ``per_group``
    of each group (plus, optionally, the best ``extra`` of the rest).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from .errors import PairingError, check_choice

STAGE_KINDS = ("swiss", "rotation", "knockout")


@dataclass(frozen=True)
class Stage:
    kind: str
    rounds: int | None = None  # Swiss rounds; rotation is always 3; knockout follows the field
    qualify: int | None = None  # top N go on to the next stage
    per_group: int | None = None  # rotation: top N of each group go on
    extra: int = 0  # rotation: plus the best N of the others
    name: str = ""

    def __post_init__(self) -> None:
        check_choice("kind", self.kind, STAGE_KINDS)
        if self.kind == "swiss" and (self.rounds is None or self.rounds < 1):
            raise PairingError(
                "a Swiss stage needs one round or more", "积分编排阶段至少需要一轮", "rounds"
            )
        for name in ("qualify", "per_group"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise PairingError(f"{name} must be positive", f"{name} 必须为正数", name)
        if self.per_group is not None and self.kind != "rotation":
            raise PairingError(
                "per_group applies to rotation groups only",
                "按组出线只适用于分组轮转阶段",
                "per_group",
            )

    @property
    def round_count(self) -> int | None:
        return 3 if self.kind == "rotation" else self.rounds


def qualifiers(standings: Sequence[Hashable], stage: Stage) -> list[Hashable]:
    """The pairs that go on from a stage ranked by ``standings`` (best first).

    For a rotation stage with ``per_group`` use :func:`group_qualifiers` instead.
    """
    if stage.qualify is None:
        return list(standings)
    if stage.qualify > len(standings):
        raise PairingError(
            f"{stage.qualify} qualifiers wanted from {len(standings)} pairs",
            f"需要 {stage.qualify} 对出线，但只有 {len(standings)} 对选手",
            "qualify",
        )
    return list(standings[: stage.qualify])


def group_qualifiers(
    group_standings: Sequence[Sequence[Hashable]],
    overall: Sequence[Hashable],
    stage: Stage,
) -> list[Hashable]:
    """Top ``per_group`` of each group, then the best ``extra`` others; ordered for seeding:
    all group winners first, then all runners-up, …, each layer in ``overall`` order."""
    per_group = stage.per_group or 1
    position = {pair: k for k, pair in enumerate(overall)}
    chosen: list[Hashable] = []
    for layer in range(per_group):
        row = [g[layer] for g in group_standings if len(g) > layer]
        chosen.extend(sorted(row, key=lambda p: position.get(p, len(position))))
    taken = set(chosen)
    chosen.extend([p for p in overall if p not in taken][: stage.extra])
    return chosen
