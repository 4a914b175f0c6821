"""Fixtures for the whole suite: mDNS kept to ourselves.

Hubs announce themselves by mDNS and kiosks listen for them. Another hub on this machine
(a leader trying the software while CI runs, another engineer's tests) must never be heard by
a test, nor hear it: the session uses its own DNS-SD service type (``WHIST_MDNS_SERVICE``,
inherited by the hubs and kiosks the tests start), and a test that announces or discovers
asks for a fresh one with the ``mdns_service`` fixture.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

from whist.protocol import PROVISION_SERVICE_ENV, provision_service


def fresh_service_type() -> str:
    """A DNS-SD type no one else announces: ``_wt-`` and 8 random hex digits."""
    return provision_service({PROVISION_SERVICE_ENV: f"_wt-{uuid.uuid4().hex[:8]}._tcp.local."})


_before: str | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _before
    _before = os.environ.get(PROVISION_SERVICE_ENV)
    os.environ[PROVISION_SERVICE_ENV] = fresh_service_type()


def pytest_unconfigure(config: pytest.Config) -> None:
    if _before is None:
        os.environ.pop(PROVISION_SERVICE_ENV, None)
    else:
        os.environ[PROVISION_SERVICE_ENV] = _before


@pytest.fixture
def mdns_service(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """This test's own DNS-SD type, also in ``WHIST_MDNS_SERVICE`` for what it starts."""
    service = fresh_service_type()
    monkeypatch.setenv(PROVISION_SERVICE_ENV, service)
    yield service
