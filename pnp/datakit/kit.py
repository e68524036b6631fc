"""The Kit of a data kit: its build, counts, text values and invariants,
all read from its data (pnp.datakit.DataSpec) through the registry of kinds."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from pnp.datakit import DataSpec, kit_options, load
from pnp.datakit.schema import game_schema
from pnp.kits import Context, Invariant, Kit
from pnp.layout.frame import Sheet
from pnp.modes import Backs
from pnp.options import Options

DataGame = game_schema()  # the schema of a data kit's game.toml (its checks are pnp.datakit.load's)


def expected(data: DataSpec, options: Options) -> dict[str, int]:
    from pnp.kinds import kind_of

    out: dict[str, int] = {}
    for comp in data.components:
        for key, n in kind_of(comp).expected(comp, options, data).items():
            out[key] = out.get(key, 0) + n
    return out


COMPOUNDING = ("nl", "de")  # languages that join a name into a compound with hyphens: "US-Letter-Papier"


DECIMAL_COMMA = ("nl", "de")  # languages that write 0,5 mm


def mm(value: float, lang: str) -> str:
    """A length in mm as a text writes it: 21, 22.5 (22,5 in Dutch and German)."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


INCH = 25.4  # mm
# A circle punch lands up to this far (mm) off a round piece's centre: the largest punch a text offers stays
# that far inside the colour's edge (hobby19b Ur 1: a 24 mm punch on a 24 mm colour left a white sliver).
PUNCH_SLIP = 1.0
# ... and a US punch, sold in eighths of an inch, may pass that largest size by this much (7/8 in, 22.2 mm,
# for 21 to 22 mm pieces still lands 0.9 mm off centre inside the colour)
EIGHTH_SLACK = 0.25


def inches(value: float, lang: str) -> str:
    """A length in mm written in inches to two places, as card is sold in
    the US by its thickness: 1 mm is 0.04 (0,04 in Dutch and German)."""
    text = f"{value / INCH:.2f}"
    return text.replace(".", ",") if lang in DECIMAL_COMMA else text


def punch_inches(low: float, high: float) -> str | None:
    """The smallest US circle punch, sold in eighths of an inch, that lies
    from `low` to `high` mm: "7/8" for 21 to 24 mm (22.2 mm; a 1 in punch,
    25.4 mm, is wider than the colour); None if none does."""
    for k in range(1, 8 * 12):
        if low <= k * INCH / 8 <= high:
            whole, part = divmod(k, 8)
            if not part:
                return f"{whole}"
            d = math.gcd(part, 8)
            frac = f"{part // d}/{8 // d}"
            return f"{whole} {frac}" if whole else frac
    return None


def sizes(data: DataSpec, lang: str) -> dict[str, str]:
    """Each pieces component's size as its texts may name it, read from the
    data: {<id>_mm}, its size across ("21"), and {<id>_colour_mm}, the
    size of its colour, which runs `bleed` mm past the cut all round ("24"):
    a punch between the two makes a whole piece."""
    out: dict[str, str] = {}
    for comp in data.components:
        if getattr(comp, "kind", None) == "pieces":
            d = comp.data
            out[f"{d.id}_mm"] = mm(d.size, lang)
            out[f"{d.id}_colour_mm"] = mm(d.size + 2 * d.bleed, lang)
    return out


def text_values(data: DataSpec, options: Options) -> dict[str, object]:
    """{paper} ("A4", "US Letter"; in Dutch and German "US-Letter", as
    the start of a compound: "{paper}-papier"), the player counts, the
    pieces' sizes (`sizes`), the lengths as measured on the paper's side
    of the Atlantic (`measures`) and the kit's own values."""
    paper = options.paper.name
    if options.lang in COMPOUNDING:
        paper = paper.replace(" ", "-")
    return {"paper": paper, "players_min": min(data.players), "players_max": max(data.players),
            **sizes(data, options.lang), **measures(data, options), **data.values}


def measures(data: DataSpec, options: Options) -> dict[str, str]:
    """The lengths a text names as a reader measures them, from the common
    catalog's forms: each of the data's `lengths` ({thick_card}: "1 mm";
    on US Letter "1 mm or 0.04 in"), or the kit catalog's own forms for one,
    `length_<name>` and `length_<name>_us`, from {mm}, {cm}, {inch} and
    {whole_inch} ({drop}: "20 cm"; on US Letter "20 cm (8 in)"), and for each round pieces component
    {<id>_punch}, the circle punch that cuts it ("21 to 22 mm": from the
    outline to PUNCH_SLIP mm inside the colour's edge, so that a punch
    that lands off the centre still leaves no white sliver; on US Letter
    with the US punch, "21 to 22 mm, such as 7/8 in", allowed EIGHTH_SLACK
    past the range's end)."""
    from pnp.i18n import load_catalog

    lang, us = options.lang, options.paper.id == "letter"
    cat = load_catalog(data.id, lang, folder=data.folder)
    out = {}
    for name, v in data.lengths.items():
        form = f"length_{name}" if f"length_{name}" in cat.strings else "length"  # a length's own form, else the common
        out[name] = cat.text(form + ("_us" if us else ""), mm=mm(v, lang), cm=mm(v / 10, lang), inch=inches(v, lang),
                             whole_inch=f"{round(v / INCH)}")
    for comp in data.components:
        if getattr(comp, "kind", None) == "pieces":
            d = comp.data
            low = d.size
            high = max(low, d.size + 2 * (d.bleed - PUNCH_SLIP))
            inch = punch_inches(low, high + EIGHTH_SLACK) if us else None
            out[f"{d.id}_punch"] = cat.text("punch_us" if inch else "punch", low=mm(low, lang), high=mm(high, lang),
                                            inch=inch or "")
    return out


def invariants(data: DataSpec) -> list[Invariant]:
    from pnp.options import Options as Opts
    from pnp.paper import PAPERS

    paper = next(iter(PAPERS.values()))
    out: list[Invariant] = [
        ("players ascend", list(data.players) == sorted(set(data.players)), f"{data.players}"),
        ("at least one component", bool(data.components), f"{len(data.components)} components"),
    ]
    for n in data.players:
        counts = expected(data, Opts("en", paper, n, Backs.DUPLEX_LONG))
        empty = [k for k, v in counts.items() if v <= 0]
        out.append((f"every component is there for {n} players", not empty, f"none of {', '.join(empty)}"))
    return out


def build(ctx: Context) -> list[Sheet]:
    from pnp.kinds import Build, kind_of

    data: DataSpec = ctx.spec
    counts = expected(data, ctx.options)
    groups: list[list[Any]] = []
    for comp in data.components:
        kind = kind_of(comp)
        if groups and kind.packs and kind_of(groups[-1][0]) is kind:
            groups[-1].append(comp)
        else:
            groups.append([comp])
    sheets: list[Sheet] = []
    for group in groups:
        sheets += kind_of(group[0]).sheets(group, Build(ctx, data, counts, len(sheets)))
    return sheets


def make(folder: Path, source: str, in_templates: bool = False) -> Kit:
    """The Kit of the data in `folder`. A kit in templates/ is read from
    there each time (pnp.paths.TEMPLATES, as the built-in kits are), so it
    has no folder of its own; one from elsewhere keeps its folder."""
    kit_id = folder.name

    def load_spec(templates: Path | None = None) -> DataSpec:
        if templates is None and in_templates:
            from pnp import paths

            templates = paths.TEMPLATES
        return load(folder if templates is None else templates / kit_id)

    return Kit(id=kit_id, load_spec=load_spec, build=build, text_values=text_values, expected=expected,
               invariants=invariants, options=kit_options(folder), folder=None if in_templates else folder,
               source=source)
