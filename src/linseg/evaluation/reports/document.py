"""The report of one document's segmentation: its figures, parameters, segments and
keywords."""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from typing import Any

from linseg.evaluation.reports.html import _e, _page, _params_table, first_words

__all__ = ["document_report"]

# -- figures ----------------------------------------------------------------------------

_CAPTIONS = {
    "similarity": "Cosine similarity of every pair of sentences (eq. 1); sentence 1 at the "
    "bottom left. Bright squares on the diagonal are cohesive segments.",
    "rank": "Each similarity replaced by its rank in the local mask (eq. 2); the segments "
    "found are outlined.",
    "density": "Inside density D(n) of the best n-segment clustering (eq. 3).",
    "gradient": "The smoothed gradient \u03b4D and the threshold \u03bc + c\u00d7\u03c3; the "
    "segments are counted while \u03b4D stays above it.",
    "boundaries": "Boundaries found (bottom) against the reference (top): green where they "
    "agree, red where not.",
}
#: The boundary figure's caption for a document without a reference.
_BOUNDARIES_ALONE = "Boundaries found: where each segment begins, sentence by sentence."


def _caption(kind: str, reference: Sequence[int] | None) -> str:
    """A figure's caption; the boundary figure's names a reference only where there is one."""
    if kind == "boundaries" and reference is None:
        return _BOUNDARIES_ALONE
    return _CAPTIONS[kind]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _figure_uri(fig: Any, fmt: str) -> str:
    from linseg.evaluation._mpl import figure_bytes

    data = figure_bytes(fig, fmt)
    mime = "image/svg+xml" if fmt == "svg" else "image/png"
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def _figures_html(
    result: Any, reference: Sequence[int] | None, lengths: Sequence[int] | None, fmt: str
) -> str:
    from linseg.evaluation import figures as F

    kinds = F.available_kinds(result)
    out = ['<div class="figures">']
    for kind in kinds:
        ax = F.plot(result, kind, reference=reference, lengths=lengths)
        uri = _figure_uri(ax.figure, fmt)
        wide = " wide" if kind == "boundaries" else ""
        out.append(
            f'<figure class="figure{wide}" data-kind="{kind}"><img src="{uri}" '
            f'alt="{_e(kind)} figure"><figcaption>{_e(_caption(kind, reference))}</figcaption></figure>'
        )
    out.append("</div>")
    return "\n".join(out)


# -- one document -------------------------------------------------------------------------


def document_report(
    result: Any,
    doc: Any = None,
    *,
    segmenter: Any = None,
    title: str | None = None,
    reference: Sequence[int] | None = None,
    params: Mapping[str, Any] | None = None,
    figures: bool = True,
    figure_format: str = "svg",
    keywords: Sequence[Sequence[str]] | None = None,
    method: str | None = None,
) -> str:
    """The HTML page of one segmentation.

    Parameters
    ----------
    result:
        The segmentation (a :class:`~linseg.methods.c99.C99Result` gives every figure;
        any other :class:`~linseg.base.Segmentation` gives the boundary figure only).
    doc:
        The :class:`~linseg.readers.document.Document` it came from, whose text is shown
        exactly as it stood; None shows ``result.sentences`` one a line.
    segmenter:
        The segmenter used, for its name and parameters.
    title, reference:
        Page title (default: the document's path); reference boundaries (default:
        ``doc.reference``, set for ``.ref`` input).
    params:
        Extra rows for the parameter table (e.g. the input format).
    figures:
        Draw the figures (needs matplotlib).
    figure_format:
        ``svg`` (sharp, larger) or ``png``.
    keywords:
        The words shown under each segment's title (default: the five of
        :func:`linseg.chunks.keywords.segment_keywords`, as the segmenter reads words).
    method:
        The registered name of the method that ran (default: the segmenter's ``name``).

    The page has one ``<article class="segment">`` per segment, with ``data-start`` and
    ``data-end`` (0-based sentence range, end exclusive), a ``<p class="kw">`` of its
    keywords and one ``<span class="s">`` per sentence, so the blocks can be checked
    against ``result.boundaries``.
    """
    if figure_format not in ("svg", "png"):
        raise ValueError(f"figure format must be svg or png, got {figure_format!r}")
    sentences = list(result.sentences)
    n = len(sentences)
    boundaries = [int(b) for b in result.boundaries]
    if reference is None and doc is not None:
        reference = getattr(doc, "reference", None)
    if doc is not None and getattr(doc, "spans", None) and len(doc.spans) == n:
        pieces = [doc.text[a:b] for a, b in doc.spans]
    else:
        pieces = [s + "\n" for s in sentences]
    lengths = [len(s.split()) for s in sentences]
    name = title or (getattr(doc, "path", None) or "document")
    method = method or getattr(segmenter, "name", None) or type(result).__name__

    body = [f"<header><h1>{_e(str(name))}</h1>"]
    summary = _summary(n, boundaries, method, reference, lengths)
    body.append(f'<p class="sub" id="summary">{summary}</p></header>')
    rows = _parameter_rows(result, segmenter, method, boundaries, reference, params)
    body.append(f'<section id="parameters"><h2>Parameters</h2>{_params_table(rows)}</section>')
    if figures and n:
        body.append('<section id="figures"><h2>Figures</h2>')
        body.append(_figures_html(result, reference, lengths, figure_format))
        body.append("</section>")
    body.append('<section id="segments"><h2>Segments</h2>')
    if reference is not None:
        body.append(
            '<p class="sub">Blocks are the segments found; \u25b6 marks where a '
            "reference segment begins.</p>"
        )
    if keywords is None:
        keywords = _keywords(sentences, boundaries, doc, segmenter)
    body.extend(_segment_blocks(sentences, pieces, boundaries, reference, keywords))
    body.append("</section>")
    return _page(f"linseg: {name}", body)


def _keywords(
    sentences: list[str], boundaries: list[int], doc: Any, segmenter: Any
) -> list[list[str]]:
    """Each segment's keywords, found with the segmenter's stopwords and stemmer."""
    from linseg.chunks.keywords import keyword_processor, segment_keywords

    tokenized = getattr(doc, "tokenized", None) if doc is not None else None
    processor = keyword_processor(segmenter)
    return segment_keywords(sentences, boundaries, tokenized=tokenized, processor=processor)


def _summary(
    n: int,
    boundaries: list[int],
    method: str,
    reference: Sequence[int] | None,
    lengths: list[int],
) -> str:
    """The line under a document page's title: counts, and scores against a reference."""
    summary = (
        f"{_plural(n, 'sentence')}, {_plural(len(boundaries) + 1 if n else 0, 'segment')} "
        f"by {_e(method)}"
    )
    if reference is not None and n:
        from linseg.evaluation.metrics import pk, windowdiff

        pk_word = pk(list(reference), boundaries, n, lengths=lengths)
        pk_sent = pk(list(reference), boundaries, n)
        wd = windowdiff(list(reference), boundaries, n)
        summary += (
            f"; reference: {_plural(len(reference) + 1, 'segment')}. Pk = {100 * pk_word:.1f}% "
            f"(words), {100 * pk_sent:.1f}% (sentences); WindowDiff = {100 * wd:.1f}%"
        )
    return summary


def _parameter_rows(
    result: Any,
    segmenter: Any,
    method: str,
    boundaries: list[int],
    reference: Sequence[int] | None,
    params: Mapping[str, Any] | None,
) -> list[tuple[str, Any]]:
    """The parameter table of a document page: what ran, what it chose, what it found."""
    rows: list[tuple[str, Any]] = [("method", method)]
    if segmenter is not None and hasattr(segmenter, "get_params"):
        rows += list(segmenter.get_params().items())
    rows.append(
        ("segments requested", getattr(result, "n_segments_requested", None) or "automatic")
    )
    term = getattr(result, "termination", None)
    if term is not None:
        rows.append(("threshold \u03bc + c\u00d7\u03c3", f"{term.threshold:.6g}"))
        rows.append(("automatic choice", f"{term.n_segments} segments"))
    rows.append(("boundaries (0-based first sentence)", ", ".join(map(str, boundaries)) or "none"))
    if reference is not None:
        rows.append(("reference boundaries", ", ".join(map(str, reference)) or "none"))
    if params:
        rows += list(params.items())
    from linseg import __version__

    rows.append(("linseg", __version__))
    return rows


def _segment_blocks(
    sentences: list[str],
    pieces: list[str],
    boundaries: list[int],
    reference: Sequence[int] | None,
    keywords: Sequence[Sequence[str]] = (),
) -> list[str]:
    """One ``<article class="segment">`` per segment, with its keywords under the title
    and a ``<span class="s">`` per sentence."""
    n = len(sentences)
    ref_starts = {int(b) for b in reference} if reference is not None else set()
    cuts = [0, *boundaries, n] if n else [0]
    out = []
    for k, (a, b) in enumerate(zip(cuts, cuts[1:])):
        head = _e(first_words(sentences[a])) if a < n else ""
        where = f"sentence {a + 1}" if b - a == 1 else f"sentences {a + 1}\u2013{b}"
        spans = []
        for i in range(a, b):
            cls = "s ref-start" if i in ref_starts and i > 0 else "s"
            spans.append(f'<span class="{cls}" data-i="{i}">{_e(pieces[i])}</span>')
        words = ", ".join(keywords[k]) if k < len(keywords) else ""
        kw = f'<p class="kw">keywords: <b>{_e(words)}</b></p>' if words else ""
        out.append(
            f'<article class="segment" data-index="{k}" data-start="{a}" data-end="{b}">'
            f'<h3><span class="n">{k + 1}.</span>{head}<span class="range">{where}</span></h3>'
            f'{kw}<div class="body">{"".join(spans)}</div></article>'
        )
    return out
