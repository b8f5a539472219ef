"""``linseg methods``: list the registered segmentation methods."""

from __future__ import annotations

import argparse

from linseg.methods import DEFAULT_METHOD, available


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "methods",
        help="list the segmentation methods",
        description="List the segmentation methods linseg knows, one a line: its name, what "
        "it is, and whether it needs the number of segments; the default is marked.",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    methods = available()
    width = max(len(n) for n in methods)
    for name, info in sorted(methods.items()):
        note = " [needs --segments]" if info.needs_n_segments else ""
        if name == DEFAULT_METHOD:
            note += " [default]"
        print(f"{name:<{width}}  {info.summary}{note}")
    return 0
