"""From what a user asked for to the jobs that make it: the checks across
options and the plan of (kit, Options) jobs, outside the command line so
that any front end (the CLI, a script, a test) gets the same answers.

`plan(request)` raises UsageError for a request that does not make sense
(an option a kit does not take, two options that exclude each other) and
PnpError for bad kit data, before anything is written. Which options each
kit takes is its `Kit.options`; a kit gets only those, so nothing it ignores
is in its file name. Print-shop pieces do not depend on the paper: a run of
`--format cards` alone makes them once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.errors import UsageError
from pnp.modes import Backs, Format, KitOption, Variant

if TYPE_CHECKING:
    from pnp.formats import CardOptions
    from pnp.kits import Kit
    from pnp.options import Options

ALL = "all"


@dataclass(frozen=True)
class Request:
    """What the user asked for, as given (`backs_given`, `dpi_given`: typed
    rather than left at their defaults)."""

    kits: tuple[str, ...]  # kit ids; () for every kit
    lang: str = ALL
    paper: str = ALL
    players: int | None = None
    backs: str = Backs.DUPLEX_LONG
    backs_given: bool = False
    back_offset: tuple[float, float] | None = None
    formats: tuple[str, ...] = (Format.PDF,)
    dpi: int = 150
    dpi_given: bool = False
    greyscale: bool = False
    ink_saver: bool = False
    bleed: float | None = None
    preset: str | None = None


@dataclass(frozen=True)
class Plan:
    jobs: list[tuple[Kit, Options]]
    cards: CardOptions


def languages() -> tuple[str, ...]:
    from pnp.i18n import languages as found

    return found()


def _check_choices(req: Request) -> None:
    """The checks that need no kit: names from the registries, and options
    that exclude each other."""
    from pnp.paper import PAPERS

    if req.lang != ALL and req.lang not in languages():
        raise UsageError(f"unknown language {req.lang!r}; choose from {', '.join(languages())} or all")
    if req.paper != ALL and req.paper not in PAPERS:
        raise UsageError(f"unknown paper {req.paper!r}; choose from {', '.join(PAPERS)} or all")
    if req.greyscale and req.ink_saver:
        raise UsageError("--greyscale and --ink-saver exclude each other; choose one")


def _check_backs(req: Request, chosen: list[Kit]) -> None:
    for flag, given in (("--backs", req.backs_given), ("--back-offset", req.back_offset is not None)):
        if given and not any(KitOption.BACKS in k.options for k in chosen):
            raise UsageError(f"{flag}: {', '.join(k.id for k in chosen)} has no card backs")
    if req.back_offset is not None and not Backs(req.backs).is_duplex:
        raise UsageError(f"--back-offset shifts duplex backs; --backs {req.backs} has none to shift")


def _card_options(req: Request) -> CardOptions:
    from pnp.formats import CardOptions

    if (req.bleed is not None or req.preset is not None) and Format.CARDS not in req.formats:
        raise UsageError("--bleed and --preset are for --format cards")
    if req.preset is not None:
        from pnp.presets import get_preset

        get_preset(req.preset)
        if req.dpi_given or req.bleed is not None:
            raise UsageError(f"--preset {req.preset} sets the bleed and resolution; leave out --dpi and --bleed")
    return CardOptions(req.bleed, req.preset, req.dpi if req.dpi_given else None)


def check_inputs(chosen: list[Kit], langs: tuple[str, ...]) -> dict[str, Any]:
    """Every kit's game facts and every catalog (keys, placeholders, braces,
    glyphs the fonts have), before anything is written: a run that fails
    here leaves the output folder as it was."""
    from pnp import hyphenation
    from pnp.fonts import check_glyphs

    hyphenation.check_table()  # a damaged table is one line now, not a traceback after some files
    specs = {}
    for kit in chosen:
        specs[kit.id] = kit.facts()
        if not kit.languages(langs):
            have = kit.languages(languages())
            if not have:
                raise UsageError(f"{kit.id} has no texts: lang/en.toml is missing (English is the reference)")
            raise UsageError(f"{kit.id} has no {', '.join(langs)} texts (lang/{langs[0]}.toml); it has "
                             f"{', '.join(have)}")
        for lg in kit.languages(langs):
            check_glyphs(kit.catalog(lg))
    return specs


def _for_players(req: Request, chosen: list[Kit], specs: dict[str, Any]) -> list[Kit]:
    """The kits for --players N: a kit named is an error if it is not for N
    players; of every kit, those that are."""
    if req.players is None:
        return chosen
    for kit in chosen:
        counts = kit.player_counts(specs[kit.id])
        if req.players not in counts and (req.kits or KitOption.PLAYERS in kit.options):
            span = f"{min(counts)}-{max(counts)}" if len(counts) > 1 else str(counts[0])
            raise UsageError(f"--players {req.players}: {kit.id} is for {span} players")
    return chosen if req.kits else [k for k in chosen if req.players in k.player_counts(specs[k.id])]


def jobs_for(req: Request, chosen: list[Kit], langs: tuple[str, ...]) -> list[tuple[Kit, Options]]:
    """A job for every kit, language and paper; each kit gets only the options it takes."""
    from pnp.options import Options
    from pnp.paper import PAPERS, get_paper

    papers = tuple(PAPERS) if req.paper == ALL else (req.paper,)
    if tuple(req.formats) == (Format.CARDS,):
        papers = papers[:1]  # print-shop pieces do not depend on the paper: make them once
    variant = Variant.GREYSCALE if req.greyscale else Variant.INK_SAVER if req.ink_saver else Variant.COLOUR
    jobs = []
    for kit in chosen:
        takes_backs = KitOption.BACKS in kit.options
        backs = Backs(req.backs) if takes_backs else Backs.DUPLEX_LONG
        offset = req.back_offset if takes_backs and req.back_offset and backs.is_duplex else (0.0, 0.0)
        players = req.players if KitOption.PLAYERS in kit.options else None
        for lg in kit.languages(langs):
            for pp in papers:
                jobs.append((kit, Options(lg, get_paper(pp), players, backs, offset, variant)))
    return jobs


def plan(req: Request) -> Plan:
    """The jobs a request makes, every check done first (see the module's doc)."""
    from pnp.kits import get_kit, registry

    _check_choices(req)
    chosen = [get_kit(k) for k in dict.fromkeys(req.kits)] if req.kits else list(registry().values())
    _check_backs(req, chosen)
    cards = _card_options(req)
    langs = languages() if req.lang == ALL else (req.lang,)
    specs = check_inputs(chosen, langs)
    chosen = _for_players(req, chosen, specs)
    return Plan(jobs_for(req, chosen, langs), cards)
