"""The command line: a thin click layer over the library.

It parses flags into Options, calls the library, and turns library errors
into one-line messages: exit 2 for bad usage, 1 for anything else that went
wrong. No traceback reaches the user.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import click

from pnp import __version__
from pnp.errors import PnpError, UsageError
from pnp.options import BACKS


def _langs() -> tuple[str, ...]:
    from pnp.i18n import languages

    return languages()


def _kit_ids() -> tuple[str, ...]:
    from pnp.kits import registry

    return tuple(registry())


def _fail(message: str, code: int = 1) -> None:
    click.echo(f"Error: {message}", err=True)
    sys.exit(code)


def parse_offset(_ctx: click.Context, _param: click.Parameter, value: str | None) -> tuple[float, float]:
    if value is None:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter(f"{value!r} is not X,Y in mm (for example 0.5,-1)") from None
    if max(abs(x), abs(y)) > 10:
        raise click.BadParameter(f"{value!r}: an offset of more than 10 mm is not a printer's drift")
    return (x, y)


def parse_formats(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[str, ...]:
    from pnp.outputs import FORMATS

    wanted = tuple(dict.fromkeys(v.strip() for v in value.split(",") if v.strip()))
    bad = [v for v in wanted if v not in FORMATS]
    if bad or not wanted:
        raise click.BadParameter(f"unknown format {', '.join(bad) or value!r}; choose from {', '.join(FORMATS)}")
    return wanted


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def main() -> None:
    """Print-and-play kits as vector PDFs: print at 100 %, glue, cut, play."""


@main.command("list")
def list_kits() -> None:
    """List the kits, their player counts, languages and papers."""
    from pnp.i18n import load_catalog
    from pnp.kits import registry
    from pnp.paper import PAPERS

    try:
        for kit in registry().values():
            spec = kit.load_spec()
            counts = kit.player_counts(spec)
            players = f"{min(counts)}-{max(counts)}" if len(counts) > 1 else str(counts[0])
            title = load_catalog(kit.id, "en").text("title")
            opts = f"  options: {', '.join('--' + o for o in kit.options)}" if kit.options else ""
            click.echo(f"{kit.id:14} {title:18} players {players:5}{opts}")
        click.echo(f"languages: {', '.join(_langs())}")
        click.echo(f"papers: {', '.join(PAPERS)}")
    except PnpError as e:
        _fail(str(e))


@main.command()
@click.argument("kits", nargs=-1, metavar="[KIT]...")
@click.option("--lang", "-l", default="all", show_default=True, help="en, nl, de or all")
@click.option("--paper", "-p", default="all", show_default=True, help="a4, letter or all")
@click.option("--out", "-o", type=click.Path(path_type=Path), default=Path("output"), show_default=True,
              help="Folder the files are written to.")
@click.option("--players", type=int, default=None, help="Print the components for N players only (2-4).")
@click.option("--backs", type=click.Choice(BACKS), default="duplex-long", show_default=True,
              help="How card backs are printed (Ludo cards).")
@click.option("--back-offset", callback=parse_offset, metavar="X,Y", help="Shift back sheets by X,Y mm.")
@click.option("--format", "formats", default="pdf", show_default=True, callback=parse_formats,
              help="Comma-separated: pdf, svg, cut-svg, png.")
@click.option("--dpi", type=click.IntRange(20, 600), default=150, show_default=True, help="PNG resolution.")
@click.option("--greyscale", "variant", flag_value="greyscale", help="No colour at all.")
@click.option("--ink-saver", "variant", flag_value="ink-saver", help="Light fills for cheap printing.")
@click.option("--validate/--no-validate", default=True, show_default=True, help="Check the PDFs after writing.")
@click.option("--jobs", "-j", "workers", type=click.IntRange(1, 64), default=None,
              help="Worker processes (default: one per core).")
@click.option("--quiet", "-q", is_flag=True, help="Print only errors.")
def render(
    kits: tuple[str, ...],
    lang: str,
    paper: str,
    out: Path,
    players: int | None,
    backs: str,
    back_offset: tuple[float, float],
    formats: tuple[str, ...],
    dpi: int,
    variant: str | None,
    validate: bool,
    workers: int | None,
    quiet: bool,
) -> None:
    """Render KITs (all kits if none is named) into OUT."""
    from pnp.kits import get_kit, registry
    from pnp.options import Options
    from pnp.outputs import default_workers, render_all
    from pnp.paper import PAPERS, get_paper

    try:
        if lang != "all" and lang not in _langs():
            raise UsageError(f"unknown language {lang!r}; choose from {', '.join(_langs())} or all")
        if paper != "all" and paper not in PAPERS:
            raise UsageError(f"unknown paper {paper!r}; choose from {', '.join(PAPERS)} or all")
        chosen = [get_kit(k) for k in dict.fromkeys(kits)] if kits else list(registry().values())
        if players is not None:
            for kit in chosen:
                counts = kit.player_counts(kit.load_spec())
                if players not in counts and (kits or "players" in kit.options):
                    span = f"{min(counts)}-{max(counts)}" if len(counts) > 1 else str(counts[0])
                    raise UsageError(f"--players {players}: {kit.id} is for {span} players")
            if not kits:
                chosen = [k for k in chosen if players in k.player_counts(k.load_spec())]
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    except PnpError as e:
        _fail(str(e))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        _fail(f"cannot create the output folder {out}: {e.strerror or e}")
    if not os.access(out, os.W_OK):
        _fail(f"cannot write to the output folder {out}: permission denied")

    langs = _langs() if lang == "all" else (lang,)
    papers = tuple(PAPERS) if paper == "all" else (paper,)
    jobs = [
        (kit, Options(lg, get_paper(pp), players if "players" in kit.options else None, backs, back_offset,
                      variant or "colour"))
        for kit in chosen for lg in langs for pp in papers
    ]
    start = time.perf_counter()
    written: list[Path] = []
    pages = 0
    reports = []
    show_bar = not quiet and sys.stdout.isatty() and len(jobs) > 1
    try:
        results = render_all(jobs, out, formats, dpi, validate, workers or default_workers(len(jobs)))
        with click.progressbar(results, length=len(jobs), label="rendering",
                               file=None if show_bar else open(os.devnull, "w")) as bar:
            for result in bar:
                written += result.files
                pages += result.pages
                if result.report is not None:
                    reports.append(result.report)
    except KeyboardInterrupt:
        _fail("interrupted; no partial file was left behind", 130)
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    except PnpError as e:
        _fail(str(e))
    except OSError as e:
        _fail(f"cannot write to {out}: {e.strerror or e}")
    seconds = time.perf_counter() - start
    failed = [r for r in reports if not r.ok]
    if not quiet:
        if reports:
            from pnp.validate import summary_line

            for r in reports:
                click.echo(f"{'ok  ' if r.ok else 'FAIL'}  {r.file}  ({len(r.checks)} checks)")
            click.echo(summary_line(reports))
        click.echo(f"wrote {len(written)} files ({pages} pages) to {out} in {seconds:.2f} s")
    for r in failed:
        for line in r.problems():
            click.echo(f"Error: {line}", err=True)
    if failed:
        sys.exit(1)


@main.command("validate")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print a machine-readable report.")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
def validate_cmd(files: tuple[Path, ...], as_json: bool, quiet: bool) -> None:
    """Check rendered kits against the rules (all PDFs in output/ if no FILE)."""
    import json

    from pnp.validate import report_table, summary_line, validate_file

    paths = list(files) or sorted(Path("output").glob("*.pdf"))
    if not paths:
        raise click.UsageError("no PDF to validate: name files, or render into output/ first")
    reports = []
    for p in paths:
        if not p.exists():
            raise click.UsageError(f"no such file: {p}")
        reports.append(validate_file(p))
    if as_json:
        click.echo(json.dumps([r.to_json() for r in reports], indent=2, ensure_ascii=False))
    else:
        for r in reports:
            if not quiet or not r.ok:
                click.echo(report_table(r))
        click.echo(summary_line(reports))
    if not all(r.ok for r in reports):
        sys.exit(1)
