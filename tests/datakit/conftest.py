"""Kit folders the tests add (`pnp render ./folder` in-process) are
forgotten after each test, so no other test sees them in the registry."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def forget_added_kits() -> Iterator[None]:
    from pnp import kits

    before = dict(kits._ADDED)
    yield
    kits._ADDED.clear()
    kits._ADDED.update(before)
