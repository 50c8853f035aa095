import io

import pytest

from tests.exports.conftest import build_event
from tournament.exports.registry import Request, run
from tournament.models import Stage, Team

pytestmark = pytest.mark.django_db

def test_render_all(organizer):
    t = build_event(organizer, pairs=15)
    t.round_set.update(status="locked")
    ids = list(Team.objects.filter(tournament=t).order_by("pk").values_list("pk", flat=True))[:13]
    # 13 pairs -> 16 slots, 3 byes
    r1 = []
    slots = ids[:3]  # byes for the first three
    k = 0
    for i in range(3):
        r1.append({"id": f"1-{i+1}", "ew": ids[i], "ns": None, "winner": ids[i], "bye": True})
    rest = ids[3:]
    for i in range(5):
        a, b = rest[2*i], rest[2*i+1]
        r1.append({"id": f"1-{i+4}", "ew": a, "ns": b, "winner": a if i % 2 else b, "bye": False})
    w1 = [m["winner"] for m in r1]
    r2 = [{"id": f"2-{i+1}", "ew": w1[2*i], "ns": w1[2*i+1], "winner": w1[2*i], "bye": False} for i in range(4)]
    w2 = [m["winner"] for m in r2]
    r3 = [{"id": f"3-{i+1}", "ew": w2[2*i], "ns": w2[2*i+1], "winner": None, "bye": False} for i in range(2)]
    r4 = [{"id": "4-1", "ew": None, "ns": None, "winner": None, "bye": False}]
    Stage.objects.create(tournament=t, order=2, name="淘汰赛", kind="knockout", rounds=4,
        state={"bracket": [r1, r2, r3, r4], "third_place": {"id": "3p", "ew": None, "ns": None, "winner": None}})
    for kind, kw in [("pairings", {"round": 2}), ("scoresheets", {"round": 1}), ("results", {"round": 1}),
                     ("standings", {}), ("certificates", {}), ("bracket", {}), ("signin", {}), ("units", {})]:
        out = io.BytesIO()
        run(Request(tournament=t, kind=kind, fmt="pdf", base_url="http://192.168.1.10:8000", **kw), out)
        open(f"/tmp/ex/kinds/{kind}.pdf", "wb").write(out.getvalue())
