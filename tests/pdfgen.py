"""Small PDFs written by hand for the tests: pages of lines in Helvetica (bold too) or
Courier at chosen sizes and places, so that what the PDF reader must find (paragraphs,
headings, lists, code, columns, pages, running heads) is known exactly."""

from __future__ import annotations

#: A line: (x, y, font size, text), y measured up from the page's foot (A4: 842 high),
#: in Helvetica; or (x, y, font size, text, font) with a font of :data:`FONTS`.
Line = tuple[float, float, float, str] | tuple[float, float, float, str, str]

#: The fonts a line may name, as the PDF names them.
FONTS = {
    "regular": "Helvetica",
    "bold": "Helvetica-Bold",
    "mono": "Courier",
    "monobold": "Courier-Bold",
}


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def make_pdf(pages: list[list[Line]]) -> bytes:
    """A PDF of ``pages``, each a list of lines drawn in order."""
    objects: list[bytes] = []
    first = 3 + 2 * len(pages)  # the fonts' object numbers, after the pages and contents
    names = list(FONTS)
    resources = " ".join(f"/F{i} {first + i} 0 R" for i in range(len(names)))
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(len(pages)))
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode())
    for i, lines in enumerate(pages):
        stream = "".join(
            f"BT /F{names.index(face)} {size} Tf {x} {y} Td ({_escape(text)}) Tj ET\n"
            for x, y, size, text, face in (_with_font(line) for line in lines)
        ).encode("cp1252")  # WinAnsiEncoding is Windows-1252
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
            f"/Resources << /Font << {resources} >> >> /Contents {4 + 2 * i} 0 R >>".encode()
        )
        objects.append(f"<< /Length {len(stream)} >>\nstream\n".encode() + stream + b"endstream")
    for face in names:
        objects.append(
            f"<< /Type /Font /Subtype /Type1 /BaseFont /{FONTS[face]} "
            "/Encoding /WinAnsiEncoding >>".encode()
        )
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return bytes(out)


def _with_font(line: Line) -> tuple[float, float, float, str, str]:
    return line if len(line) == 5 else (*line, "regular")  # type: ignore[return-value]


def paragraph(
    y: float, lines: list[str], size: float = 11, x: float = 72, font: str = "regular"
) -> list[Line]:
    """Lines of body text from height ``y`` down, 13 points apart."""
    return [(x, y - 13 * i, size, text, font) for i, text in enumerate(lines)]
