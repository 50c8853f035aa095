"""wrk against a served checkout, with the CPU each part spent meanwhile (bench/rig.py)."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from dataclasses import dataclass

from bench.rig import Parts, per_request

# --- wrk -----------------------------------------------------------------------------------

WRK_SCRIPT = """
local paths = {%s}
local i = 0
request = function()
  i = i %% #paths + 1
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %%.1f %%.1f %%.1f %%.1f %%d %%d\\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    e.connect + e.read + e.write + e.status + e.timeout, summary.requests))
end
"""


@dataclass
class Load:
    rps: float
    p50: float
    p95: float
    p99: float
    errors: int
    requests: int
    spent: dict[str, float]

    def __str__(self) -> str:
        return (
            f"{self.rps:,.0f} req/s, p50 {self.p50:.0f} ms, p95 {self.p95:.0f} ms, "
            f"p99 {self.p99:.0f} ms, {self.errors} errors of {self.requests:,}"
        )

    def cpu(self) -> str:
        return per_request(self.spent, self.requests)


def wrk(
    base: str,
    paths: list[str],
    clients: int,
    seconds: int,
    parts: Parts,
    headers: dict[str, str] | None = None,
) -> Load:
    """wrk (2 threads, ``clients`` connections) over ``paths`` in turn; the CPU each part
    spent meanwhile."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(WRK_SCRIPT % ", ".join(json.dumps(p) for p in paths))
    command = ["wrk", "-t2", f"-c{clients}", f"-d{seconds}s", "--timeout", "10s", "-s", f.name]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    before = parts.read()
    out = subprocess.run([*command, base], capture_output=True, text=True, check=True).stdout
    spent = parts.since(before)
    os.unlink(f.name)
    rps, p50, p95, p99, errors, total = out.split("RESULT ")[1].split()
    return Load(float(rps), float(p50), float(p95), float(p99), int(errors), int(total), spent)
