"""Build linseg's compiled kernels ahead of time, where a C compiler is found (everything
else is in pyproject.toml).

Every ``src/linseg/**/_*.pyx`` file becomes one C extension module beside its Python
module, so nothing compiles when a user runs linseg. Each kernel also has a pure NumPy
twin (``_name_py.py``) that gives the same results, so the compiled kernels are
optional: where no C compiler (or no Python headers) is found, or the build fails, the
package installs without them and :mod:`linseg.kernels` runs the pure ones. pip hides a
successful build's output, so linseg says so itself (``linseg --version``, and a note
on a terminal the first time).

``LINSEG_KERNELS`` at build time: ``auto`` (the default) tries and falls back; ``pure``
builds nothing; ``compiled`` makes a failed build an error (CI uses it, so that a broken
build cannot pass silently).

The build is lean and quick: the C that Cython generates goes to the build folder, never
into the package (so no ``.c`` file reaches a wheel); the code every kernel needs for its
memoryviews is compiled once, into one shared module (``linseg._cyutility``, Cython's
shared utility module), not once per kernel (three quarters of the C, and of the time);
Cython runs on every core, and the extensions compile in parallel; ``-g0`` and ``-s``
leave out debug information and symbols. The kernels use typed memoryviews only, so the build needs Cython and a C
compiler but not NumPy's headers. OpenMP is used where the compiler supports it (the
banded C99 computes its blocks in parallel); without it the same loops run on one core,
with the same results.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).parent
SRC = ROOT / "src"
# Modules whose loops are written with cython.parallel.prange.
OPENMP_MODULES = {"linseg.compose._banded"}
# Cython's utility code (memoryviews), shared by every kernel: generated and built once.
SHARED = "linseg._cyutility"
HOW_TO_COMPILE = "install a C compiler and the Python headers (e.g. gcc and python3-dev)"


def _extensions() -> list[Extension]:
    extensions = []
    for pyx in sorted(SRC.glob("linseg/**/_*.pyx")):
        name = ".".join(pyx.relative_to(SRC).with_suffix("").parts)
        extensions.append(Extension(name, [str(pyx.relative_to(ROOT))]))
    # Cython writes its C into the build folder (this file is never in the source tree).
    extensions.append(Extension(SHARED, ["src/linseg/_cyutility.c"]))
    return extensions


def _say(message: str) -> None:
    print(f"linseg: {message}", file=sys.stderr, flush=True)


class BuildExt(build_ext):
    """Builds the kernels where it can (see the module docstring)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1  # one compiler job per core

    def run(self) -> None:
        mode = os.environ.get("LINSEG_KERNELS", "").strip().lower() or "auto"
        if mode == "pure":
            _say("LINSEG_KERNELS=pure: the compiled kernels are not built")
            return
        try:
            super().run()
        except Exception as exc:  # a compiler or linker error, whatever its class
            if mode == "compiled":
                raise
            self._remove_built()
            _say(
                f"the compiled kernels could not be built ({' '.join(str(exc).split())}); "
                f"linseg installs with its pure NumPy kernels, which give the same results "
                f"more slowly. To compile them, {HOW_TO_COMPILE} and reinstall."
            )

    def build_extensions(self) -> None:
        problem = self._compiler_problem()
        if problem:
            raise RuntimeError(f"no working C compiler: {problem}")
        from Cython.Build import cythonize

        # Generated C goes to the build folder: none is left in the package for a wheel.
        generated = cythonize(
            self.extensions,
            build_dir=os.path.join(self.build_temp, "cython"),
            nthreads=self.parallel if isinstance(self.parallel, int) else 0,
            quiet=True,
            shared_utility_qualified_name=SHARED,
            compiler_directives={
                "language_level": "3",
                "boundscheck": False,
                "wraparound": False,
                "initializedcheck": False,
                "cdivision": True,
            },
        )
        # setuptools has prepared its own Extension objects: give them the C sources.
        sources = {ext.name: ext.sources for ext in generated}
        for ext in self.extensions:
            ext.sources = sources[ext.name]
        msvc = self.compiler.compiler_type == "msvc"
        flag = "/openmp" if msvc else "-fopenmp"
        openmp = os.environ.get("LINSEG_NO_OPENMP") != "1" and self._compiles_with(flag)
        if not openmp:
            _say("building without OpenMP (the banded C99 will use one core)")
        for ext in self.extensions:
            if not msvc:
                # The kernels' float32 arithmetic must round as the reference's does: no
                # fused multiply-adds, no reassociation. No debug information (-g0, which
                # changes no instruction) and, on Linux, no symbol table (-s).
                ext.extra_compile_args += ["-O2", "-ffp-contract=off", "-g0"]
                if sys.platform.startswith("linux"):
                    ext.extra_link_args += ["-s"]
            if openmp and ext.name in OPENMP_MODULES:
                ext.extra_compile_args.append(flag)
                ext.extra_link_args.append(flag)
        super().build_extensions()

    def _compiler_problem(self) -> str | None:
        """Why no extension can be built here (None: a C compiler compiles and links one
        that includes Python's headers)."""
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp) / "probe.c"
            source.write_text(
                "#include <Python.h>\nint linseg_probe(void) { return Py_IsInitialized(); }\n"
            )
            probe = Extension("probe", [str(source)])
            try:
                objects = self.compiler.compile(
                    [str(source)], output_dir=tmp, include_dirs=self.include_dirs
                )
                self.compiler.link_shared_object(
                    objects,
                    str(Path(tmp) / "probe.so"),
                    libraries=self.get_libraries(probe),
                    library_dirs=self.library_dirs,
                )
            except Exception as exc:
                return " ".join(str(exc).split()) or type(exc).__name__
        return None

    def _compiles_with(self, flag: str) -> bool:
        """Whether the C compiler accepts ``flag`` and links an OpenMP program with it."""
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp) / "probe.c"
            source.write_text(
                "#include <omp.h>\nint main(void) { return omp_get_max_threads() < 1; }\n"
            )
            try:
                objects = self.compiler.compile(
                    [str(source)], output_dir=tmp, extra_postargs=[flag]
                )
                self.compiler.link_executable(
                    objects, str(Path(tmp) / "probe"), extra_postargs=[flag]
                )
            except Exception:
                return False
        return True

    def _remove_built(self) -> None:
        # A partial build would leave some kernels compiled and others not: none stay.
        for ext in self.extensions:
            path = Path(self.get_ext_fullpath(ext.name))
            if path.exists():
                path.unlink()


setup(ext_modules=_extensions(), cmdclass={"build_ext": BuildExt})
