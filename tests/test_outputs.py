"""Rendering several kits at once: worker processes change nothing in the files."""

from __future__ import annotations

from pnp.kits import get_kit
from pnp.options import Options
from pnp.paper import get_paper
from pnp.workers import default_workers, render_all


def test_workers_make_the_same_bytes_in_the_same_order(tmp_path):
    jobs = [(get_kit("tab"), Options("de", get_paper("a4"))), (get_kit("kesse-rueben"), Options("nl", get_paper("letter")))]
    serial, parallel = tmp_path / "serial", tmp_path / "parallel"
    serial.mkdir()
    parallel.mkdir()
    one = list(render_all(jobs, serial, ("pdf",), 150, False, workers=1))
    two = list(render_all(jobs, parallel, ("pdf",), 150, False, workers=2))
    assert [r.files[0].name for r in one] == [r.files[0].name for r in two] == ["tab-de-a4.pdf", "kesse-rueben-nl-letter.pdf"]
    for a, b in zip(one, two, strict=True):
        assert a.files[0].read_bytes() == b.files[0].read_bytes()
    assert sorted(p.name for p in parallel.iterdir()) == sorted(p.name for p in serial.iterdir())


def test_default_workers_never_exceed_the_jobs():
    assert default_workers(1) == 1
    assert 1 <= default_workers(18) <= 8
