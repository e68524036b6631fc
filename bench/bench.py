"""Rendering speed and memory of pnp, against a bare-reportlab floor (issue 7).

    make bench                       # or: .venv/bin/python bench/bench.py
    .venv/bin/python bench/bench.py --runs 3 --warmup 0    # quicker, rougher
    .venv/bin/python bench/bench.py --venv /tmp/other-venv  # another install
    .venv/bin/python bench/bench.py --protograf-python /tmp/pg/bin/python  # protograf lives elsewhere

Every measured case is a fresh process (the `pnp` console script or
`python -c ...`), so the figures are whole-process: interpreter start,
imports, font loading, rendering, writing. Each case runs `--warmup` times
unmeasured (bytecode caches, page cache), then `--runs` times; the table
shows the median wall time, the median CPU time (user + system) and the
median peak RSS, from os.wait4's per-child rusage (ru_maxrss), and the
fastest and slowest wall time.

The floor (bench/floor_ludo.py) draws the Ludo deck's pages - the same page
count, the same shapes, strings and fonts, taken from pnp's own pages -
with bare reportlab canvas calls; the ratio pnp / floor is pnp's overhead
for that one file.

When protograf is importable (by this python, or the one given with
--protograf-python), bench/protograf_ludo.py draws the same 96-card deck
with it, paired with pnp's Ludo render in the same section; when it is not,
the bench says so and skips that case (protograf is no pnp dependency).

It prints the targets of issues 7, 15 and 20 beside the measures with PASS
or MISS (issue 20: validated `pnp render` against `--no-validate`, paired
in section 1, and the start-up ratios against `python -c "import click"`),
and always exits 0 (CI does not run it; the figures are for people).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PNP = str(BIN / "pnp") if (BIN / "pnp").exists() else str(ROOT / ".venv" / "bin" / "pnp")
PY = sys.executable
FLOOR = str(ROOT / "bench" / "floor_ludo.py")
PROTOGRAF = str(ROOT / "bench" / "protograf_ludo.py")

# the targets of issues 7, 15 and 20
ALL_KITS_S = 1.2  # all 18 kit PDFs, validated, one process, whole-process wall time
FLOOR_RATIO = 1.0  # Ludo deck: pnp at or below its bare-reportlab floor
STARTUP_S = 0.080  # `pnp --help` and `pnp list`
VALIDATE_RATIO = 2.0  # issue 20: all kits validated at most this many times the time of --no-validate (paired runs)
HELP_RATIO = 1.25  # issue 20: `pnp --help` within this many times `python -c "import click"`
LIST_S = 0.150  # issue 20: `pnp list` under this
PDF_KB = 300  # each kit PDF
LUDO_KB_BEFORE = 106.0  # the Ludo PDF (en, A4) before repeated art was written once (issue 15)
LUDO_SHRINK = 0.30  # ... and at least this much smaller now
PROTOGRAF_RATIO = 10.0  # pnp's Ludo render at least this many times faster than protograf's deck
LINEAR_FIT = 0.05  # time = fixed + per_page * pages: no point further than this from the line


@dataclass
class Case:
    name: str
    walls: list[float]
    cpus: list[float]
    rss_mb: list[float]

    @property
    def wall(self) -> float:
        return statistics.median(self.walls)

    @property
    def cpu(self) -> float:
        return statistics.median(self.cpus)

    @property
    def rss(self) -> float:
        return statistics.median(self.rss_mb)


class BenchError(Exception):
    pass


# The children's environment. Bytecode is cached as it is for any installed
# package (this sandbox sets PYTHONDONTWRITEBYTECODE, which would make every
# run compile pnp again), but in a folder of the bench's own, so nothing is
# written into the source tree; the warm-up run fills it.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(cmd: list[str]) -> tuple[float, float, float]:
    """Wall s, CPU s and peak RSS MB of one child process."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, env=ENV, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=err)
        _, status, ru = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            tail = err.read().decode(errors="replace").strip().splitlines()[-3:]
            raise BenchError(f"{' '.join(cmd)} exited {proc.returncode}: {' / '.join(tail)}")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024  # ru_maxrss is in KiB on Linux


def measure(title: str, jobs: list[tuple[str, str, list[str]]], runs: int, warmup: int) -> dict[str, Case]:
    """Run a section's cases round-robin (one run of each in turn), so a
    burst of load from elsewhere hits all of them alike, and print them."""
    print(f"\n{title}")
    print(f"  {'case':<52} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}   wall min-max")
    for _ in range(warmup):
        for _, _, cmd in jobs:
            run_once(cmd)
    cases = {key: Case(name, [], [], []) for key, name, _ in jobs}
    for _ in range(runs):
        for key, _, cmd in jobs:
            w, c, r = run_once(cmd)
            cases[key].walls.append(w)
            cases[key].cpus.append(c)
            cases[key].rss_mb.append(r)
    for case in cases.values():
        busy = "  (wall > CPU: machine busy?)" if case.wall > 1.15 * case.cpu + 0.01 else ""
        print(f"  {case.name:<52} {case.wall:8.3f} {case.cpu:8.3f} {case.rss:8.1f}   "
              f"{min(case.walls):.3f}-{max(case.walls):.3f}{busy}", flush=True)
    return cases


def pdf_pages(path: Path) -> int:
    """Page objects in a reportlab PDF (it writes no object streams)."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", path.read_bytes()))


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def accel_note() -> str:
    """Whether reportlab runs its C accelerator (rl_accel / _rl_accel) or the pure-Python fallbacks."""
    code = ("import reportlab, reportlab.lib.rl_accel as a; "
            "print(reportlab.Version, 'C' if 'fp_str' in a._c_funcs else 'pure Python')")
    try:
        out = subprocess.run([PY, "-c", code], capture_output=True, text=True, check=True).stdout.split()
        return f"reportlab {out[0]}, fp_str {' '.join(out[1:])}"
    except (subprocess.CalledProcessError, IndexError):
        return "reportlab ?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="measured runs per case (default 5)")
    ap.add_argument("--warmup", type=int, default=1, help="unmeasured runs first (default 1)")
    ap.add_argument("--venv", type=Path, help="measure the python and pnp of another virtualenv (default: this one)")
    ap.add_argument("--protograf-python", metavar="PYTHON",
                    help="a python that can import protograf (default: this one, if it can)")
    args = ap.parse_args(argv)
    global PY, PNP
    if args.venv is not None:
        PY, PNP = str(args.venv / "bin" / "python"), str(args.venv / "bin" / "pnp")
    pg_python = protograf_python(args.protograf_python)
    runs, warmup = max(1, args.runs), max(0, args.warmup)

    started = time.perf_counter()
    print(f"pnp bench: {runs} runs after {warmup} warm-up per case, medians; each run a fresh process")
    print(f"  Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; {accel_note()}")
    print(f"  pnp: {PNP}; load average {os.getloadavg()[0]:.2f} (other processes skew wall time)")
    print(f"  protograf: {pg_python[1]}")
    cases: dict[str, Case] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp_name:
            tmp = Path(tmp_name)
            ENV["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")

            def out(name: str) -> str:
                d = tmp / name
                d.mkdir(exist_ok=True)
                return str(d)

            render = [PNP, "render", "--quiet"]
            cases |= measure("1. all kits x all languages x all papers, one process", [
                ("all", "pnp render --no-validate", [*render, "-o", out("all"), "--no-validate"]),
                ("all_val", "pnp render (with validation)", [*render, "-o", out("all-val")]),
            ], runs, warmup)

            kit_ids = sorted({p.name.rsplit("-", 2)[0] for p in (tmp / "all").glob("*.pdf")})
            cases |= measure("2. each kit alone (all languages x papers: 6 PDFs), --no-validate", [
                (f"kit:{kit}", f"pnp render {kit}", [*render, kit, "-o", out(f"kit-{kit}"), "--no-validate"])
                for kit in kit_ids
            ], runs, warmup)

            cases |= measure("3. start-up", [
                ("python", 'python -c "pass"', [PY, "-c", "pass"]),
                ("click", 'python -c "import click"', [PY, "-c", "import click"]),
                ("import", 'python -c "import pnp.cli"', [PY, "-c", "import pnp.cli"]),
                ("help", "pnp --help", [PNP, "--help"]),
                ("list", "pnp list", [PNP, "list"]),
            ], runs, warmup)

            ops = tmp / "floor-ops.json"
            subprocess.run([PY, FLOOR, "census", str(ops), "--lang", "en", "--paper", "a4"], cwd=ROOT, env=ENV,
                           check=True, stdout=subprocess.DEVNULL)
            floor_pdf = Path(out("floor")) / "floor-ludo-en-a4.pdf"
            ludo = [*render, "ludo-cards", "--lang", "en", "--paper", "a4", "--no-validate"]
            cases |= measure("4. Ludo deck (en, A4) against the bare-reportlab floor", [
                ("ludo", "pnp render ludo-cards --lang en --paper a4", [*ludo, "-o", out("ludo")]),
                ("floor", "floor_ludo.py draw (bare reportlab)", [PY, FLOOR, "draw", str(ops), str(floor_pdf)]),
                ("bare", 'python -c "import reportlab.pdfgen.canvas"', [PY, "-c", "import reportlab.pdfgen.canvas"]),
            ], runs, warmup)
            if pg_python[0] is not None:
                pg_pdf = Path(out("protograf")) / "protograf-ludo.pdf"
                cases |= measure("4b. the 96-card deck in protograf, paired with pnp's Ludo render", [
                    ("ludo2", "pnp render ludo-cards --lang en --paper a4", [*ludo, "-o", out("ludo2")]),
                    ("protograf", "protograf_ludo.py (96 card fronts)", [pg_python[0], PROTOGRAF, str(pg_pdf)]),
                ], runs, warmup)
            else:
                print(f"\n4b. protograf: {pg_python[1]}; the paired case is skipped")

            players = (2, 3, 4)
            cases |= measure("5. pages vs time: ludo-cards --lang en --paper a4 --players N", [
                (f"p{n}", f"pnp render ludo-cards --players {n}", [*ludo, "--players", str(n), "-o", out(f"p{n}")])
                for n in players
            ], runs, warmup)
            pages_of = {n: pdf_pages(next((tmp / f"p{n}").glob("*.pdf"))) for n in players}

            report(cases, tmp, kit_ids, pages_of, floor_pdf, ops, pg_python[1])
    except BenchError as e:
        print(f"\nbench stopped: {e}")
    except Exception as e:  # the figures are for people: report, never fail
        print(f"\nbench stopped: {type(e).__name__}: {e}")
    print(f"\nbench took {time.perf_counter() - started:.0f} s; load average now {os.getloadavg()[0]:.2f}")
    return 0


def protograf_python(given: str | None) -> tuple[str | None, str]:
    """(python that imports protograf, or None; a line saying which)."""
    code = "import importlib.metadata as m; import protograf; print(m.version('protograf'))"
    side = ROOT / ".venv-protograf" / "bin" / "python"  # `make protograf` makes it
    for py in ([given] if given else [PY, *([str(side)] if side.exists() else [])]):
        try:
            version = subprocess.run([py, "-c", code], capture_output=True, text=True, check=True,
                                     env={**ENV, "PYTHONWARNINGS": "ignore"}).stdout.strip()
            return py, f"protograf {version} ({py})"
        except (subprocess.CalledProcessError, OSError):
            pass
    return None, (f"not installed for {given or PY} (`make protograf` installs it into .venv-protograf, "
                  "which the bench then finds; or pass --protograf-python)")


def report(cases: dict[str, Case], tmp: Path, kit_ids: list[str], pages_of: dict[int, int], floor_pdf: Path,
           ops: Path, pg_note: str) -> None:
    import json

    # start-up that any render pays: the interpreter and reportlab's canvas
    # (`import pnp.cli` alone is cheaper: the CLI imports reportlab lazily)
    base = cases["bare"].wall

    print("\nLudo deck (en, A4): pnp against the floor")
    counts = json.loads(ops.read_text())["counts"]
    ludo_pdf = next((tmp / "ludo").glob("*.pdf"))
    ludo_pages, floor_pages = pdf_pages(ludo_pdf), pdf_pages(floor_pdf)
    print(f"  pnp {ludo_pages} pages, {ludo_pdf.stat().st_size / 1024:.0f} KB; floor {floor_pages} pages, "
          f"{floor_pdf.stat().st_size / 1024:.0f} KB")
    print("  the floor draws: " + ", ".join(f"{v} {k}" for k, v in counts.items() if k != "pages"))
    ratio_wall = cases["ludo"].wall / cases["floor"].wall
    ratio_cpu = cases["ludo"].cpu / cases["floor"].cpu
    ratio_net = (cases["ludo"].wall - base) / max(cases["floor"].wall - base, 1e-9)
    print(f"  pnp / floor: {ratio_wall:.2f}x wall, {ratio_cpu:.2f}x CPU; {ratio_net:.2f}x less the start-up of both "
          f"({base:.3f} s, python + import reportlab.pdfgen.canvas)")

    print("\nPages vs time: ludo-cards en A4 --players N")
    print("  players  pages   wall s   s/page   (wall - start-up) s/page")
    per_page = {}
    net_per_page = {}
    for n, pages in pages_of.items():
        w = cases[f"p{n}"].wall
        per_page[n] = w / pages
        net_per_page[n] = (w - base) / pages
        print(f"  {n:>7}  {pages:>5}  {w:7.3f}  {per_page[n]:7.4f}   {net_per_page[n]:7.4f}")
    ns = sorted(pages_of)
    slopes = [(cases[f"p{b}"].wall - cases[f"p{a}"].wall) / max(pages_of[b] - pages_of[a], 1)
              for a, b in zip(ns, ns[1:], strict=False)]
    n_lo, n_hi = ns[0], ns[-1]
    slope = (cases[f"p{n_hi}"].wall - cases[f"p{n_lo}"].wall) / max(pages_of[n_hi] - pages_of[n_lo], 1)
    fixed = cases[f"p{n_lo}"].wall - slope * pages_of[n_lo]
    spread = (max(per_page.values()) - min(per_page.values())) / min(per_page.values())
    slope_spread = (max(slopes) - min(slopes)) / max(min(slopes), 1e-9) if len(slopes) > 1 else 0.0
    print(f"  marginal cost per added page: {', '.join(f'{s:.4f}' for s in slopes)} s (they differ by "
          f"{slope_spread:.0%}; overall {slope:.4f} s/page); fixed cost per run {fixed:.3f} s")
    # Linear growth means time = F + m * pages: fit that line by least
    # squares and see how far any measure lies from it.
    xs = [pages_of[n] for n in ns]
    ys = [cases[f"p{n}"].wall for n in ns]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    m_fit = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / max(sum((x - mx) ** 2 for x in xs), 1e-9)
    f_fit = my - m_fit * mx
    worst = max(abs(y - (f_fit + m_fit * x)) / y for x, y in zip(xs, ys, strict=True))
    print(f"  least-squares line: {f_fit:.3f} s + {m_fit * 1000:.1f} ms/page; worst point {worst:.1%} off the line")
    print("  (s/page falls as pages grow because the fixed cost, start-up and fonts, is shared: that is still linear)")

    print("\nPDF sizes (all kits, KB)")
    sizes = {p.name: p.stat().st_size / 1024 for p in sorted((tmp / "all").glob("*.pdf"))}
    for kit in kit_ids:
        row = [(name.removeprefix(kit + "-").removesuffix(".pdf"), kb) for name, kb in sizes.items()
               if name.rsplit("-", 2)[0] == kit]
        print(f"  {kit:<13}" + "".join(f"  {v} {kb:5.0f}" for v, kb in row))

    biggest = max(sizes.items(), key=lambda kv: kv[1]) if sizes else ("-", 0.0)
    click_ms = cases["click"].wall * 1000  # any click CLI pays this: the interpreter and importing click
    print(f"\nStart-up floor: python alone {cases['python'].wall * 1000:.0f} ms, python + import click {click_ms:.0f} ms")
    ludo_kb = ludo_pdf.stat().st_size / 1024
    ludo_goal = LUDO_KB_BEFORE * (1 - LUDO_SHRINK)
    if "protograf" in cases:
        pg_ratio = cases["protograf"].wall / cases["ludo2"].wall
        pg_row = (f"{pg_ratio:.1f}x ({cases['protograf'].wall:.2f} / {cases['ludo2'].wall:.3f} s; "
                  f"{cases['protograf'].rss:.0f} / {cases['ludo2'].rss:.0f} MB)", pg_ratio >= PROTOGRAF_RATIO)
    else:
        pg_row = (pg_note, None)
    rows = [
        ("all 18 kit PDFs, validated, one process", f"<= {ALL_KITS_S:.1f} s", f"{cases['all_val'].wall:.2f} s "
         f"({len(sizes)} PDFs; {cases['all'].wall:.2f} s with --no-validate)", cases["all_val"].wall <= ALL_KITS_S),
        ("Ludo deck vs bare-reportlab floor", f"<= {FLOOR_RATIO:.1f}x", f"{ratio_wall:.2f}x "
         f"({cases['ludo'].wall:.3f} / {cases['floor'].wall:.3f} s)", ratio_wall <= FLOOR_RATIO),
        ("Ludo PDF (en, A4) size", f"<= {ludo_goal:.1f} KB", f"{ludo_kb:.1f} KB ({1 - ludo_kb / LUDO_KB_BEFORE:.0%} "
         f"below {LUDO_KB_BEFORE:.0f} KB)", ludo_kb <= ludo_goal),
        ("protograf 96-card deck vs pnp Ludo", f">= {PROTOGRAF_RATIO:.0f}x", *pg_row),
        ("pnp --help", f"<= {STARTUP_S * 1000:.0f} ms", f"{cases['help'].wall * 1000:.0f} ms "
         f"({cases['help'].wall / cases['click'].wall:.2f}x python -c 'import click', {click_ms:.0f} ms)",
         cases["help"].wall <= STARTUP_S),
        ("pnp list", f"<= {STARTUP_S * 1000:.0f} ms", f"{cases['list'].wall * 1000:.0f} ms "
         f"({cases['list'].wall / cases['click'].wall:.2f}x python -c 'import click')", cases["list"].wall <= STARTUP_S),
        ("each kit PDF", f"<= {PDF_KB} KB", f"max {biggest[1]:.0f} KB ({biggest[0]})",
         bool(sizes) and biggest[1] <= PDF_KB),
        ("time linear in pages (fit F + m*pages)", f"<= {LINEAR_FIT:.0%} off", f"worst {worst:.1%} off; {m_fit * 1000:.1f} ms/page, "
         f"F {f_fit:.2f} s (s/page spread {spread:.0%})", worst <= LINEAR_FIT),
    ]
    val_ratio = cases["all_val"].wall / cases["all"].wall
    val_cpu = cases["all_val"].cpu / cases["all"].cpu
    help_ratio = cases["help"].wall / cases["click"].wall
    list_ratio = cases["list"].wall / cases["click"].wall
    help_min = min(cases["help"].walls) / min(cases["click"].walls)
    help_cpu = cases["help"].cpu / cases["click"].cpu
    print(f"\nWhat judging costs (issue 20): validated / --no-validate {val_ratio:.2f}x wall, {val_cpu:.2f}x CPU "
          f"({cases['all_val'].wall:.2f} / {cases['all'].wall:.2f} s); start-up: pnp --help {help_ratio:.2f}x "
          f"(fastest runs {help_min:.2f}x, CPU {help_cpu:.2f}x) and pnp list {list_ratio:.2f}x python -c 'import click' "
          f"({click_ms:.0f} ms)")
    rows += [
        ("all kits: validated / --no-validate", f"<= {VALIDATE_RATIO:.1f}x", f"{val_ratio:.2f}x wall, {val_cpu:.2f}x CPU "
         f"(paired runs)", val_ratio <= VALIDATE_RATIO),
        ("pnp --help / python -c 'import click'", f"<= {HELP_RATIO:.2f}x", f"{help_ratio:.2f}x "
         f"({cases['help'].wall * 1000:.0f} / {click_ms:.0f} ms; fastest {help_min:.2f}x, CPU {help_cpu:.2f}x)",
         help_ratio <= HELP_RATIO),
        ("pnp list", f"< {LIST_S * 1000:.0f} ms", f"{cases['list'].wall * 1000:.0f} ms ({list_ratio:.2f}x import click)",
         cases["list"].wall < LIST_S),
    ]
    print("\nTargets (issues 7, 15 and 20)")
    print(f"  {'target':<40} {'goal':<11} {'measured':<58} verdict")
    for name, goal, got, ok in rows:
        print(f"  {name:<40} {goal:<11} {got:<58} {'-' if ok is None else verdict(ok)}")


if __name__ == "__main__":
    sys.exit(main())
