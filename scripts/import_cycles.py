"""Count the import cycles among the packages of tournament.* (issue 43, "Layers that hold").

    .venv/bin/python scripts/import_cycles.py [-v]

Every import counts, those inside functions too (grimp reads them all). Prints the two-way
package pairs (A imports B and B imports A) and the strongly connected groups of packages
(a group of more than one package is a cycle); ``-v`` lists one import per edge of a pair.
"""

from __future__ import annotations

import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent


def package_of(module: str) -> str:
    """tournament.results.checks -> tournament.results."""
    return ".".join(module.split(".")[:2])


def imports_between() -> dict[tuple[str, str], list[str]]:
    """``{(package, package): ["importer -> imported", ...]}`` across tournament's children."""
    sys.path.insert(0, str(ROOT))
    graph = grimp.build_graph("tournament", cache_dir=None)
    found: dict[tuple[str, str], list[str]] = {}
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            pair = (package_of(importer), package_of(imported))
            if imported.startswith("tournament.") and pair[0] != pair[1]:
                found.setdefault(pair, []).append(f"{importer} -> {imported}")
    return found


def strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's groups of packages that reach each other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            groups.append(sorted(group))

    for node in edges:
        if node not in index:
            visit(node)
    return groups


def main(argv: list[str]) -> int:
    found = imports_between()
    edges: dict[str, set[str]] = {}
    for a, b in found:
        edges.setdefault(a, set()).add(b)
        edges.setdefault(b, set())
    pairs = sorted((a, b) for a, b in found if a < b and (b, a) in found)
    cycles = [group for group in strongly_connected(edges) if len(group) > 1]
    print(f"{len(pairs)} two-way package pairs")
    for a, b in pairs:
        print(f"  {a[11:]} <-> {b[11:]}")
        if "-v" in argv:
            for line in found[a, b][:4] + found[b, a][:4]:
                print(f"      {line}")
    print(f"{len(cycles)} cycles (groups of packages importing each other)")
    for group in cycles:
        print(f"  {len(group)}: " + " ".join(name[11:] for name in group))
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
