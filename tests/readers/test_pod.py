"""Perl's POD: headings, lists, verbatim paragraphs, formatting codes, blocks for other
formatters, a module's code left out, detection, and a page cut at its sections."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen import TOPICS, check_markup_reading, topic_paragraphs
from linseg.readers.document import detect_format
from linseg.readers.pod import pod_text, sniff_pod
from support import segment_file

MODULE = """\
package Hive;
sub new { bless {}, shift }

=encoding utf8

=head1 NAME

Hive - count B<frames> with C<< $hive->frames >> and E<lt>tagsE<gt>

=head1 SYNOPSIS

    use Hive;
    my $h = Hive->new;

    $h->frames;

=head2 Options

=over 4

=item B<--verbose>

Say more. See L<perlfunc/"open">, L<the docs|Hive::Docs> and L</"NAME">.

=item *

A bullet in its own paragraph.

=item * An inline bullet

=item 2. The second

=back

=for html <b>left out</b>

=begin html

<p>Left out.</p>

=end html

=begin text

Shown to text.

=end text

X<index>Z<>Plain C<<=> and I<nested B<bold>> E<eacute>E<0x263A>.

=cut

sub frames { 10 }
"""

EXPECTED = """\
# NAME

Hive - count frames with $hive->frames and <tags>

# SYNOPSIS

```
use Hive;
my $h = Hive->new;

$h->frames;
```

## Options

--verbose

Say more. See "open" in perlfunc, the docs and "NAME".

* A bullet in its own paragraph.

* An inline bullet

2. The second

Shown to text.

Plain <= and nested bold \u00e9\u263a.
"""


def test_a_module_reads_as_the_rules_say():
    assert pod_text(MODULE) == EXPECTED
    assert pod_text("sub only_code { 1 }\n") == ""


@pytest.mark.parametrize(
    ("text", "path", "expected"),
    [
        ("=head1 NAME\n\nx\n\n=head1 USE\n\ny\n", None, True),
        ("\n=pod\n\n=head1 A\n\n=head2 B\n", None, True),
        ("Prose.\n", "hive.pod", True),
        ("=head1 ONLY ONE\n\nText.\n", None, False),
        (MODULE, None, False),  # a module is code: --format pod reads its POD
        ("==========\nA sample .\n==========\n", None, False),
        ("= Title\n\n=head1 A\n\n=head1 B\n", None, False),  # opens with no POD command
    ],
)
def test_detection(text, path, expected):
    assert sniff_pod(text, path) is expected
    assert (detect_format(text, path) == "pod") is expected


def test_a_page_is_cut_at_its_sections(tmp_path, capsys):
    parts = ["=pod", ""]
    for title, sentence in TOPICS.items():
        parts += [f"=head1 {title.upper()}", ""]
        for paragraph in topic_paragraphs(sentence):
            parts += [paragraph, ""]
        parts += [f"    my ${title.lower()} = 1;", ""]
    path = tmp_path / "bees.txt"
    path.write_text("\n".join(parts))
    record = segment_file(path, capsys)
    assert record["format"] == "pod"
    assert [s.split("\n")[0] for s in record["segments"]] == ["# HIVES", "# HONEY", "# SWARMS"]


_PARAGRAPH = st.sampled_from(
    [
        "=head1 NAME", "=head2 Sub section", "=over 4", "=item *", "=item B<--flag>",
        "=item 3. third", "=back", "=begin html", "=end html", "=begin text", "=end text",
        "=for html <b>x</b>", "=cut", "=pod", "=encoding utf8", "    verbatim code",
        "\tmore code", "Plain words here.", "B<bold I<both>> C<< a->b >> E<gt>",
        "L<text|Some::Module> L<perlfunc/open> L</Section>", "X<hidden> Z<> S<no break>",
        "Unclosed B<bold", "C<<=> E<999999999> E<nosuch>", "sub code { 1 }", "=unknown cmd",
    ]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(_PARAGRAPH, max_size=20))
def test_any_source_reads_and_invents_no_words(paragraphs):
    source = "\n\n".join(paragraphs)
    # The one word the reader writes: a link to a page's section, '"open" in perlfunc'.
    check_markup_reading(source, pod_text(source), "pod", {"in"})
