"""What several test modules share: running the command line, a deterministic sentence
encoder, and the check that a function is fully annotated."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np

from linseg.cli import main

#: The bundled example of three topics, read from the checkout (any working directory).
THREE_TOPICS = (Path(__file__).resolve().parents[1] / "examples" / "three-topics.txt").read_text(
    encoding="utf-8"
)


def run_cli(args, stdin: bytes | None = None):
    """Run ``linseg`` in a subprocess: returns (exit code, stdout, stderr)."""
    proc = subprocess.run(
        [sys.executable, "-m", "linseg", *args], input=stdin, capture_output=True, timeout=300
    )
    return (
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
    )


def segment_file(path, capsys) -> dict:
    """``linseg segment PATH --output json`` in this process: the JSON record (the run
    must succeed)."""
    assert main(["segment", str(path), "--output", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def refused_in_one_line(path, data: bytes, capsys, message: str) -> None:
    """``linseg segment PATH`` of a file holding ``data`` exits with status 2 and one line
    on standard error that says ``message``."""
    path.write_bytes(data)
    assert main(["segment", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err


def encoder(sentences: list[str]) -> np.ndarray:
    """A small deterministic sentence encoder: hashed bag of lower-cased words."""
    out = np.zeros((len(sentences), 64))
    for i, s in enumerate(sentences):
        for w in s.lower().split():
            out[i, zlib.crc32(w.strip(".,").encode()) % 64] += 1.0
    return out


def unannotated(obj, label: str) -> list[str]:
    functions = []
    if inspect.isclass(obj):
        for name, member in vars(obj).items():
            if (not name.startswith("_") or name == "__init__") and inspect.isfunction(member):
                functions.append((f"{label}.{name}", member))
    elif inspect.isfunction(obj):
        functions.append((label, obj))
    out = []
    for where, f in functions:
        sig = inspect.signature(f)
        params = [
            p.name
            for p in sig.parameters.values()
            if p.name not in ("self", "cls") and p.annotation is inspect.Parameter.empty
        ]
        returns = sig.return_annotation is inspect.Signature.empty and f.__name__ != "__init__"
        if params or returns:
            out.append(f"{where}({', '.join(params)}){' -> ?' if returns else ''}")
    return out


# --- The data commands: a stand-in for NLTK's brown.zip and a local server -----------

#: Tagged sentences in the Brown corpus's form C (``word/tag``, one sentence a line).
_TAGGED = [
    "The/at {w}/nn of/in the/at county/nn was/bedz quiet/jj ./.",
    "Officials/nns said/vbd the/at {w}/nn would/md stay/vb ./.",
    "It/pps was/bedz n't/* clear/jj why/wrb ./.",
    "The/at {w}/nn cost/vbd $7/nns ./.",
    "Nobody/pn asked/vbd about/in the/at {w}/nn ./.",
    "Many/ap people/nns liked/vbd it/ppo ./.",
    "A/at report/nn on/in the/at {w}/nn followed/vbd ./.",
]


def brown_archive(path, documents=("ca01", "ca02", "ca03", "cj01", "cj02", "cj03")) -> str:
    """Write a small tagged corpus laid out as NLTK's ``brown.zip`` (``brown/<file>``, with
    a README) at ``path``: the same bytes every time. Returns its sha256."""
    import hashlib
    import zipfile

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name in ["README", *documents]:
            info = zipfile.ZipInfo(f"brown/{name}", date_time=(2000, 1, 1, 0, 0, 0))
            if name == "README":
                text = "A stand-in for the Brown corpus, for tests.\n"
            else:
                text = "\n\n".join(
                    "\t" + s.format(w=f"{name}word{i}") for i, s in enumerate(_TAGGED)
                )
            z.writestr(info, text + "\n")
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


class LocalServer:
    """A threaded HTTP server on 127.0.0.1 (port chosen by the system) serving ``files``.

    ``/NAME`` sends the file whole; ``/truncated/NAME`` announces the whole length but
    sends half and closes; ``/nolength/NAME`` sends half with no length; anything else is
    404. ``requests`` counts the requests served.
    """

    def __init__(self, files: dict[str, bytes]) -> None:
        import http.server
        import threading

        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server.requests += 1
                mode, _, name = self.path.strip("/").rpartition("/")
                body = files.get(name)
                if body is None or mode not in ("", "truncated", "nolength"):
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/zip")
                if mode != "nolength":
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body if mode == "" else body[: len(body) // 2])
                self.close_connection = True

            def log_message(self, *args) -> None:
                pass

        self.requests = 0
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def __enter__(self) -> LocalServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def closed_port_url() -> str:
    """A URL on 127.0.0.1 where nothing listens: a download there fails as with no network."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/brown.zip"


def isolate_data(monkeypatch, tmp_path):
    """Point every place linseg looks for data into ``tmp_path``: no ``LINSEG_DATA``, linseg's
    data folder ``tmp_path/home``, NLTK's data ``tmp_path/nltk_data`` only, no proxy, and a
    Brown URL where nothing listens, so that no test reaches the internet. Returns the
    data folder (not created)."""
    import linseg.evaluation.corpora.data as data

    for var in ("LINSEG_DATA", "NLTK_DATA", "LINSEG_BROWN_SHA256"):
        monkeypatch.delenv(var, raising=False)
    for var in ("http_proxy", "https_proxy", "all_proxy", "no_proxy"):
        monkeypatch.delenv(var, raising=False)
        monkeypatch.delenv(var.upper(), raising=False)
    home = tmp_path / "home"
    monkeypatch.setenv("LINSEG_DATA_HOME", str(home))
    monkeypatch.setenv("LINSEG_BROWN_URL", closed_port_url())
    monkeypatch.setattr(data, "nltk_data_dirs", lambda: [tmp_path / "nltk_data"])
    return home


def listing(folder) -> list[str]:
    """Every file and folder under ``folder``, relative; [] when it does not exist."""
    from pathlib import Path

    folder = Path(folder)
    if not folder.exists():
        return []
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def choi_layout(root, per_range=None) -> None:
    """A stand-in for Choi's corpus under ``root``: sets 1/, 2/, 3/ of range folders with
    the paper's counts (400 of 3-11, 100 of each other range), tiny .ref samples."""
    from pathlib import Path

    counts = per_range or {
        ("1", "3-11"): 50, ("2", "3-11"): 50, ("3", "3-11"): 300,
        ("1", "3-5"): 50, ("2", "3-5"): 50, ("1", "6-8"): 50, ("2", "6-8"): 50,
        ("1", "9-11"): 50, ("2", "9-11"): 50,
    }  # fmt: skip
    sep = "==========\n"
    for (s, rng), n in counts.items():
        folder = Path(root) / s / rng
        folder.mkdir(parents=True, exist_ok=True)
        for i in range(n):
            topics = [("Bees", "honey"), ("Trains", "rails"), ("Ovens", "bread")]
            body = sep.join(
                f"{a} like {b} .\n{a} need {b} .\nMore {b} for {a} {i} .\n" for a, b in topics
            )
            (folder / f"{i}.ref").write_text(sep + body + sep, encoding="utf-8")
