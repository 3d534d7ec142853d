"""A minimal WebDriver client (standard library only) for the browser tests: Chromium via chromedriver."""

from __future__ import annotations

import base64
import json
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from types import TracebackType
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")

#: The switches that keep a headless Chromium quiet and off the network.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
]

KEYS = {"ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015",
        "Home": "\ue011", "End": "\ue010"}  # fmt: skip


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Browser:
    """A headless Chromium session: open pages, press keys, click, read, take screenshots."""

    def __init__(self, width: int = 800, height: int = 900) -> None:
        assert CHROMIUM is not None
        assert CHROMEDRIVER is not None
        self.profile = tempfile.TemporaryDirectory()
        port = _free_port()
        self.driver = subprocess.Popen(
            [CHROMEDRIVER, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                self._call("GET", "/status")
                break
            except OSError:
                if time.monotonic() > deadline:
                    self.driver.kill()
                    raise
                time.sleep(0.05)
        args = [*FLAGS, f"--user-data-dir={self.profile.name}", f"--window-size={width},{height}"]
        options = {"binary": CHROMIUM, "args": args}
        caps = {"browserName": "chrome", "goog:chromeOptions": options}
        caps["goog:loggingPrefs"] = {"browser": "ALL"}
        session = self._call("POST", "/session", {"capabilities": {"alwaysMatch": caps}})
        self.session = f"/session/{session['sessionId']}"

    def _call(self, method: str, path: str, body: object = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read())["value"]

    def call(self, method: str, path: str, body: object = None) -> Any:
        """A WebDriver command of this session."""
        return self._call(method, self.session + path, body)

    def open(self, url: str) -> None:
        self.call("POST", "/url", {"url": url})

    def run(self, script: str) -> Any:
        """Run JavaScript in the page; its return value."""
        return self.call("POST", "/execute/sync", {"script": script, "args": []})

    def press(self, key: str) -> None:
        code = KEYS[key]
        keys = [{"type": "keyDown", "value": code}, {"type": "keyUp", "value": code}]
        self.call("POST", "/actions", {"actions": [{"type": "key", "id": "kb", "actions": keys}]})

    def click(self, css: str) -> None:
        found = self.call("POST", "/element", {"using": "css selector", "value": css})
        (element,) = found.values()
        self.call("POST", f"/element/{element}/click", {})

    def screenshot(self) -> bytes:
        """The page as PNG, without a focus ring (a clicked button keeps one)."""
        self.run("if (document.activeElement) { document.activeElement.blur(); }")
        return base64.b64decode(self.call("GET", "/screenshot"))

    def console(self) -> list[dict[str, Any]]:
        """The browser's console entries since the last call."""
        entries: list[dict[str, Any]] = self.call("POST", "/se/log", {"type": "browser"})
        return entries

    def __enter__(self) -> Browser:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        try:
            self.call("DELETE", "")
        finally:
            self.driver.terminate()
            try:
                self.driver.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.driver.kill()
            self.profile.cleanup()


def screenshot(url: str, path: str, width: int, height: int) -> None:
    """A screenshot of ``url`` at the given size, by Chromium's own ``--screenshot``."""
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
             f"--screenshot={path}", url],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
