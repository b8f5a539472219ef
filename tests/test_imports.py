"""The import graph of the package: no cycles between modules at import time, and no
library layer importing the command line.

Imports are read from the source (``ast``), so the test sees every import statement,
including those inside functions (deferred imports): a library function that reaches
into ``linseg.cli`` when called is as much a layering fault as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "linseg"


def _module_name(path: Path) -> str:
    parts = ["linseg", *path.relative_to(SRC).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    # ``from . import x`` may name a sub-module: count both the package and the name.
    names = [f"{target}.{a.name}" for a in node.names]
    return [target, *names]


def import_graph() -> dict[str, dict[str, bool]]:
    """module -> {imported linseg module: imported at module level?}"""
    modules = {_module_name(p): p for p in SRC.rglob("*.py")}
    graph: dict[str, dict[str, bool]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = {id(n) for n in tree.body}
        for stmt in tree.body:  # imports under `if TYPE_CHECKING:` are not run
            if isinstance(stmt, ast.If) and "TYPE_CHECKING" in ast.unparse(stmt.test):
                top_level.update(id(n) for n in ast.walk(stmt))
                for n in ast.walk(stmt):
                    if isinstance(n, (ast.Import, ast.ImportFrom)):
                        n.type_checking = True  # type: ignore[attr-defined]
        edges: dict[str, bool] = {}
        for node in ast.walk(tree):
            if getattr(node, "type_checking", False):
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                targets = _resolve(name, path.name == "__init__.py", node)
            else:
                continue
            for t in targets:
                if t in modules and t != name:
                    edges[t] = edges.get(t, False) or id(node) in top_level
        graph[name] = edges
    return graph


def _cycles(graph: dict[str, dict[str, bool]], deferred: bool = True) -> list[list[str]]:
    """Cycles of imports (Tarjan's strongly connected components); ``deferred=False``
    follows module-level imports only."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w, top in graph[v].items():
            if not (top or deferred):
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def _is_package_init_edge(a: str, b: str) -> bool:
    # A package's __init__ importing its own sub-modules (to re-export them), and those
    # sub-modules importing siblings through the package, is the normal shape of a
    # package, not a layering cycle.
    return b.startswith(a + ".") or a.startswith(b + ".")


def test_no_import_cycles():
    # Deferred (in-function) imports count too: they hide a cycle from the interpreter,
    # not from a reader, who still cannot understand one module without the other.
    graph = import_graph()
    pruned = {
        v: {w: top for w, top in edges.items() if not _is_package_init_edge(v, w)}
        for v, edges in graph.items()
    }
    assert _cycles(pruned) == []


def test_library_layers_never_import_the_cli():
    graph = import_graph()
    offenders = sorted(
        f"{v} -> {w}"
        for v, edges in graph.items()
        for w in edges
        if not v.startswith(("linseg.cli", "linseg.__main__")) and w.startswith("linseg.cli")
    )
    assert offenders == []


def test_the_graph_reader_sees_a_cycle_and_a_cli_import():
    graph = {"a": {"b": True}, "b": {"c": True}, "c": {"a": True}, "d": {"a": False}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b": True}, "b": {"a": False}}, deferred=False) == []
    assert _cycles({"a": {"b": True}, "b": {"a": False}}) == [["a", "b"]]
    real = import_graph()
    assert "linseg.readers.document" in real["linseg.run"]
    assert real["linseg.cli.segment"]["linseg.run"] is True


@pytest.mark.parametrize(
    "layer",
    ["text", "chunks", "compose", "methods", "readers", "evaluation", "integrations", "cli"],
)
def test_each_layer_exists(layer):
    graph = import_graph()
    assert any(m == f"linseg.{layer}" or m.startswith(f"linseg.{layer}.") for m in graph)


LONG_FUNCTION = 80


def _long_functions_without_a_reason(root: Path) -> list[str]:
    """Functions over LONG_FUNCTION lines with no ``# Why this is long:`` comment in the
    lines just above them (decorators included)."""
    out = []
    for path in sorted(root.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            length = node.end_lineno - node.lineno + 1
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            above = lines[max(0, first - 8) : first - 1]
            if length > LONG_FUNCTION and not any("# Why this is long:" in ln for ln in above):
                out.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({length} lines)")
    return out


def test_long_functions_say_why(tmp_path):
    assert _long_functions_without_a_reason(SRC) == []
    body = "\n".join(f"    x{i} = {i}" for i in range(LONG_FUNCTION))
    (tmp_path / "m.py").write_text(f"def f():\n{body}\n", encoding="utf-8")
    assert _long_functions_without_a_reason(tmp_path) == [f"m.py:1 f ({LONG_FUNCTION + 1} lines)"]
    (tmp_path / "m.py").write_text(f"# Why this is long: a kernel.\ndef f():\n{body}\n")
    assert _long_functions_without_a_reason(tmp_path) == []
