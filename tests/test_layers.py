"""The layers of atout, read from the import statements of its code (every
import, those inside functions too): engine -> solver kernels -> solver ->
analysis -> players -> the command line and the web; a module imports only
its own layer and those below, and no two modules import each other, even
through others."""

from __future__ import annotations

import ast
import re
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


GAME_NAMES = {"tarot", "tarocco", "belote", "tarot2", "smear", "bridge"}


def game_switches(source: str) -> list[str]:
    """Tests of a game's name (``game == "belote"``, ``name in ("tarot",
    ...)``) and literal tables keyed by game names, in Python source."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                values = [side] if isinstance(side, ast.Constant) else getattr(side, "elts", [])
                if any(isinstance(v, ast.Constant) and v.value in GAME_NAMES for v in values):
                    found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            if len(GAME_NAMES.intersection(keys)) >= 2:     # "belote" alone is also an option's name
                found.append(f"line {node.lineno}: a table keyed by games")
    return found


def test_the_front_ends_name_no_game():
    """A game's facts live on its Game and its state (docs/ADDING_A_GAME.md):
    the command line and the web page read them and switch on no game's name."""
    switches = {str(path.relative_to(ROOT)): game_switches(path.read_text())
                for folder in ("cli", "web") for path in sorted((ROOT / folder).glob("*.py"))}
    for path in sorted((ROOT / "web" / "static").glob("*.js")):
        text = path.read_text()
        switches[str(path.relative_to(ROOT))] = [
            f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
            for m in re.finditer(r"""[!=]==?\s*["'](%s)["']""" % "|".join(GAME_NAMES), text)]
    assert {path: found for path, found in switches.items() if found} == {}


def test_the_switch_finder_finds_switches():
    found = game_switches('if game.name == "smear": pass\nx = {"tarot": 1, "belote": 2}\n'
                          'ok = {"belote": "an option"}\nif name in ("tarot2", "bridge"): pass\n')
    assert len(found) == 3


#: a front end's import of a module behind a face, and why
BEHIND_FACES = {("cli/format.py", "atout.solver.prepare"): "its tests replace prepare() in its module"}


def test_the_front_ends_import_only_the_packages_faces():
    """The command line and the web page use the solver, the analysis and the
    players through their faces (``atout.solver``, ``atout.analysis``,
    ``atout.players``), never a module behind them."""
    behind = []
    for folder in ("cli", "web"):
        for path in sorted((ROOT / folder).glob("*.py")):
            where = str(path.relative_to(ROOT))
            for node in ast.walk(ast.parse(path.read_text())):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                    [a.name for a in node.names] if isinstance(node, ast.Import) else []
                for name in names:
                    parts = name.split(".")
                    if len(parts) > 2 and parts[0] == "atout" and parts[1] in ("solver", "analysis", "players") \
                            and (where, name) not in BEHIND_FACES:
                        behind.append(f"{where}:{node.lineno} {name}")
    assert behind == []
