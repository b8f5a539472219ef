"""Finding, fetching and registering corpora (linseg.evaluation.corpora.data and .fetch).

The download is tested against a threaded HTTP server on 127.0.0.1 serving a small
stand-in for NLTK's brown.zip; every place linseg looks is pointed into the test's own
folder (support.isolate_data), so no test reads the user's data or reaches the internet.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from linseg.evaluation.corpora import data
from linseg.evaluation.corpora.data import DataError, DataNotFound, find_corpus, places
from linseg.evaluation.corpora.fetch import add_corpus, check_choi, fetch_brown
from support import LocalServer, brown_archive, choi_layout, closed_port_url, isolate_data, listing


@pytest.fixture
def home(monkeypatch, tmp_path):
    return isolate_data(monkeypatch, tmp_path)


@pytest.fixture
def archive(tmp_path):
    """(bytes, sha256) of the stand-in brown.zip."""
    path = tmp_path / "fixture-brown.zip"
    sha = brown_archive(path)
    return path.read_bytes(), sha


@pytest.fixture(scope="module")
def choi_copy(tmp_path_factory):
    root = tmp_path_factory.mktemp("choi") / "choi"
    choi_layout(root)
    return root


def test_the_pinned_checksum_is_that_of_the_shared_copy():
    shared = os.environ.get("LINSEG_DATA")
    path = Path(shared or "") / "brown" / "brown.zip"
    if not shared or not path.is_file():
        pytest.skip("LINSEG_DATA has no brown/brown.zip (see 'linseg data status')")
    assert data.sha256_file(path) == data.BROWN_SHA256
    assert data.BROWN_URL.endswith("/packages/corpora/brown.zip")


# --- Downloading --------------------------------------------------------------------


def test_fetch_downloads_checks_and_renames_into_place(home, archive):
    body, sha = archive
    seen = []

    def progress(done, total):  # while bytes arrive: a temporary file, no brown.zip yet
        seen.append((done, total, listing(home)))

    with LocalServer({"brown.zip": body}) as server:
        result = fetch_brown(f"{server.url}/brown.zip", sha, progress=progress)
        assert server.requests == 1
        during = seen[0][2]
        assert len(during) == 2 and during[0] == "brown"
        assert during[1].startswith("brown/.brown.zip.") and during[1].endswith(".part")
        assert result.downloaded and result.path == home / "brown" / "brown.zip"
        assert result.path.read_bytes() == body and result.size == len(body)
        assert listing(home) == ["brown", "brown/brown.zip"]  # no temporary file left
        assert seen[-1][:2] == (len(body), len(body))
        # Found from then on, and not downloaded again.
        assert find_corpus("brown") == result.path
        again = fetch_brown(f"{server.url}/brown.zip", sha)
        assert not again.downloaded and again.where == "linseg's data folder"
        assert server.requests == 1
        # --force downloads anyway.
        assert fetch_brown(f"{server.url}/brown.zip", sha, force=True).downloaded
        assert server.requests == 2


def test_the_environment_gives_the_url_and_checksum(home, archive, monkeypatch):
    body, sha = archive
    with LocalServer({"brown.zip": body}) as server:
        monkeypatch.setenv("LINSEG_BROWN_URL", f"{server.url}/brown.zip")
        monkeypatch.setenv("LINSEG_BROWN_SHA256", sha.upper())
        assert data.brown_source() == (f"{server.url}/brown.zip", sha)
        assert fetch_brown().path.read_bytes() == body


def test_without_overrides_the_source_is_nltks(monkeypatch):
    monkeypatch.delenv("LINSEG_BROWN_URL", raising=False)
    monkeypatch.delenv("LINSEG_BROWN_SHA256", raising=False)
    assert data.brown_source() == (data.BROWN_URL, data.BROWN_SHA256)


@pytest.mark.parametrize(
    "route,message",
    [
        ("brown.zip", "checksum mismatch"),  # the right length, another file
        ("truncated/brown.zip", "truncated download"),  # Content-Length not reached
        ("nolength/brown.zip", "checksum mismatch"),  # cut short, no length to tell
        ("missing.zip", "HTTP 404"),
        (None, "could not download"),  # nothing listens: as with no network
    ],
)
@pytest.mark.parametrize("existing", [False, True])
def test_a_bad_download_leaves_nothing_half_written(home, archive, route, message, existing):
    body, sha = archive
    expected = sha if route != "brown.zip" else "0" * 64
    if existing:  # a good copy already there: a failed forced download keeps it whole
        (home / "brown").mkdir(parents=True)
        (home / "brown" / "brown.zip").write_bytes(body)
    before = listing(home)
    with LocalServer({"brown.zip": body}) as server:
        url = f"{server.url}/{route}" if route else closed_port_url()
        with pytest.raises(DataError, match=message) as info:
            fetch_brown(url, expected, force=True, timeout=10)
    assert "\n" not in str(info.value)
    assert listing(home) == before
    if existing:
        assert (home / "brown" / "brown.zip").read_bytes() == body


def test_a_bad_checksum_or_url_is_refused_before_downloading(home):
    with pytest.raises(DataError, match="not a sha256"):
        fetch_brown("http://127.0.0.1:9/brown.zip", "abc")
    with pytest.raises(DataError, match="not a URL"):
        fetch_brown("brown.zip", "0" * 64)
    assert listing(home) == []


# --- NLTK's data --------------------------------------------------------------------


def test_a_copy_in_nltks_data_is_found_without_downloading(home, archive, tmp_path, monkeypatch):
    body, sha = archive
    monkeypatch.setenv("LINSEG_BROWN_SHA256", sha)
    nltk_copy = tmp_path / "nltk_data" / "corpora" / "brown.zip"
    nltk_copy.parent.mkdir(parents=True)
    nltk_copy.write_bytes(body)
    result = fetch_brown()  # the URL is a closed port: any download would fail
    assert not result.downloaded and result.path == nltk_copy and result.where == "NLTK's data"
    assert find_corpus("brown") == nltk_copy
    assert listing(home) == []


def test_a_different_file_in_nltks_data_is_not_used(home, tmp_path):
    nltk_copy = tmp_path / "nltk_data" / "corpora" / "brown.zip"
    nltk_copy.parent.mkdir(parents=True)
    brown_archive(nltk_copy, documents=("ca01",))  # not the pinned file
    last = places("brown")[-1]
    assert last.path == nltk_copy and not last.found and "sha256 differs" in last.note
    with pytest.raises(DataNotFound, match="linseg data status"):
        find_corpus("brown")


@pytest.mark.slow  # importing NLTK takes seconds
def test_nltks_search_path_is_nltks_own(tmp_path, monkeypatch):
    pytest.importorskip("nltk")
    monkeypatch.setenv("NLTK_DATA", os.pathsep.join([str(tmp_path / "a"), str(tmp_path / "b")]))
    proc = subprocess.run(
        [sys.executable, "-c", "import json, nltk.data; print(json.dumps(nltk.data.path))"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    theirs = [str(Path(p)) for p in json.loads(proc.stdout)]
    assert [str(p) for p in data.nltk_data_dirs()] == theirs
    assert theirs[:2] == [str(tmp_path / "a"), str(tmp_path / "b")]


# --- Registering local copies --------------------------------------------------------


def test_add_brown_checks_the_checksum(home, archive, tmp_path, monkeypatch):
    body, sha = archive
    mine = tmp_path / "mine" / "brown.zip"
    mine.parent.mkdir()
    mine.write_bytes(body)
    with pytest.raises(DataError, match="is not NLTK's brown.zip"):
        add_corpus("brown", mine)  # the pinned sha256 is the real corpus's
    assert listing(home) == []
    monkeypatch.setenv("LINSEG_BROWN_SHA256", sha)
    assert add_corpus("brown", mine.parent) == mine  # a folder holding it will do
    assert data.registered() == {"brown": mine}
    assert listing(home) == ["registered.json"]
    assert find_corpus("brown") == mine
    assert [p.label for p in places("brown") if p.found] == ["registered"]


def test_add_choi_checks_the_layout(home, choi_copy):
    assert check_choi(choi_copy) == choi_copy
    assert add_corpus("choi", choi_copy) == choi_copy
    assert data.choi_dir() == choi_copy
    assert json.loads((home / "registered.json").read_text()) == {"choi": str(choi_copy)}
    # Its parent, with the corpus in data/ or choi/, is recognised too.
    assert check_choi(choi_copy.parent) == choi_copy


def _broken(root: Path, how: str) -> None:
    if how == "one missing":
        (root / "1" / "3-5" / "7.ref").unlink()
    elif how == "one too many":
        shutil.copy(root / "1" / "6-8" / "0.ref", root / "2" / "6-8" / "50.ref")
    elif how == "not a .ref":
        (root / "3" / "3-11" / "5.ref").write_text("Just text .\n", encoding="utf-8")
    elif how == "no sets":
        for d in ("1", "2", "3"):
            shutil.rmtree(root / d)
        (root / "notes.txt").write_text("nothing here\n", encoding="utf-8")


@pytest.mark.parametrize(
    "how,message",
    [
        ("one missing", "3-5: 99"),
        ("one too many", "6-8: 101"),
        ("not a .ref", "is not a .ref sample"),
        ("no sets", "does not hold Choi's corpus"),
    ],
)
def test_a_wrong_layout_is_refused_and_nothing_is_written(home, choi_copy, tmp_path, how, message):
    root = tmp_path / "copy"
    shutil.copytree(choi_copy, root)
    _broken(root, how)
    with pytest.raises(DataError, match=message) as info:
        add_corpus("choi", root)
    assert "\n" not in str(info.value)
    assert listing(home) == []


def test_add_refuses_what_is_not_a_folder_and_the_bundled_sets(home, tmp_path):
    with pytest.raises(DataError, match="is not a folder"):
        add_corpus("choi", tmp_path / "nowhere")
    with pytest.raises(DataError, match="needs no registering"):
        add_corpus("django-docs", tmp_path)
    with pytest.raises(DataError, match="unknown corpus"):
        add_corpus("wsj", tmp_path)
    assert listing(home) == []


def test_add_python_docs_checks_the_pairs(home, tmp_path):
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "a.txt").write_text("One two. Three four.\n", encoding="utf-8")
    with pytest.raises(DataError, match="holds no natural documents"):
        add_corpus("python-docs", pages)
    (pages / "a.words").write_text("two\n", encoding="utf-8")
    with pytest.raises(DataError, match="not a list of word offsets"):
        add_corpus("python-docs", pages)
    assert listing(home) == []
    (pages / "a.words").write_text("2\n", encoding="utf-8")
    assert add_corpus("python-docs", pages) == pages
    assert find_corpus("python-docs") == pages


def test_a_registered_copy_that_moved_is_reported(home, choi_copy, tmp_path):
    root = tmp_path / "moving"
    shutil.copytree(choi_copy, root)
    add_corpus("choi", root)
    shutil.rmtree(root)
    reg = [p for p in places("choi") if p.label == "registered"][0]
    assert reg.path == root and not reg.found and "missing" in reg.note
    with pytest.raises(DataNotFound, match="linseg data add choi PATH"):
        data.choi_dir()


def test_an_unreadable_registry_is_one_clear_error(home):
    home.mkdir()
    (home / "registered.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match="delete it"):
        data.choi_dir()


# --- The order of the places -----------------------------------------------------------


def test_linseg_data_comes_first_and_works_as_before(home, choi_copy, tmp_path, monkeypatch):
    add_corpus("choi", choi_copy)
    shared = tmp_path / "shared"
    # Not the whole corpus: a copy in LINSEG_DATA is read as it is, unchecked, as before.
    choi_layout(shared / "choi", {("1", "3-5"): 2})
    monkeypatch.setenv("LINSEG_DATA", str(shared))
    assert data.choi_dir() == shared / "choi"
    assert data.data_dir() == shared
    # Without the corpus there, the registered copy is next.
    monkeypatch.setenv("LINSEG_DATA", str(tmp_path))
    assert data.choi_dir() == choi_copy
    # A LINSEG_DATA that names no folder is an error, as it always was.
    monkeypatch.setenv("LINSEG_DATA", str(tmp_path / "typo"))
    with pytest.raises(DataNotFound, match="data directory not found"):
        data.choi_dir()


def test_data_option_is_the_only_place_looked_at(home, choi_copy, tmp_path):
    add_corpus("choi", choi_copy)
    assert data.choi_dir() == choi_copy
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataNotFound, match=r"not found \(.*empty.*linseg data status"):
        data.choi_dir(tmp_path / "empty")
    assert [p.label for p in places("choi", tmp_path)] == ["--data"]


def test_missing_data_names_every_place_and_the_status_command(home):
    with pytest.raises(DataNotFound) as info:
        data.brown_zip()
    message = str(info.value)
    assert "$LINSEG_DATA, registered, linseg's data folder, NLTK's data" in message
    assert "'linseg data fetch brown'" in message and "linseg data status" in message


def test_the_data_folder_is_platformdirs_unless_moved(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv("LINSEG_DATA_HOME", raising=False)
    assert data.data_home() == Path(platformdirs.user_data_dir("linseg", appauthor=False))
    monkeypatch.setenv("LINSEG_DATA_HOME", str(tmp_path))
    assert data.data_home() == tmp_path


def test_status_lists_every_corpus_with_its_source_and_licence(home, choi_copy):
    add_corpus("choi", choi_copy)
    rows = {r.corpus.name: r for r in data.status()}
    assert list(rows) == ["choi", "brown", "python-docs", "django-docs", "sphinx-headings"]
    assert rows["choi"].used == choi_copy and rows["choi"].detail == "700 samples"
    assert rows["brown"].used is None
    assert [p.label for p in rows["brown"].places] == [
        "$LINSEG_DATA",
        "registered",
        "linseg's data folder",
        "NLTK's data",
    ]
    for row in rows.values():
        record = row.to_dict()
        assert record["source"] and record["licence"] and record["looks_in"]
    # The bundled sets are found in this source checkout.
    assert rows["django-docs"].detail == "38 pages"
