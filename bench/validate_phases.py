"""CPU time of each phase of validating one rendered kit, in this process.

    .venv/bin/python bench/validate_phases.py [KIT ...] [--runs N] [--profile]

For each kit (English, A4, every player, duplex-long backs): build, render,
then the validator's phases on the rendered bytes: syntax (pikepdf), printed
(PDFium), structure (against the build) and validate_bytes as `pnp render`
calls it (with the pages it built). Medians (and minimums) of N runs of time.process_time, in ms.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def median_cpu(fn: Callable[[], Any], runs: int) -> tuple[str, Any]:
    times = []
    result = None
    for _ in range(runs):
        t = time.process_time()
        result = fn()
        times.append(time.process_time() - t)
    return f"{statistics.median(times) * 1000:5.1f} (min {min(times) * 1000:5.1f})", result


def phases(kit_id: str, runs: int, profile: bool) -> None:
    from pnp.build import build_pages
    from pnp.kits import get_kit
    from pnp.options import Options
    from pnp.paper import PAPERS
    from pnp.render.pdf import PdfMeta, render_pdf
    from pnp.validate import validate_bytes
    from pnp.validation.checks import shared_measurer, structure_checks
    from pnp.validation.printed import read_printed
    from pnp.validation.syntax import read_syntax

    opts = Options("en", PAPERS["a4"], None, "duplex-long", (0.0, 0.0))
    built = build_pages(get_kit(kit_id), opts, shared_measurer())
    pdf = render_pdf(built.pages, PdfMeta(built.title, built.subject, built.credits, built.keywords, "en"))
    row = {}
    row["syntax"], _ = median_cpu(lambda: read_syntax(pdf), runs)
    row["printed"], printed = median_cpu(lambda: read_printed(pdf, False), runs)
    row["structure"], _ = median_cpu(lambda: structure_checks(built, printed), runs)
    row["validate_bytes"], report = median_cpu(lambda: validate_bytes(Path("x.pdf"), pdf, built, own=True), runs)
    assert report.ok, report.problems()
    print(f"{kit_id:<14}" + "  ".join(f"{k} {v} ms" for k, v in row.items()))
    if profile:
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(3):
            validate_bytes(Path("x.pdf"), pdf, built, own=True)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("kits", nargs="*", default=["ludo-cards", "kesse-rueben", "tab"])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--profile", action="store_true", help="cProfile validate_bytes, sorted by own time")
    args = ap.parse_args()
    for kit_id in args.kits:
        phases(kit_id, args.runs, args.profile)


if __name__ == "__main__":
    main()
