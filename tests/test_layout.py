"""The package's shape, as the layout issue set it: one concept a module, a short top level."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "linseg"


def test_no_module_is_over_700_lines():
    # A module over 700 lines holds two concepts: split it.
    sizes = {
        str(p.relative_to(PACKAGE)): len(p.read_text(encoding="utf-8").splitlines())
        for p in PACKAGE.rglob("*.py")
    }
    assert {name: n for name, n in sizes.items() if n > 700} == {}
    assert len(sizes) > 100  # the walk found the package


def test_the_top_level_holds_at_most_six_modules():
    modules = {p.name for p in PACKAGE.glob("*.py")} - {"__init__.py", "__main__.py"}
    assert "base.py" in modules
    assert len(modules) <= 6, sorted(modules)


def test_formats_and_methods_have_catalogues_not_registry_files():
    assert not list(PACKAGE.rglob("*_registry.py"))
    assert (PACKAGE / "readers" / "catalogue.py").exists()
    assert (PACKAGE / "methods" / "catalogue.py").exists()


ROOT = PACKAGE.parents[1]


def test_the_front_door_stays_short():
    # The README is a front door; BENCHMARKS.md holds current figures only (git keeps
    # their history).
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(readme) <= 150
    assert max(len(line) for line in readme) <= 300
    assert len((ROOT / "BENCHMARKS.md").read_text(encoding="utf-8").splitlines()) <= 600
