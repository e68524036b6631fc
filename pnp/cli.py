"""The command line: a thin click layer over the library.

It parses flags into Options, calls the library, and turns library errors
into one-line messages: exit 2 for bad usage, 1 for anything else that went
wrong, 128 + the signal number when a signal stopped the run. No traceback
reaches the user, and neither does click's "Usage: ... Try ..." block.
"""

from __future__ import annotations

import errno
import math
import os
import re
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from pnp import __version__
from pnp.errors import OutputError, PnpError, UsageError, shown
from pnp.modes import Backs, Format, KitOption

if TYPE_CHECKING:
    from pnp.options import Options


def _langs() -> tuple[str, ...]:
    from pnp.i18n import languages

    return languages()


def _kit_ids() -> tuple[str, ...]:
    from pnp.kits import registry

    return tuple(registry())


def _papers() -> tuple[str, ...]:
    from pnp.paper import PAPERS

    return tuple(PAPERS)


def _formats() -> tuple[str, ...]:
    from pnp.formats import REGISTRY

    return tuple(REGISTRY)


def _kits_taking(option: KitOption) -> str:
    from pnp.kits import registry

    return ", ".join(k.id for k in registry().values() if option in k.options) or "no kit"


def _cards_dpi() -> int:
    from pnp.formats.cards import CARDS_DPI

    return CARDS_DPI


def _default_bleed() -> float:
    from pnp.presets import DEFAULT_BLEED

    return DEFAULT_BLEED


def _player_counts() -> str:
    """The player counts of the kits that take --players, from their facts: "tab 2; ludo-cards 2-4"."""
    from pnp.kits import registry

    out = []
    for k in registry().values():
        if KitOption.PLAYERS in k.options:
            try:
                counts = k.player_counts(k.load_spec())
            except PnpError:
                continue  # a broken kit says so when it is rendered, not in the help
            out.append(f"{k.id} {min(counts)}-{max(counts)}" if len(counts) > 1 else f"{k.id} {counts[0]}")
    return "; ".join(out) or "no kit"


class RegistryHelp(click.Option):
    """An option whose help text is built from a registry (languages,
    papers, formats, kits) when the help is shown: `pnp --help` imports
    none of them, and a fourth language or format is listed without an edit."""

    def __init__(self, *args: Any, help_from: Callable[[], str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help_from = help_from

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = self.help_from()
        return super().get_help_record(ctx)


MAX_LINE = 400  # characters of an error line: a hostile value is cut, never echoed whole


def one_line(message: str) -> str:
    """`Error: message` as one line of sensible length: line breaks and other
    control characters escaped, and a message longer than MAX_LINE cut in
    the middle (its start names the file, its end says what is on disk)."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    head, tail = MAX_LINE - 170, 120
    if len(text) > head + tail + 40:
        text = f"{text[:head]} [... {len(text) - head - tail} characters ...] {text[-tail:]}"
    return f"Error: {text}"


def _fail(message: str, code: int = 1) -> NoReturn:
    click.echo(one_line(message), err=True)
    sys.exit(code)


_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$", re.ASCII)


class Whole(click.ParamType):
    """A whole number written in ASCII digits, within [low, high]. Python's
    int() also takes '３' (a full-width digit) and '1_0'; a flag does not."""

    name = "integer"

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        elif isinstance(value, str) and re.fullmatch(r"[+-]?[0-9]+", value.strip(), re.ASCII):
            n = int(value)
        else:
            self.fail(f"{value!r} is not a whole number", param, ctx)
        if not self.low <= n <= self.high:
            self.fail(f"{n} is not in the range {self.low}-{self.high}", param, ctx)
        return n


def parse_offset(_ctx: click.Context, _param: click.Parameter, value: str | None) -> tuple[float, float] | None:
    """X,Y in mm: two finite decimal numbers (no nan, inf, exponent or
    non-ASCII digits), each at most 10 mm."""
    if value is None:
        return None
    parts = [v.strip() for v in value.split(",")]
    if len(parts) != 2 or not all(_NUMBER.match(v) for v in parts):
        raise click.BadParameter(f"{_shown(value)} is not X,Y in mm (for example 0.5,-1: a point in each number, "
                                 "a comma between them)")
    x, y = (float(v) for v in parts)
    if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > 10:
        raise click.BadParameter(f"{_shown(value)}: an offset of more than 10 mm is not a printer's drift")
    return (x + 0.0, y + 0.0)  # -0 is 0


def parse_bleed(_ctx: click.Context, _param: click.Parameter, value: str | None) -> float | None:
    if value is None:
        return None
    from pnp.presets import MAX_BLEED

    if not _NUMBER.match(value.strip()):  # the rule of --back-offset: ASCII digits, no exponent, no _
        raise click.BadParameter(f"{_shown(value)} is not a length in mm (for example 3)")
    mm = float(value) + 0.0
    if not 0 <= mm <= MAX_BLEED:
        raise click.BadParameter(f"{value!r}: choose a bleed between 0 and {MAX_BLEED:g} mm")
    return mm


def parse_out(_ctx: click.Context, _param: click.Parameter, value: str) -> Path:
    """The output folder: any path but an empty one (which would quietly
    mean the current folder)."""
    if not value:
        raise click.BadParameter("an empty path is no folder; write . for the current folder")
    return Path(value)


def _shown(value: object, limit: int = 60) -> str:
    """A value the user typed, for an error line: quoted, with control
    characters escaped, cut short if long."""
    text = repr(str(value))
    return text if len(text) <= limit else text[: limit - 5] + " ...'"


def parse_formats(_ctx: click.Context, _param: click.Parameter, value: str) -> tuple[str, ...]:
    from pnp.formats import REGISTRY

    wanted = tuple(dict.fromkeys(v.strip() for v in value.split(",") if v.strip()))
    bad = [v for v in wanted if v not in REGISTRY]
    if bad or not wanted:
        raise click.BadParameter(f"unknown format {', '.join(bad) or value!r}; choose from {', '.join(REGISTRY)}")
    return wanted


class _ClosedStdout:
    """Stands in for sys.stdout when the process was started with it closed:
    printing is then an error, as it is for a full one."""

    def write(self, _text: str) -> int:
        raise OSError(errno.EBADF, "it is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def _silence_stdout() -> None:
    """After stdout failed, point it at /dev/null so the interpreter's last
    flush does not print a second error."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, sys.stdout.fileno())
        os.close(fd)
    except (OSError, AttributeError, ValueError):
        pass


class PnpGroup(click.Group):
    """click, but every error is one `Error: ...` line on stderr, and output
    that cannot be written (a full disk, /dev/full, a closed stdout) is an
    error too, not a traceback at exit."""

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, **extra: Any) -> Any:
        from pnp.interrupts import STOP_SIGNALS, Interrupted, check, stop_signals

        if sys.stdout is None:
            sys.stdout = _ClosedStdout()
        if args is None:
            # A run builds tens of thousands of small objects that all live
            # to its end (shapes, pages, metrics) and hardly any cycles: the
            # cycle collector looks at them every 700 new objects by default,
            # about 5 % of a render's time; every 10,000 is plenty.
            import gc

            gc.set_threshold(10_000, 10, 10)
        code: int | str | None = 0
        global _finished
        argv = list(sys.argv[1:] if args is None else args)
        # a render stopped before its first file still says so in render's words
        _finished = "no file was finished" if argv[:1] == ["render"] else None
        try:
            try:
                with stop_signals():
                    check()  # a signal that came before the handlers (remembered since pnp.entry) stops the run here
                    rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
                    check()  # a signal whose exception Python had to drop (in a finaliser) still stops the run
                code = rv if isinstance(rv, int) else 0
            except SystemExit as e:
                code = e.code
            finally:
                if args is None:  # the real command line (not a test's runner): the work is done and
                    for sig in STOP_SIGNALS:  # the process is exiting; a late signal must not turn that
                        signal.signal(sig, signal.SIG_IGN)  # into a kill or a traceback
            sys.stdout.flush()
        except Interrupted as e:
            code = _say("interrupted" if _finished is None else _interrupted(e.signum, _finished), 128 + e.signum)
        except click.exceptions.NoArgsIsHelpError as e:  # plain `pnp`: the help, not an error
            click.echo(e.ctx.get_help() if e.ctx else "")
            code = 0
        except click.UsageError as e:
            code = _say(e.format_message(), 2)
        except click.ClickException as e:
            code = _say(e.format_message(), e.exit_code)
        except click.Abort:
            code = _say("interrupted", 130)
        except OSError as e:
            _silence_stdout()
            where = "standard output" if e.filename is None else str(e.filename)
            code = _say(f"cannot write to {where}: {e.strerror or e}", 1)
        if args is None:
            # The process is exiting. Interpreter shutdown would run a last
            # garbage collection over every object the run made (the pages,
            # the fonts' metrics: about 70 ms after a Ludo render); frozen,
            # they are only freed. Exit handlers run as ever.
            import gc

            gc.freeze()
        sys.exit(code)


def _say(message: str, code: int) -> int:
    try:
        click.echo(one_line(message), err=True)
    except OSError:
        pass
    return code


@click.group(cls=PnpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def main() -> None:
    """Print-and-play kits as vector PDFs: print at 100 %, glue, cut, play."""


@main.command("new")
@click.argument("name", type=click.Path(path_type=Path, file_okay=False))
def new_cmd(name: Path) -> None:
    """Write a small working kit to start from into the folder NAME (a deck
    with backs, tokens, a board, rules in English); render it with
    `pnp render ./NAME`."""
    from pnp.datakit.scaffold import new_kit

    try:
        files = new_kit(name)
    except PnpError as e:
        _fail(str(e))
    click.echo(f"wrote {len(files)} files into {name}/: {', '.join(str(f.relative_to(name)) for f in files)}")
    click.echo(f"next: pnp render ./{name} --lang en")


@main.command("list")
@click.option("--kits", "kit_dirs", multiple=True, type=click.Path(path_type=Path, file_okay=False),
              help="Also list the kit folders in this folder.")
def list_kits(kit_dirs: tuple[Path, ...] = ()) -> None:
    """List the kits, their player counts, where each comes from, languages and papers."""
    from pnp.datakit.folders import add_kits
    from pnp.kits import registry
    from pnp.paper import PAPERS

    try:
        add_kits((), kit_dirs)
        for kit in registry().values():
            spec = kit.facts()
            counts = kit.player_counts(spec)
            players = f"{min(counts)}-{max(counts)}" if len(counts) > 1 else str(counts[0])
            title = kit.catalog("en").text("title")
            opts = f"  options: {', '.join('--' + o for o in kit.options)}" if kit.options else ""
            click.echo(f"{kit.id:14} {title:18} players {players:5}{opts}")
            click.echo(f"{'':14} from {kit.origin}")
        click.echo(f"languages: {', '.join(_langs())}")
        click.echo(f"papers: {', '.join(PAPERS)}")
        from pnp.presets import load_presets

        click.echo("print-shop presets (--format cards --preset NAME):")
        for p in load_presets().values():
            w, h = p.pixels
            click.echo(f"  {p.id:16} {p.trim[0]:g} x {p.trim[1]:g} mm + {p.bleed:g} mm bleed, {p.dpi} dpi = {w} x {h} px, "
                       f"{p.order}")
            if p.caveat:
                click.echo(f"  {'':16} note: {p.caveat}")
    except PnpError as e:
        _fail(str(e))


@main.command()
@click.argument("kits", nargs=-1, metavar="[KIT]...")
@click.option("--lang", "-l", default="all", show_default=True, cls=RegistryHelp,
              help_from=lambda: f"{', '.join(_langs())} or all")
@click.option("--paper", "-p", default="all", show_default=True, cls=RegistryHelp,
              help_from=lambda: f"{', '.join(_papers())} or all")
@click.option("--out", "-o", default="output", callback=parse_out, show_default=True,
              help="Folder the files are written to.")
@click.option("--players", type=Whole(1, 99), default=None, metavar="N", cls=RegistryHelp,
              help_from=lambda: f"Print the components for N players only ({_player_counts()}).")
@click.option("--backs", type=click.Choice([b.value for b in Backs]), default=Backs.DUPLEX_LONG.value, show_default=True,
              cls=RegistryHelp, help_from=lambda: f"How card backs are printed ({_kits_taking(KitOption.BACKS)}).")
@click.option("--back-offset", callback=parse_offset, metavar="X,Y", cls=RegistryHelp,
              help_from=lambda: f"Shift duplex back sheets by X,Y mm ({_kits_taking(KitOption.BACKS)}).")
@click.option("--format", "formats", default=Format.PDF.value, show_default=True, callback=parse_formats,
              cls=RegistryHelp, help_from=lambda: f"Comma-separated: {', '.join(_formats())}.")
@click.option("--dpi", type=Whole(20, 600), default=150, show_default=True,
              cls=RegistryHelp, help_from=lambda: f"PNG resolution, 20-600 (cards: {_cards_dpi()} unless given).")
@click.option("--bleed", callback=parse_bleed, metavar="MM",
              cls=RegistryHelp, help_from=lambda: f"Cards: bleed on every side in mm (default {_default_bleed():g}, or the preset's).")
@click.option("--preset", default=None, help="Cards: a print shop's card spec (see pnp list).")
@click.option("--greyscale", is_flag=True, help="No colour at all.")
@click.option("--ink-saver", is_flag=True, help="Light fills for cheap printing.")
@click.option("--validate/--no-validate", default=True, show_default=True, help="Check the PDFs after writing.")
@click.option("--jobs", "-j", "workers", type=Whole(1, 64), default=None,
              help="Worker processes (default: one per core).")
@click.option("--quiet", "-q", is_flag=True, help="Print only errors.")
@click.option("--kits", "kit_dirs", multiple=True, type=click.Path(path_type=Path, file_okay=False),
              help="A folder of kit folders (data kits) to render from; a KIT may also be a folder (./my-game).")
@click.pass_context
def render(
    ctx: click.Context,
    kits: tuple[str, ...],
    lang: str,
    paper: str,
    out: Path,
    players: int | None,
    backs: str,
    back_offset: tuple[float, float] | None,
    formats: tuple[str, ...],
    dpi: int,
    greyscale: bool,
    ink_saver: bool,
    validate: bool,
    workers: int | None,
    quiet: bool,
    bleed: float | None = None,
    preset: str | None = None,
    kit_dirs: tuple[Path, ...] = (),
) -> None:
    """Render KITs (all kits if none is named) into OUT. A KIT is a kit's
    name (see pnp list) or a kit folder anywhere (./my-game)."""
    from pnp.datakit.folders import add_kits

    try:
        kits = add_kits(kits, kit_dirs)
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    _render(ctx, kits, lang, paper, out, players, backs, back_offset, formats, dpi, greyscale, ink_saver, validate,
            workers, quiet, bleed, preset)  # stop signals raise Interrupted here (PnpGroup.main)


def _render(ctx: click.Context, kits: tuple[str, ...], lang: str, paper: str, out: Path, players: int | None,
            backs: str, back_offset: tuple[float, float] | None, formats: tuple[str, ...], dpi: int, greyscale: bool,
            ink_saver: bool, validate: bool, workers: int | None, quiet: bool, bleed: float | None,
            preset: str | None) -> None:
    global _finished
    from pnp import interrupts
    from pnp.atomic import remove_stale_parts
    from pnp.interrupts import Interrupted, check
    from pnp.plan import Request
    from pnp.workers import default_workers, render_all

    _finished = "no file was finished"  # until the jobs are done, the loop below says what was kept
    source = ctx.get_parameter_source
    request = Request(kits, lang, paper, players, backs, source("backs") is not click.core.ParameterSource.DEFAULT,
                      back_offset, formats, dpi, source("dpi") != click.core.ParameterSource.DEFAULT, greyscale,
                      ink_saver, bleed, preset)
    the_plan = _planned(request)
    _check_out(out)  # creates nothing: a run that fails before writing leaves no empty folder either
    stale: list[Path] = []

    def before_writing() -> None:
        """Every job is laid out: make the folder, clear a crashed run's leftovers."""
        check()  # a signal dropped while laying out: stop before the first file
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise OutputError(f"cannot create the output folder {shown(out)}: {e.strerror or e}") from None
        stale.extend(remove_stale_parts(out))

    jobs, cards = the_plan.jobs, the_plan.cards
    start = time.perf_counter()
    start_ns = time.time_ns() - 50_000_000  # file times come from a coarse clock
    written: list[Path] = []
    pages = 0
    reports = []
    # progress: a bar with files and pages on a terminal, a line per file otherwise, nothing with --quiet
    show_bar = not quiet and sys.stdout.isatty()
    announced: set[Path] = set()
    bar = click.progressbar(length=len(jobs), label="rendering", item_show_func=lambda s: s,
                            file=None if show_bar else open(os.devnull, "w"))

    def on_file(path: Path) -> None:
        announced.add(path)
        if show_bar:
            bar.current_item = f"{len(announced)} files" + (f", {pages} pages done" if pages else "")
            bar.render_progress()
        elif not quiet:
            click.echo(f"wrote {shown(path)}")

    results = render_all(jobs, out, formats, dpi, validate, workers or default_workers(len(jobs)), cards, on_file,
                         before_writing)
    try:
        with bar:
            for result in results:
                for f in result.files:  # from worker processes, files are heard of with their job
                    if f not in announced:
                        on_file(f)
                written += result.files
                pages += result.pages
                bar.update(1, f"{len(written)} files, {pages} pages done")
                reports += result.reports
                check()  # a signal Python had to drop on the way
        _finished = _what_was_kept(len(written), out)
        check()
    except Interrupted as e:
        _stopped(results, out, jobs, start_ns, written, e.signum)
    except UsageError as e:
        results.close()
        raise click.UsageError(str(e)) from None
    except PnpError as e:  # WorkerLost, OutputError (a full disk), ...: say what is on disk
        if interrupts.pending is not None:  # a worker stopped by the same Ctrl-C: the signal is the news
            _stopped(results, out, jobs, start_ns, written, interrupts.pending)
        results.close()
        remove_stale_parts(out)
        kept = _kept(out, jobs, start_ns, written)
        what = f"kept the {kept} finished file(s) in {shown(out)}" if kept else "no file was written"
        _fail(f"{e}; {what}; no partial file was left behind")
    except Exception:
        if interrupts.pending is None:
            raise
        # a stop signal that came during a C call's argument conversion reaches us as that call's error
        # (ctypes.ArgumentError "argument 1: Interrupted: 2", from PDFium): the signal is the news
        _stopped(results, out, jobs, start_ns, written, interrupts.pending)
    finally:
        results.close()
    _summary(reports, len(written), pages, out, time.perf_counter() - start, stale, quiet, preset, formats)


def _planned(request: Any) -> Any:
    """The run's jobs (pnp.plan), or the error line and exit."""
    from pnp.interrupts import Interrupted
    from pnp.plan import plan

    try:
        return plan(request)
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    except PnpError as e:
        _fail(str(e))
    except Interrupted as e:
        _fail(_interrupted(e.signum, "no file was finished"), 128 + e.signum)


def _summary(reports: list[Any], written: int, pages: int, out: Path, seconds: float, stale: list[Path], quiet: bool,
             preset: str | None, formats: tuple[str, ...]) -> None:
    """What the run made and how the checks went; exit 1 if a file failed them."""
    failed = [r for r in reports if not r.ok]
    if not quiet:
        if stale:
            click.echo(f"removed {len(stale)} .part file(s) a crashed run had left in {shown(out)}")
        if reports:
            from pnp.validation.report import summary_line

            for r in reports:
                click.echo(f"{'ok  ' if r.ok else 'FAIL'}  {shown(r.file)}  ({len(r.checks)} checks)")
            click.echo(summary_line(reports))
        click.echo(f"wrote {written} files ({pages} pages) to {shown(out)} in {seconds:.2f} s")
        if preset is not None and Format.CARDS in formats:
            from pnp.presets import get_preset

            caveat = get_preset(preset).caveat
            if caveat:
                click.echo(f"note: --preset {preset}: {caveat}")
    for r in failed:
        for line in r.problems():
            click.echo(one_line(line), err=True)
        click.echo(f"Error: a file failed its checks: kept as {shown(r.file)} for inspection, not under its final name",
                   err=True)
    if failed:
        sys.exit(1)


def _stopped(results: Any, out: Path, jobs: list[tuple[Any, Options]], start_ns: int, written: list[Path],
             signum: int) -> None:
    from pnp.atomic import remove_stale_parts

    results.close()  # stops the workers; each removes its .part
    remove_stale_parts(out)
    kept = _kept(out, jobs, start_ns, written)
    _fail(_interrupted(signum, _what_was_kept(kept, out)), 128 + signum)


def _what_was_kept(kept: int, out: Path) -> str:
    return f"kept the {kept} finished file(s) in {shown(out)}" if kept else "no file was finished"


def _interrupted(signum: int, what: str) -> str:
    name = {2: "Ctrl-C (SIGINT)", 15: "SIGTERM", 1: "SIGHUP"}.get(signum, f"signal {signum}")
    return f"interrupted by {name}: {what}; no partial file was left behind"


# What a render has written once its files are all done: a signal after that
# (while the summary prints, or as the command returns) still says it.
_finished: str | None = None


def _check_out(out: Path) -> None:
    """The output folder can be written, or created in the nearest folder
    that exists; one line if not. Nothing is created here."""
    where = out
    while not os.path.lexists(where) and where != where.parent:
        where = where.parent
    if not where.is_dir():
        _fail(f"cannot create the output folder {shown(out)}: {shown(where)} is not a folder")
    if not os.access(where, os.W_OK | os.X_OK):
        read_only = bool(os.statvfs(where).f_flag & os.ST_RDONLY)
        verb = "write to" if where == out else "create"
        _fail(f"cannot {verb} the output folder {shown(out)}: {'read-only file system' if read_only else 'permission denied'}")


def _kept(out: Path, jobs: list[tuple[Any, Options]], start_ns: int, written: list[Path]) -> int:
    """Files of this run that were finished before it stopped: those reported
    done, and those a stopped worker had already renamed into place (in the
    output folder, or in a cards folder of one of the run's kits)."""
    from pnp.atomic import PART
    from pnp.naming import cards_prefix, file_stem

    stems = {file_stem(kit.id, o) for kit, o in jobs} | {cards_prefix(kit.id, o.lang) for kit, o in jobs}
    found = set(written)
    todo = [(out, 0)]
    while todo:
        folder, depth = todo.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for e in entries:
            path = Path(e.path)
            top = path.relative_to(out).parts[0]
            if not any(top.startswith(stem + c) or top == stem for stem in stems for c in ".-"):
                continue
            try:
                if e.is_dir(follow_symlinks=False):
                    if depth < 2:
                        todo.append((path, depth + 1))
                elif not PART.match(e.name) and e.stat(follow_symlinks=False).st_mtime_ns >= start_ns:
                    found.add(path)
            except OSError:
                pass
    return len(found)


@main.command("validate")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path, readable=False))
@click.option("--json", "as_json", is_flag=True, help="Print a machine-readable report.")
@click.option("--quiet", "-q", is_flag=True, help="Print only problems.")
@click.option("--kits", "kit_dirs", multiple=True, type=click.Path(path_type=Path, file_okay=False),
              help="A folder of kit folders (data kits) the files were made from.")
def validate_cmd(files: tuple[Path, ...], as_json: bool, quiet: bool, kit_dirs: tuple[Path, ...] = ()) -> None:
    """Check rendered kits against the rules (all PDFs in output/ if no FILE,
    and the print-shop PDFs and ZIPs in its <kit>-<lang>-cards folders)."""
    import json

    from pnp.datakit.folders import add_kits
    from pnp.naming import ZIP_SUFFIX
    from pnp.validate import validate_file
    from pnp.validation.report import report_table, summary_line

    try:
        add_kits((), kit_dirs)
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    out = Path("output")
    paths = list(files) or sorted(out.glob("*.pdf")) + sorted(p for p in out.glob("*-cards*/*")
                                                             if p.name.endswith((".pdf", ZIP_SUFFIX)))
    if not paths:
        raise click.UsageError("no PDF to validate: name files, or render into output/ first")
    for p in paths:
        if not os.path.lexists(p):
            raise click.UsageError(f"no such file: {shown(p)}")
    reports = [validate_file(p) for p in paths]  # an unreadable file is its own one-line verdict
    if as_json:
        click.echo(json.dumps([r.to_json() for r in reports], indent=2, ensure_ascii=False))
    else:
        for r in reports:
            if not quiet or not r.ok:
                click.echo(report_table(r))
        click.echo(summary_line(reports))
    if not all(r.ok for r in reports):
        sys.exit(1)
