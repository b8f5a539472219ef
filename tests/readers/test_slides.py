"""Slide decks (PPTX, ODP): slides in the presentation's order, titles as headings,
points as list items, speaker notes after them; detection and errors."""

from __future__ import annotations

import io
import zipfile

import pytest

from linseg.readers.document import decode_document
from linseg.readers.slides import odp_text, pptx_text, sniff_odp, sniff_pptx
from support import segment_file

_NS = (
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
)
_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_SLIDE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide"
_NOTES = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide"


def _shape(kind: str | None, *paragraphs: str) -> str:
    ph = f'<p:ph type="{kind}"/>' if kind else ""
    body = "".join(f"<a:p><a:r><a:t>{p}</a:t></a:r></a:p>" for p in paragraphs)
    return (
        f'<p:sp><p:nvSpPr><p:cNvPr id="1" name="s"/><p:cNvSpPr/><p:nvPr>{ph}</p:nvPr>'
        f"</p:nvSpPr><p:txBody>{body}</p:txBody></p:sp>"
    )


def _zip(parts: dict[str, str], first: str | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for name in sorted(parts, key=lambda n: n != first):
            z.writestr(name, parts[name])
    return buffer.getvalue()


def pptx(first: str = "[Content_Types].xml", extra: str = "") -> bytes:
    """A deck of three slides, listed out of their files' order, as PowerPoint writes one
    (LibreOffice writes ``_rels/.rels`` first); ``extra`` shapes close the third."""
    slides = {
        "slide1.xml": _shape("ctrTitle", "Apiary basics") + _shape("subTitle", "For new keepers"),
        "slide2.xml": _shape("title", "Honey")
        + _shape("body", "Nectar turns to honey", "Harvest late"),
        "slide3.xml": _shape("title", "Hives")
        + _shape(None, "Frames hold the comb")
        + "<p:sp><p:txBody><a:p><a:r><a:t>The queen</a:t></a:r><a:br/>"
        "<a:r><a:t>lays eggs</a:t></a:r></a:p></p:txBody></p:sp>" + extra,
    }
    parts = {
        "[Content_Types].xml": "<Types/>",
        "_rels/.rels": f'<Relationships xmlns="{_RELS}"/>',
        "ppt/presentation.xml": f"<p:presentation {_NS}><p:sldIdLst>"
        '<p:sldId id="256" r:id="rId1"/><p:sldId id="257" r:id="rId3"/>'
        '<p:sldId id="258" r:id="rId2"/></p:sldIdLst></p:presentation>',
        "ppt/_rels/presentation.xml.rels": f'<Relationships xmlns="{_RELS}">'
        + "".join(
            f'<Relationship Id="rId{k}" Type="{_SLIDE}" Target="slides/slide{k}.xml"/>'
            for k in (1, 2, 3)
        )
        + "</Relationships>",
        "ppt/slides/_rels/slide3.xml.rels": f'<Relationships xmlns="{_RELS}">'
        f'<Relationship Id="rId9" Type="{_NOTES}" Target="../notesSlides/notesSlide1.xml"/>'
        "</Relationships>",
        "ppt/notesSlides/notesSlide1.xml": f"<p:notes {_NS}><p:cSld><p:spTree>"
        + _shape("sldImg")
        + _shape("body", "Start with the hive itself.")
        + _shape("sldNum", "3")
        + "</p:spTree></p:cSld></p:notes>",
    }
    for name, shapes in slides.items():
        parts[f"ppt/slides/{name}"] = (
            f"<p:sld {_NS}><p:cSld><p:spTree>{shapes}</p:spTree></p:cSld></p:sld>"
        )
    return _zip(parts, first)


DECK_TEXT = (
    "# Apiary basics\n\n- For new keepers\n\n## Hives\n\n- Frames hold the comb\n"
    "- The queen\nlays eggs\n\nStart with the hive itself.\n\n## Honey\n\n"
    "- Nectar turns to honey\n- Harvest late\n"
)


def odp(extra: str = "", styles: str = "") -> bytes:
    """The deck of :func:`pptx` as Impress writes it; ``extra``: the text of another
    outline frame on its second slide, ``styles``: automatic styles of its content."""
    ns = (
        'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
        'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
        'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
        'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
        'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"'
    )

    def frame(kind: str, body: str) -> str:
        return f'<draw:frame presentation:class="{kind}"><draw:text-box>{body}</draw:text-box></draw:frame>'

    items = "".join(
        f"<text:list-item><text:p>{p}</text:p></text:list-item>"
        for p in ("Frames hold the comb", "The queen<text:line-break/>lays eggs")
    )
    pages = [
        frame("title", "<text:p>Apiary basics</text:p>")
        + frame("subtitle", "<text:p>For new keepers</text:p>"),
        frame("title", "<text:p>Hives</text:p>")
        + frame("outline", f"<text:list>{items}</text:list>")
        + (frame("outline", extra) if extra else "")
        + "<presentation:notes><draw:page-thumbnail/>"
        + frame("notes", "<text:p>Start with the hive itself.</text:p>")
        + "</presentation:notes>",
        frame("title", "<text:p>Honey</text:p>")
        + frame("outline", "<text:p>Nectar turns to honey</text:p><text:p>Harvest late</text:p>"),
    ]
    content = (
        f"<office:document-content {ns}><office:automatic-styles>{styles}"
        "</office:automatic-styles><office:body><office:presentation>"
        + "".join(f"<draw:page>{p}</draw:page>" for p in pages)
        + "</office:presentation></office:body></office:document-content>"
    )
    return _zip(
        {"mimetype": "application/vnd.oasis.opendocument.presentation", "content.xml": content},
        "mimetype",
    )


def test_a_powerpoint_deck():
    assert pptx_text(pptx()) == DECK_TEXT


def test_an_impress_deck():
    assert odp_text(odp()) == DECK_TEXT


def test_detection(tmp_path):
    for data in (pptx(), pptx(first="_rels/.rels")):  # PowerPoint's order, LibreOffice's
        assert sniff_pptx(data) and decode_document(data).format == "pptx"
    assert sniff_odp(odp()) and decode_document(odp()).format == "odp"
    assert sniff_pptx(_zip({"a.txt": "x"}), "talk.PPTX") and not sniff_pptx(_zip({"a.txt": "x"}))
    assert not sniff_pptx(b"PK\x03\x04 broken") and not sniff_odp(pptx())


def test_bad_decks_are_refused():
    with pytest.raises(ValueError, match="not a PPTX"):
        pptx_text(b"PK\x03\x04 broken")
    with pytest.raises(ValueError, match="no ppt/presentation.xml"):
        pptx_text(_zip({"[Content_Types].xml": "<Types/>"}))
    with pytest.raises(ValueError, match="no office:presentation body"):
        odp_text(
            _zip(
                {
                    "content.xml": "<office:document-content xmlns:office="
                    '"urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>'
                }
            )
        )


def test_a_deck_is_cut_at_its_slides_titles(tmp_path, capsys):
    f = tmp_path / "apiary.pptx"
    f.write_bytes(pptx())
    rec = segment_file(f, capsys)
    assert rec["format"] == "pptx" and "".join(rec["segments"]) == DECK_TEXT
    assert all(s.startswith("#") for s in rec["segments"])


def test_shapes_and_paragraphs_nested_in_their_own_kind_are_read_once():
    # Well-formed XML that no program writes: shapes in shapes, paragraphs in paragraphs,
    # 2,000 deep. Each is read with the one that holds it, once (read again at each
    # depth, they took minutes).
    deep = (
        "<p:sp>" * 2000 + "<p:txBody>" + "<a:p>" * 2000 + "<a:r><a:t>Deep</a:t></a:r>"
        + "</a:p>" * 2000 + "</p:txBody>" + "</p:sp>" * 2000
    )  # fmt: skip
    text = pptx_text(pptx(extra=deep))
    assert text == DECK_TEXT.replace("lays eggs\n", "lays eggs\n- Deep\n")


def test_targets_from_the_package_root_are_read():
    # A relationship may name its part from the package's root ("/ppt/slides/...").
    deck = pptx()
    with zipfile.ZipFile(io.BytesIO(deck)) as z:
        parts = {name: z.read(name).decode() for name in z.namelist()}
    for name in ("ppt/_rels/presentation.xml.rels", "ppt/slides/_rels/slide3.xml.rels"):
        parts[name] = (
            parts[name]
            .replace('Target="slides/', 'Target="/ppt/slides/')
            .replace('Target="../notesSlides/', 'Target="/ppt/notesSlides/')
        )
    assert pptx_text(_zip(parts, "[Content_Types].xml")) == DECK_TEXT


def test_a_slides_nested_and_numbered_points():
    # PowerPoint gives each paragraph its level (lvl) and numbers it itself (buAutoNum).
    def point(text: str, level: int, numbered: str = "") -> str:
        return f'<a:p><a:pPr lvl="{level}">{numbered}</a:pPr><a:r><a:t>{text}</a:t></a:r></a:p>'

    auto = '<a:buAutoNum type="arabicPeriod"/>'
    points = (
        point("one", 0, auto) + point("inner", 1) + point("deep", 2, auto) + point("two", 0, auto)
    )
    text = pptx_text(pptx(extra=f"<p:sp><p:txBody>{points}</p:txBody></p:sp>"))
    assert "- The queen\nlays eggs\n1. one\n  - inner\n    1. deep\n2. two\n" in text


def test_an_impress_slides_nested_points():
    # Impress nests a point's list in its outer list's item, a level each.
    def item(body: str) -> str:
        return f"<text:list-item>{body}</text:list-item>"

    inner = "<text:list>" + item("<text:p>inner</text:p>") + "</text:list>"
    outline = "<text:list>" + item("<text:p>one</text:p>" + inner) + "</text:list>"
    text = odp_text(odp(outline + "<text:p>After.</text:p>"))
    assert "- The queen\nlays eggs\n- one\n  - inner\n- After.\n" in text


def test_an_impress_slides_numbered_points():
    # A list style that numbers its first level; Impress writes each point as a list of
    # its own that continues the numbering, and a new list starts again.
    styles = (
        '<text:list-style style:name="L1"><text:list-level-style-number text:level="1" '
        'style:num-format="1"/><text:list-level-style-bullet text:level="2"/></text:list-style>'
    )

    def listed(body: str, more: str = "") -> str:
        return f'<text:list text:style-name="L1"{more}><text:list-item>{body}</text:list-item></text:list>'

    go_on = ' text:continue-numbering="true"'
    inner = "<text:list><text:list-item><text:p>inner</text:p></text:list-item></text:list>"
    outline = (
        listed("<text:p>one</text:p>" + inner)
        + listed("<text:p>two</text:p><text:p>its second paragraph</text:p>", go_on)
        + listed("<text:p>again</text:p>")
    )
    text = odp_text(odp(outline, styles))
    assert "lays eggs\n1. one\n  - inner\n2. two\n   its second paragraph\n1. again\n" in text


def test_an_impress_paragraphs_spaces_and_breaks_inside_its_spans():
    # LibreOffice writes code on a slide as spans that hold its spaces and line breaks.
    spans = (
        "<text:p><text:span>const<text:s/>util</text:span><text:span>"
        '<text:line-break/></text:span><text:span>let<text:s text:c="3"/>x</text:span></text:p>'
    )
    text = odp_text(odp(spans))
    assert "- The queen\nlays eggs\n- const util\nlet x\n" in text  # (a point: one space)


def test_spans_nested_past_pythons_limit_are_read():
    deep = "<text:span>" * 3000 + "deep<text:s/>text" + "</text:span>" * 3000
    assert "- deep text\n" in odp_text(odp(f"<text:p>{deep}</text:p>"))
