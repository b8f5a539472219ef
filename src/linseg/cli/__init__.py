"""The ``linseg`` command line.

Each sub-command lives in its own module under :mod:`linseg.cli` with a
``register(subparsers)`` function; :data:`COMMAND_MODULES` lists them in the order
``linseg --help`` shows them. Errors the user can fix are reported as one line on
stderr with exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

__all__ = ["main", "UsageError", "COMMAND_MODULES", "ArgumentParser"]

COMMAND_MODULES = [
    "linseg.cli.segment",
    "linseg.cli.evaluate",
    "linseg.cli.methods",
    "linseg.cli.languages",
    "linseg.cli.corpus",
    "linseg.cli.data",
    "linseg.cli.paper",
    "linseg.cli.plot",
    "linseg.cli.figures",
    "linseg.cli.report",
]


class UsageError(Exception):
    """A problem with the command line or the input: exit status 2, one line."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse with one-line errors (``linseg segment: error: ... (see --help)``)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


class _Version(argparse.Action):
    """``--version``: linseg's version, and which kernels run (linseg.kernels), as written:
    argparse's own version action would re-wrap the second line."""

    def __init__(
        self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any
    ) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from linseg import __version__, kernels

        sys.stdout.write(f"linseg {__version__}\n{kernels.describe()}\n")
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    parser = ArgumentParser(
        prog="linseg",
        description="Linear text segmentation: Choi's C99 and the methods it is measured against.",
    )
    parser.add_argument(
        "--version", action=_Version, help="show linseg's version and which kernels run, and exit"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from linseg.kernels import KernelsMissing

    try:
        parser = build_parser()
    except (KernelsMissing, ValueError) as exc:  # LINSEG_KERNELS: a bad value, or no kernels
        return _fail(str(exc))
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        return _fail("a command is needed, e.g. 'linseg segment FILE' (see 'linseg --help')")
    from linseg.evaluation.corpora.data import DataNotFound

    try:
        return int(args.func(args) or 0)
    except (UsageError, DataNotFound) as exc:
        return _fail(str(exc))
    except UnicodeDecodeError as exc:
        from linseg.readers.document import decode_error_message

        return _fail(decode_error_message(exc))
    except (ValueError, TypeError) as exc:
        return _fail(str(exc))
    except MemoryError:
        return _fail("out of memory; try a smaller input or --band (see 'linseg segment --help')")
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):
            return 0
        where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
        return _fail(f"{exc.strerror or exc}{where}")
    except KeyboardInterrupt:
        print("linseg: interrupted", file=sys.stderr)
        return 130


def _fail(message: str) -> int:
    message = " ".join(message.split())
    print(f"linseg: error: {message}", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
