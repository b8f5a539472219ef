"""What the integrations' tests share: no network."""

from __future__ import annotations

import socket

import pytest


@pytest.fixture
def offline(monkeypatch):
    """No connection may be opened: no telemetry, no tokenizer or model download."""

    def refuse(*args, **kwargs):
        raise AssertionError("a network connection was attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
