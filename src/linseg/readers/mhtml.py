"""Web pages saved as one file (``--format mhtml``): ``.mhtml`` and ``.mht``.

A browser's "Save page as ... single file" (Chrome's and Edge's ``.mhtml``, Internet
Explorer's ``.mht``) writes the page and its images and styles as one MIME message of
``multipart/related`` parts, each encoded (quoted-printable, base64). Read as text, it is
encoded HTML and base64. This reader takes the page's HTML part (the message's root, the
first ``text/html`` part), decodes it in the charset its part names (else as UTF-8, or
the encoding the page declares: :func:`linseg.readers.encoding.decode`) and reads it as a
web page (:func:`linseg.readers.webpage.html_text`). The other parts (images, styles,
frames) are left out.
"""

from __future__ import annotations

import email
import email.policy
import os
import re
from email.message import Message

from linseg.readers.encoding import decode
from linseg.readers.formats import named
from linseg.readers.webpage import html_text

__all__ = ["mhtml_text", "sniff_mhtml"]

# A MIME message's header: field lines ("Name: value", folded lines indented) from the
# first byte, one of them saying that the parts are related (a page and what it shows).
_HEADER_LINE = re.compile(rb"[A-Za-z][\w-]*:[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*\r?\n")
_RELATED = re.compile(rb"^content-type:[ \t]*multipart/related", re.IGNORECASE | re.MULTILINE)


def sniff_mhtml(data: bytes, path: str | os.PathLike[str] | None = None) -> bool:
    """Whether ``data`` is a page saved as MHTML: named ``.mhtml`` or ``.mht``, or a MIME
    message whose header (from its first byte) says its parts are ``multipart/related``."""
    if named(path) == "mhtml":
        return True
    return opens_mhtml(data)


def opens_mhtml(data: bytes) -> bool:
    """The test by content alone (see :func:`sniff_mhtml`), on the first 4 KB."""
    head = data[:4096]
    at = 0
    while (m := _HEADER_LINE.match(head, at)) is not None:
        at = m.end()
    return at > 0 and bool(_RELATED.search(head, 0, at))


def mhtml_text(data: bytes) -> str:
    """The text of a page saved as MHTML, read as a web page (see the module). Raises
    ValueError for a message that holds no HTML part."""
    message = email.message_from_bytes(data, policy=email.policy.compat32)
    part = _page(message)
    if part is None:
        raise ValueError("the MHTML file holds no HTML page (no text/html part)")
    raw = part.get_payload(decode=True)
    if not isinstance(raw, bytes):
        raw = b""
    charset = part.get_content_charset()
    try:
        html = raw.decode(charset) if charset else decode(raw)[0]
    except (LookupError, UnicodeDecodeError):
        html = decode(raw)[0]
    return html_text(html)


def _page(message: Message) -> Message | None:
    """The page's part: the root a ``start`` parameter names, else the first HTML part."""
    parts = [p for p in message.walk() if not p.is_multipart()]
    start = message.get_param("start")
    if isinstance(start, str):
        wanted = start.strip("<>")
        for p in parts:
            # str(): a header that is not ASCII comes as an email Header object.
            if str(p.get("Content-ID") or "").strip().strip("<>") == wanted:
                return p
    return next((p for p in parts if p.get_content_type() == "text/html"), None)
