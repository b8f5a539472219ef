"""The HTML reports rendered in headless Chromium, driven over the DevTools protocol.

Checks that a page loads with no console error and no request beyond the file itself,
that every figure has a non-zero size, and that the segment blocks are the segmentation.
Saves a screenshot (into $LINSEG_ARTIFACTS when set, else the test's temporary folder).
Skips with the reason where Chromium (Debian's ``chromium``) or websocket-client is missing.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from linseg import C99

pytest.importorskip("matplotlib", reason="the report's figures need the plot extra (matplotlib)")
websocket = pytest.importorskip("websocket", reason="needs websocket-client (the test extra)")

CHROMIUM = shutil.which(os.environ.get("LINSEG_CHROMIUM") or "chromium") or shutil.which(
    "chromium-browser"
)


class Browser:
    """A headless Chromium and one page, spoken to over the DevTools websocket."""

    def __init__(self, profile: Path) -> None:
        self.proc = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--no-default-browser-check",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                "--remote-debugging-port=0",
                "--remote-allow-origins=*",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and port_file.read_text().strip()):
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.close()
                pytest.skip("chromium did not start its DevTools endpoint")
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as fh:
            pages = [t for t in json.load(fh) if t.get("type") == "page"]
        self.ws = websocket.create_connection(
            pages[0]["webSocketDebuggerUrl"], timeout=60, suppress_origin=True
        )
        self.next_id = 0
        self.events: list[dict] = []
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")

    def call(self, method: str, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    def wait_for(self, event: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not any(e.get("method") == event for e in self.events):
            if time.monotonic() > deadline:
                raise TimeoutError(event)
            self.events.append(json.loads(self.ws.recv()))

    def open(self, path: Path, width: int = 1200, height: int = 900) -> None:
        self.events.clear()
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )
        self.call("Page.navigate", url=path.resolve().as_uri())
        self.wait_for("Page.loadEventFired")

    def js(self, expression: str):
        res = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in res:
            raise RuntimeError(res["exceptionDetails"])
        return res["result"].get("value")

    def errors(self) -> list[str]:
        out = []
        for e in self.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.exceptionThrown":
                out.append(str(p["exceptionDetails"]))
            elif m == "Runtime.consoleAPICalled" and p.get("type") in (
                "error",
                "assert",
                "warning",
            ):
                out.append(str(p.get("args")))
            elif m == "Log.entryAdded" and p["entry"].get("level") in ("error", "warning"):
                out.append(p["entry"].get("text", ""))
        return out

    def requests(self) -> list[str]:
        return [
            e["params"]["request"]["url"]
            for e in self.events
            if e.get("method") == "Network.requestWillBeSent"
        ]

    def screenshot(self, path: Path) -> Path:
        height = int(self.js("document.documentElement.scrollHeight"))
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=1200,
            height=min(height, 6000),
            deviceScaleFactor=1,
            mobile=False,
        )
        data = self.call("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            if getattr(self, "ws", None):
                self.ws.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    if not CHROMIUM:
        pytest.skip("chromium is not installed (Debian: apt-get install chromium)")
    b = Browser(tmp_path_factory.mktemp("chromium-profile"))
    yield b
    b.close()


def _artifact(tmp_path: Path, name: str) -> Path:
    folder = Path(os.environ.get("LINSEG_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


def _check_png(path: Path) -> None:
    import matplotlib.image

    img = matplotlib.image.imread(str(path))
    assert img.shape[0] >= 600 and img.shape[1] == 1200
    assert img.std() > 0.05  # not a blank page


FIGURES_JS = """[...document.querySelectorAll('figure.figure')].map(f => {
  const img = f.querySelector('img'); const r = img.getBoundingClientRect();
  return {kind: f.dataset.kind, complete: img.complete, nw: img.naturalWidth,
          nh: img.naturalHeight, w: r.width, h: r.height};
})"""

SEGMENTS_JS = """[...document.querySelectorAll('article.segment')].map(a => ({
  start: +a.dataset.start, end: +a.dataset.end, title: a.querySelector('h3').textContent,
  sentences: [...a.querySelectorAll('span.s')].map(s => +s.dataset.i),
  text: [...a.querySelectorAll('span.s')].map(s => s.textContent).join(''),
  h: a.getBoundingClientRect().height}))"""


def _assert_clean(browser, page: Path) -> None:
    assert browser.errors() == []
    # Nothing fetched but the page itself and its inline data: URIs.
    others = [
        u for u in browser.requests() if u != page.resolve().as_uri() and not u.startswith("data:")
    ]
    assert others == []


@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_document_report_in_chromium(browser, tmp_path, fmt, choi_root):
    from linseg.evaluation.reports import document_report, first_words
    from linseg.readers.document import read_document

    doc = read_document(choi_root / "1" / "3-11" / "1.ref")
    seg = C99(tokenized=True, keep_matrices=True)
    res = seg.segment(doc.sentences)
    page = tmp_path / "report.html"
    page.write_text(document_report(res, doc, segmenter=seg, figure_format=fmt), encoding="utf-8")
    browser.open(page)
    _assert_clean(browser, page)

    figures = browser.js(FIGURES_JS)
    assert [f["kind"] for f in figures] == [
        "similarity",
        "rank",
        "density",
        "gradient",
        "boundaries",
    ]
    for f in figures:
        assert f["complete"] and f["nw"] > 100 and f["nh"] > 50, f
        assert f["w"] > 100 and f["h"] > 50, f

    blocks = browser.js(SEGMENTS_JS)
    cuts = [0, *res.boundaries, len(doc.sentences)]
    assert [(b["start"], b["end"]) for b in blocks] == list(zip(cuts, cuts[1:]))
    for b, segment in zip(blocks, res.segments):
        assert b["sentences"] == list(range(b["start"], b["end"]))
        assert b["text"].split("\n")[: len(segment)] == segment
        assert first_words(segment[0]) in b["title"]
        assert b["h"] > 0
    # The reference marks sit where the reference segments begin.
    marked = browser.js("[...document.querySelectorAll('span.s.ref-start')].map(s => +s.dataset.i)")
    assert marked == doc.reference
    shot = browser.screenshot(_artifact(tmp_path, f"report-{fmt}.png"))
    _check_png(shot)


def test_evaluation_report_in_chromium(browser, tmp_path, choi_root):
    from linseg.evaluation.evaluate import evaluate
    from linseg.evaluation.reports import evaluation_report
    from linseg.readers.ref import find_ref_files

    files = find_ref_files(choi_root / "1" / "3-5")[:5]
    results = evaluate(C99(tokenized=True), files)
    page = tmp_path / "evaluation.html"
    page.write_text(evaluation_report(results, corpus=choi_root / "1" / "3-5"), encoding="utf-8")
    browser.open(page)
    _assert_clean(browser, page)
    closed = browser.js("[...document.querySelectorAll('details.sample')].map(d => d.open)")
    assert closed == [False] * 5
    browser.js("document.querySelectorAll('details.sample').forEach(d => d.open = true)")
    strips = browser.js("""[...document.querySelectorAll('details.sample')].map(d => {
        const r = d.querySelector('svg.strip').getBoundingClientRect();
        return {w: r.width, h: r.height, rows: d.querySelectorAll('svg.strip text').length,
                cuts: d.querySelectorAll('.lines .cut').length}; })""")
    for s, r in zip(strips, results):
        assert s["w"] > 300 and s["h"] > 20 and s["rows"] == 3
        every = set(r.reference) | set(r.auto.boundaries) | set(r.known.boundaries)
        assert s["cuts"] == len(every)
    cells = browser.js(
        "[...document.querySelectorAll('table.comparison td.paper')].map(td => td.textContent)"
    )
    assert cells[:2] == ["18.0%", "12.0%"]  # the paper's C99 and C99_b on 3-5
    browser.js("document.querySelectorAll('details.sample').forEach((d, i) => d.open = i < 2)")
    _check_png(browser.screenshot(_artifact(tmp_path, "evaluation.png")))


def test_the_checks_see_errors_and_requests(browser, tmp_path):
    # The clean-page assertions above must be able to fail: a script error, a console
    # error and an outside request are all caught.
    page = tmp_path / "bad.html"
    page.write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>'
        '<img src="http://127.0.0.1:9/missing.png" alt="">'
        "<script>console.error('boom'); undefinedFunction();</script></body></html>"
    )
    browser.open(page)
    errors = " ".join(browser.errors())
    assert "boom" in errors and "undefinedFunction" in errors
    assert "http://127.0.0.1:9/missing.png" in browser.requests()
