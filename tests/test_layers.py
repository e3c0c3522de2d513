"""The layers of atout, read from the import statements of its code (every
import, those inside functions too): engine -> solver kernels -> solver ->
analysis -> players -> the command line and the web; a module imports only
its own layer and those below, and no two modules import each other, even
through others."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"engine": "engine", "solver": "solver", "analysis": "analysis", "players": "players",
            "cli": "cli", "web": "web"}

#: lowest first; a module's layer is the longest prefix listed here
LAYERS = [
    ("atout.engine",),
    ("atout.solver.kernels",),
    ("atout.solver",),
    ("atout.analysis",),
    ("atout.players",),
    ("atout.cli", "atout.web"),
]


def modules() -> dict[str, Path]:
    out = {}
    for package, folder in PACKAGES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(["atout", package, *parts])] = path
    return out


def imports_of(name: str, path: Path, known: set) -> set[str]:
    """The atout modules that ``name`` imports (a package's face counts as
    the package)."""
    tree = ast.parse(path.read_text())
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            targets = [f"{stem}.{a.name}" if f"{stem}.{a.name}" in known else stem for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def layer(name: str) -> int:
    best, depth = None, -1
    for i, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > depth:
                best, depth = i, len(prefix)
    assert best is not None, name
    return best


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def test_every_module_imports_only_its_layer_and_those_below():
    wrong = [f"{a} imports {b}" for a, targets in graph().items() for b in sorted(targets)
             if layer(b) > layer(a)]
    assert not wrong, "\n".join(wrong)


def test_the_two_searches_kernels_import_neither_each_other_nor_anything_above():
    wrong = []
    for a, targets in graph().items():
        for kind, other in (("bridge", "point"), ("point", "bridge")):
            if a.startswith(f"atout.solver.kernels.{kind}"):
                wrong += [f"{a} imports {b}" for b in targets
                          if b.startswith(f"atout.solver.kernels.{other}")
                          or not b.startswith("atout.solver.kernels")]
    assert not wrong, "\n".join(wrong)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle():
    edges = graph()
    # a package's face imports its own modules: that is not a circle
    for name in edges:
        edges[name] = {t for t in edges[name] if not name.startswith(t + ".")}
    assert cycles(edges) == []


def test_the_circle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
