"""Build linseg's compiled kernels ahead of time (everything else is in pyproject.toml).

Every ``src/linseg/**/_*.pyx`` file becomes one C extension module beside its Python
module, so nothing compiles when a user runs linseg. The kernels use typed memoryviews
only, so the build needs Cython and a C compiler but not NumPy's headers.

OpenMP is used where the compiler supports it (the banded C99 computes its blocks in
parallel); without it the same loops run on one core, with the same results.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
SRC = ROOT / "src"
# Modules whose loops are written with cython.parallel.prange.
OPENMP_MODULES = {"linseg.compose._banded"}


def _extensions() -> list[Extension]:
    extensions = []
    for pyx in sorted(SRC.glob("linseg/**/_*.pyx")):
        name = ".".join(pyx.relative_to(SRC).with_suffix("").parts)
        extensions.append(Extension(name, [str(pyx.relative_to(ROOT))]))
    return extensions


def _compiles_with(compiler, flag: str) -> bool:
    """Whether the C compiler accepts ``flag`` and links an OpenMP program with it."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text("#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n")
        try:
            objects = compiler.compile([str(source)], output_dir=tmp, extra_postargs=[flag])
            compiler.link_executable(objects, str(Path(tmp) / "probe"), extra_postargs=[flag])
        except Exception:
            return False
    return True


class BuildExt(build_ext):
    """Adds OpenMP flags to the parallel modules when the compiler has OpenMP."""

    def build_extensions(self) -> None:
        flag = "/openmp" if self.compiler.compiler_type == "msvc" else "-fopenmp"
        openmp = os.environ.get("LINSEG_NO_OPENMP") != "1" and _compiles_with(self.compiler, flag)
        if not openmp:
            print("linseg: building without OpenMP (the banded C99 will use one core)", file=sys.stderr)
        for ext in self.extensions:
            if self.compiler.compiler_type != "msvc":
                # The kernels' float32 arithmetic must round as the reference's does:
                # no fused multiply-adds, no reassociation.
                ext.extra_compile_args += ["-O2", "-ffp-contract=off"]
            if openmp and ext.name in OPENMP_MODULES:
                ext.extra_compile_args.append(flag)
                ext.extra_link_args.append(flag)
        super().build_extensions()


setup(
    ext_modules=cythonize(
        _extensions(),
        compiler_directives={
            "language_level": "3",
            "boundscheck": False,
            "wraparound": False,
            "initializedcheck": False,
            "cdivision": True,
        },
    ),
    cmdclass={"build_ext": BuildExt},
)
