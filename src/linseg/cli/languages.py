"""``linseg languages``: list the languages linseg reads."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "languages",
        help="list the languages (for --language)",
        description="List the languages linseg reads: the code --language takes, the "
        "Snowball stemmer, the sentence splitter's rules and the stopword list.",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from linseg.text.languages import language_info, supported_languages
    from linseg.text.words import stopwords

    print("code  language     stemmer      sentences  stopwords")
    for code in supported_languages():
        info = language_info(code)
        words = len(stopwords(code))
        print(
            f"{code:<5} {info.name:<12} {info.snowball or 'none':<12} {info.sentences:<10} "
            f"{words if words else 'none'}"
        )
    print("auto  (the default: detected from the text, by its script, then py3langid)")
    return 0
