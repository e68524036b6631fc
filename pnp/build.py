"""The pipeline: options -> game spec -> sheets -> framed pages -> files.

Everything up to `build_pages` is pure data; renderers turn pages into
bytes, and pnp.atomic puts them on disk without ever leaving half a file
behind.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.geometry import RGB, Page, map_colours
from pnp.i18n import Catalog
from pnp.kits import Context, Kit
from pnp.layout.frame import frame
from pnp.modes import KitOption, Paint, Variant
from pnp.naming import kit_claim
from pnp.options import Options
from pnp.paper import Paper
from pnp.textflow import Measure


@dataclass(frozen=True)
class Built:
    kit: Kit
    options: Options
    pages: list[Page]
    title: str
    subject: str
    credits: str
    keywords: str


def greyscale(rgb: RGB, _paint: Paint) -> RGB:
    y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    return (y, y, y)


def ink_saver(rgb: RGB, paint: Paint) -> RGB:
    """Fills become light tints (black fills a mid grey); lines keep their
    ink and white lettering turns black, so every outline, symbol and word is
    still there."""
    if paint is Paint.TEXT and min(rgb) > 0.9:
        return (0.0, 0.0, 0.0)  # white lettering would vanish on a light tint
    if paint is not Paint.FILL:
        return rgb
    if max(rgb) < 0.05:
        return (0.55, 0.55, 0.55)
    return tuple(1.0 - 0.3 * (1.0 - c) for c in rgb)  # type: ignore[return-value]


VARIANT_FNS = {Variant.GREYSCALE: greyscale, Variant.INK_SAVER: ink_saver}


def apply_variant(pages: list[Page], variant: Variant) -> list[Page]:
    fn = VARIANT_FNS.get(variant)
    if fn is None:
        return pages
    return [replace(p, items=map_colours(p.items, fn)) for p in pages]


def scale_sentence(cat: Catalog, paper: Paper) -> str:
    """"Print at 100 % ...: this bar must measure 50 mm", in the catalog's
    language and number format."""
    return cat.text("scale_check", length=cat.text(paper.scale_key))


def build_pages(kit: Kit, options: Options, measure: Measure) -> Built:
    from pnp.fonts import check_glyphs

    spec = kit.load_spec()
    cat = kit.catalog(options.lang)
    check_glyphs(cat)  # a character the fonts lack would print as an empty box
    sheets = kit.build(Context(options, cat, measure, spec))
    paper = options.paper
    title = cat.text("title")
    pages = frame(
        sheets,
        paper,
        title,
        cat.text("language_name"),
        str(cat.raw("page")),
        scale_sentence(cat, paper),
        measure,
    )
    pages = apply_variant(pages, options.variant)
    values = kit.text_values(spec, options)
    subject = cat.text("subtitle", **values) if "subtitle" in cat.strings else title
    credits = cat.text("credits") if "credits" in cat.strings else "pnp"
    return Built(kit, options, pages, f"{title} ({cat.text('language_name')}, {paper.name})", subject, credits,
                 kit_claim(kit.id, KitOption.BACKS in kit.options, options, len(pages)).keywords())
