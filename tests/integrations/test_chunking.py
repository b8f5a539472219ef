"""What the splitters of every framework share (linseg.integrations.chunking)."""

from __future__ import annotations

from linseg.integrations.chunking import topic_chunks, topic_segmenter

GERMAN = (
    "Der Hund schläft im Garten, und die Katze spielt mit dem Ball. "
    "Am Abend kommen die Kinder nach Hause und essen zusammen. "
) * 6


def test_the_language_is_detected_by_default():
    # Every splitter (LangChain's, LlamaIndex's, Haystack's) reads a text in its own
    # language unless told one, as segment_text does.
    segmenter = topic_segmenter(chunk_size=200)
    assert segmenter.language == "auto"
    assert segmenter.for_text(GERMAN).text_language == "de"
    chunks = topic_chunks(segmenter, GERMAN, 0, 3, False)
    assert "".join(c.text for c in chunks) == GERMAN
    assert all(len(c.text) <= 200 for c in chunks)
    assert topic_segmenter(language="de").language == "de"


def test_stripped_chunks_keep_their_offsets_and_metadata():
    text = "  \n" + GERMAN + "\n\n  "
    segmenter = topic_segmenter(chunk_size=200, chunk_overlap=60)
    whole = topic_chunks(segmenter, text, 60, 3, False)
    stripped = topic_chunks(segmenter, text, 60, 3, True)
    assert len(stripped) == len(whole)
    for c, w in zip(stripped, whole):
        assert c.text == c.text.strip() == w.text.strip() and text[c.start : c.end] == c.text
        assert (c.segment, c.keywords, c.headings) == (w.segment, w.keywords, w.headings)
        assert c.overlap == max(0, w.overlap - (c.start - w.start))
