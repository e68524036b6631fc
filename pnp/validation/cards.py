"""The print-shop files (`--format cards`) judged as a print shop's
preflight and a printer judge them.

A cards PDF says what deck it is (its keywords, pnp.naming.DeckClaim); the
validator builds that deck itself and reads the file back page by page
with PDFium: the page count and the claimed piece count, the page boxes in
mm (MediaBox = BleedBox = trim + bleed, TrimBox the piece), each page
printing the piece the deck has there (rasterised and compared with the
deck's own pages, so a front and a back swapped, a piece painted over or
moved all show), every piece's ink (a blank page, a white box, a component
that prints nothing or stands outside its trim), art that reaches the trim
running on to the bleed edge (no white sliver where the knife drifts),
text and symbols inside the safe zone, and every font embedded.

The PNGs (files or the ZIP) are judged against the PDF they come from:
one PNG per page in deck order under its name, the pixel size and the
resolution of the page at the export's dpi (the preset's, where there is
one), and each printing what its page prints (not blank where it has ink).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import ValidationError
from pnp.geometry import PT
from pnp.modes import Faces, KitOption, Variant
from pnp.naming import NO_PRESET, players_word
from pnp.validation.printed import band_range, clipped_bounds

if TYPE_CHECKING:
    from PIL import Image

    from pnp.deck import Deck
    from pnp.kits import Kit
    from pnp.naming import DeckClaim
    from pnp.presets import Preset
    from pnp.validation.report import Check, Report
    from pnp.validation.syntax import Syntax

DPI = 72  # 0.35 mm a pixel: a bleed of 3 mm is 8 px, a glyph of 6 pt a few px
INK = 240  # a pixel whose darkest channel is below this carries ink (white paper is 255)
DIFFER = 64  # grey levels a pixel may differ from the kit's own page (beyond its 3 x 3 neighbours)
MAX_WRONG = 0.0005  # ... on at most this share of a page's pixels (and at most WRONG_PX), antialiasing
WRONG_PX = 3
INK_SHARE = 0.2  # the ink of a quarter of a page may differ this much from the kit's (antialiasing at low dpi) ...
INK_FLOOR = 0.01  # ... plus this share of the quarter's pixels in full ink
BOX_TOL = 0.1  # mm: page boxes
TRIM_TOL = 0.5  # mm: a piece's ink may touch its trim, not cross it by more
EDGE_SHARE = 0.03  # of a side's length may be ink at the trim and white at the bleed edge (a line's antialiasing)
SAFE_TOL = 0.05  # mm
FIELD = 0.5  # mm: a path object this near the trim is a field or a frame, not a symbol
SHOWN = 3  # problems named per check
MAX_DEPTH = 8  # form XObjects inside forms that are read (pnp nests two)
NEAR = 8  # pages either side where a page that differs is looked for in the deck (a swap, a page lost)
PHYS_TOL = 0.013  # dpi: a PNG states whole pixels per metre (20 dpi is written 787 px/m, read 19.9898 dpi)


@dataclass
class _Found:
    """What one check found wrong, page by page."""

    problems: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.problems.append(text)

    def check(self, name: str, expected: str, ok_text: str = "as built") -> Check:
        from pnp.validation.report import Check

        bad = self.problems
        found = ok_text if not bad else "; ".join(bad[:SHOWN]) + (f"; and {len(bad) - SHOWN} more" if len(bad) > SHOWN else "")
        return Check(name, expected, found, not bad)


def _where(deck: Deck, n: int) -> str:
    """'page 29 (piece-dark-1-front)': a page and the piece the deck has there."""
    return f"page {n} ({deck.comps[n - 1].file_part})" if n <= len(deck.comps) else f"page {n} (no piece)"


def deck_from_claims(keywords: dict[str, str], kit: Kit) -> tuple[DeckClaim, Preset | None]:
    """The claim a cards PDF makes and the preset it names, checked against
    what pnp makes: one ValidationError line for a claim that is not."""
    from pnp.i18n import languages
    from pnp.naming import DeckClaim
    from pnp.presets import load_presets

    claim = DeckClaim.parse(keywords)
    if claim.lang not in languages():
        raise ValidationError(f"names an unknown language {claim.lang!r}; pnp writes {', '.join(languages())}")
    preset = None
    if claim.preset is not None:
        presets = load_presets()
        if claim.preset not in presets:
            raise ValidationError(f"names an unknown print-shop preset {claim.preset!r}; pnp knows {', '.join(presets)}")
        preset = presets[claim.preset]
        if abs(preset.bleed - claim.bleed) > 1e-6:
            raise ValidationError(f"claims a bleed of {claim.bleed:g} mm with the preset {preset.id}, whose bleed is "
                                  f"{preset.bleed:g} mm")
    counts = kit.player_counts(kit.load_spec())
    if claim.players is not None and (KitOption.PLAYERS not in kit.options or claim.players not in counts):
        span = f"{min(counts)}-{max(counts)}" if len(counts) > 1 else str(counts[0])
        raise ValidationError(f"claims to be for {claim.players} players, but {kit.id} is for {span} players"
                              + ("" if KitOption.PLAYERS in kit.options else " and has no pieces per player count"))
    if claim.fronts_only and KitOption.BACKS not in kit.options:
        raise ValidationError(f"claims card fronts without backs, but {kit.id} has no cards with backs")
    return claim, preset


def validate_deck(data: bytes, syntax: Syntax, keywords: dict[str, str], kit: Kit, report: Report,
                  deck: Deck | None = None) -> Deck:
    """Check a cards PDF (its bytes, read by pikepdf as `syntax`) against
    the deck it claims to be; `deck` is the one render just built (no
    second build when it matches the claims). Returns the deck."""
    from pnp.deck import build_deck, claimed_options
    from pnp.validation.checks import shared_measurer, structure_checks
    from pnp.validation.printed import read_printed
    from pnp.validation.report import Check

    claim, preset = deck_from_claims(keywords, kit)
    # render hands over the deck it has just rendered `data` from: those bytes are the deck's own
    rendered_here = deck is not None and deck.keywords == syntax.keywords
    if deck is None or not rendered_here:
        deck = build_deck(kit, claimed_options(claim, kit), shared_measurer(), claim.bleed, preset)
    report.info = {"kit": kit.id, "lang": claim.lang, "format": "cards", "preset": claim.preset or NO_PRESET,
                   "bleed": f"{claim.bleed:g} mm", "players": players_word(claim.players),
                   "faces": Faces.of(claim.fronts_only), "variant": claim.variant}
    checks = report.checks
    n_pages = syntax.pages
    checks.append(Check("pieces (pages)", str(len(deck.pages)), str(n_pages), n_pages == len(deck.pages)))
    checks.append(Check("piece count the file claims", str(n_pages), str(claim.pieces), claim.pieces == n_pages))

    printed = read_printed(data, want_colour=claim.variant is Variant.GREYSCALE)
    seen = _read_pages(data, deck, rendered_here)
    checks.extend(_page_checks(deck, seen, printed))
    for c in structure_checks(deck, printed):  # type: ignore[arg-type]  # it reads .pages only
        checks.append(c if c.component != "paper size" else Check("page size", "each page as the deck builds it",
                                                                    c.found, c.ok))
    invisible = sum(p.hidden_text for p in printed)
    checks.append(Check("text that prints", "all", "all" if not invisible else f"{invisible} text runs print nothing "
                        "(invisible, covered, or off the page)", not invisible))
    if claim.variant is Variant.GREYSCALE:
        coloured = [n for n, p in enumerate(printed, 1) if p.colour]
        checks.append(Check("greyscale: no colour", "no colour on any page",
                            "none" if not coloured else f"colour on page(s) {', '.join(map(str, coloured[:6]))}",
                            not coloured))
    return deck


# ---- the file's pages, read once ------------------------------------------------------------------------------------

@dataclass
class _Page:
    """One page as PDFium reads and draws it (boxes in pt, PDF space)."""

    media: tuple[float, float, float, float]
    trim: tuple[float, float, float, float] | None
    bleed: tuple[float, float, float, float] | None
    rotated: bool
    rgb: Image.Image  # the page drawn at DPI (its crop box)
    ink: Image.Image  # the darkest channel of each of its pixels
    origin: tuple[float, float]  # the crop box's left and top, pt
    chars: list[tuple[str, tuple[float, float, float, float]]]  # visible glyphs and their boxes
    paths: list[tuple[float, float, float, float]]  # every path object's box
    loose_fonts: set[str]  # fonts the page's text uses that are not embedded
    differs: str = ""  # how the page differs from the deck's, in words ("": it does not, or was not compared)
    nearest: int = 0  # for a page that differs: the deck page it prints, if any (1-based)


def _darkest(image: Image.Image) -> Image.Image:
    from PIL import ImageChops

    if image.mode == "L":
        return image
    r, g, b = image.convert("RGB").split()[:3]
    return ImageChops.darker(ImageChops.darker(r, g), b)


def _raster(page: Any, dpi: float = DPI) -> Image.Image:
    """The page drawn in RGB at `dpi`, on white, in PDFium's print mode."""
    return page.render(scale=dpi / 72, may_draw_forms=False, fill_color=(255, 255, 255, 255),
                       optimize_mode="print").to_pil().convert("RGB")  # as a printer draws it (optional content)


def _read_pages(data: bytes, deck: Deck, rendered_from_deck: bool) -> list[_Page]:
    """Every page of the file, and how far each differs from the deck's
    own page (rendered from the deck, unless the file is those very bytes:
    `rendered_from_deck`, or the same bytes as the deck renders)."""
    import pypdfium2.raw as raw

    from pnp import pdfpages
    from pnp.render.pdf import PdfMeta, render_pdf

    genuine_bytes = None
    if not rendered_from_deck:
        meta = PdfMeta(deck.title, deck.title, deck.credits, deck.keywords, deck.claim.lang)
        genuine_bytes = render_pdf(deck.pages, meta)
    pages: list[_Page] = []
    refs: list[Image.Image] = []
    with pdfpages.document(data) as doc:
        for i in range(len(doc)):
            with pdfpages.page(doc, i) as page:
                pages.append(_read_page(page, raw))
    if genuine_bytes is not None and genuine_bytes != data:
        with pdfpages.document(genuine_bytes) as genuine:
            for i in range(len(genuine)):
                with pdfpages.page(genuine, i) as page:
                    refs.append(_raster(page))
        named = 0
        for i, p in enumerate(pages):
            p.differs = _differs(p.rgb, refs[i]) if i < len(refs) else "as a page the deck does not have"
            if p.differs and named < SHOWN:
                # the piece it prints instead, for the pages the report names: the nearest deck page within
                # NEAR that matches (on a tie the next: a page lost moves the rest up)
                named += 1
                near = sorted((j for j in range(max(0, i - NEAR), min(len(refs), i + NEAR + 1)) if j != i),
                              key=lambda j: (abs(j - i), j < i))
                p.nearest = next((j + 1 for j in near if not _differs(p.rgb, refs[j])), 0)
    return pages


def _read_page(page: Any, raw: Any) -> _Page:
    import ctypes

    def box(b: Any) -> tuple[float, float, float, float] | None:
        return None if b is None else (min(b[0], b[2]), min(b[1], b[3]), max(b[0], b[2]), max(b[1], b[3]))

    media = box(page.get_mediabox())
    assert media is not None
    crop = box(page.get_cropbox())
    assert crop is not None
    rgb = _raster(page)
    out = _Page(media, box(page.get_trimbox(fallback_ok=False)), box(page.get_bleedbox(fallback_ok=False)),
                page.get_rotation() != 0, rgb, _darkest(rgb), (crop[0], crop[3]), [], [], set())
    from pnp import pdfpages

    with pdfpages.text_page(page) as text:
        for c in range(text.count_chars()):
            ch = text.get_text_range(c, 1)
            if ch.strip():
                out.chars.append((ch, text.get_charbox(c)))
    name = ctypes.create_string_buffer(256)
    bounds = [ctypes.c_float() for _ in range(4)]
    matrix = raw.FS_MATRIX()

    def walk(parent: Any, count: int, get: Any, place: tuple[float, ...] | None, depth: int) -> None:
        """The objects a page or a form draws; an object in a form XObject
        has its bounds in the form's space, which `place` puts on the page."""
        for k in range(count):
            obj = get(parent, k)
            kind = raw.FPDFPageObj_GetType(obj)
            if kind == raw.FPDF_PAGEOBJ_PATH:
                if raw.FPDFPageObj_GetBounds(obj, *(ctypes.byref(b) for b in bounds)):
                    box = clipped_bounds(raw, obj, (bounds[0].value, bounds[1].value, bounds[2].value, bounds[3].value))
                    if box is not None:  # what is clipped away is not there
                        out.paths.append(box if place is None else _placed(place, box))
            elif kind == raw.FPDF_PAGEOBJ_TEXT:
                font = raw.FPDFTextObj_GetFont(obj)
                if font and not raw.FPDFFont_GetIsEmbedded(font):
                    n = raw.FPDFFont_GetBaseFontName(font, name, len(name))
                    out.loose_fonts.add(name.value.decode("latin-1", "replace") if n else "?")
            elif kind == raw.FPDF_PAGEOBJ_FORM and depth < MAX_DEPTH:
                raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(matrix))
                own = (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)
                inner = own if place is None else _then(own, place)
                walk(obj, raw.FPDFFormObj_CountObjects(obj), raw.FPDFFormObj_GetObject, inner, depth + 1)

    handle = page.raw
    walk(handle, raw.FPDFPage_CountObjects(handle), raw.FPDFPage_GetObject, None, 0)
    return out


def _then(m: tuple[float, ...], n: tuple[float, ...]) -> tuple[float, ...]:
    """m, then n (PDF row vectors: p' = p m n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def _placed(m: tuple[float, ...], box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    a, b, c, d, e, f = m
    pts = [(a * x + c * y + e, b * x + d * y + f) for x in (box[0], box[2]) for y in (box[1], box[3])]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def _differs(found: Image.Image, want: Image.Image) -> str:
    """How `found` differs from `want` (RGB images) in words ("" if it
    does not): in pixels with a channel more than DIFFER levels outside the
    range of the same channel in the pixel's 3 x 3 neighbourhood in `want`
    (so a shift of one pixel, or antialiasing, is not a difference), on
    more than a few of them; or in the ink of a quarter of the image, by
    more than INK_SHARE (a thin line gone, which its white neighbours would
    hide from the first test)."""
    from PIL import ImageChops

    if found.size != want.size:
        return f"in size ({found.width} x {found.height} px against {want.width} x {want.height} px)"
    low, high = _spread(want)
    r, g, b = ImageChops.lighter(ImageChops.subtract(low, found), ImageChops.subtract(found, high)).split()
    off = ImageChops.lighter(ImageChops.lighter(r, g), b)
    wrong = off.point(lambda v: 255 if v > DIFFER else 0).histogram()[255]
    w, h = found.size
    if wrong > max(WRONG_PX, round(MAX_WRONG * w * h)):
        return f"on {100 * wrong / (w * h):.1f} % of its area"
    ink_found, ink_want = _darkest(found), _darkest(want)
    quarters = 0
    for box in ((0, 0, w // 2, h // 2), (w // 2, 0, w, h // 2), (0, h // 2, w // 2, h), (w // 2, h // 2, w, h)):
        a, b_ = _ink(ink_found.crop(box)), _ink(ink_want.crop(box))
        if abs(a - b_) > INK_SHARE * max(a, b_) + INK_FLOOR * (box[2] - box[0]) * (box[3] - box[1]):
            quarters += 1
    return f"in the ink of {quarters} quarter(s) of it (a line or a mark gone or added)" if quarters else ""


def _spread(image: Image.Image) -> tuple[Image.Image, Image.Image]:
    """The least and the most of each channel over each pixel's 3 x 3
    neighbourhood (separable: along the rows, then the columns; at the
    image's edge the neighbour is taken from the opposite edge, which only
    widens the range)."""
    from PIL import ImageChops

    def along(im: Image.Image, pick: Any, dx: int, dy: int) -> Image.Image:
        return pick(pick(ImageChops.offset(im, dx, dy), im), ImageChops.offset(im, -dx, -dy))

    darker, lighter = ImageChops.darker, ImageChops.lighter
    return (along(along(image, darker, 1, 0), darker, 0, 1), along(along(image, lighter, 1, 0), lighter, 0, 1))


def _ink(image: Image.Image) -> float:
    """The ink of an image: how far its pixels are from white, summed (in
    full-ink pixels)."""
    hist = image.histogram()
    return sum((255 - v) * n for v, n in enumerate(hist[:256])) / 255




# ---- the checks of the pages ----------------------------------------------------------------------------------------

def _page_checks(deck: Deck, seen: list[_Page], printed: list[Any]) -> list[Check]:
    from pnp.geometry import Box
    from pnp.validation.printed import BLANK

    boxes, order, ink, inside, edges, safe, fonts = (_Found() for _ in range(7))
    for n, (p, built) in enumerate(zip(seen, deck.pages, strict=False), 1):
        where = _where(deck, n)
        trim = built.trim
        assert trim is not None
        _box_checks(p, built.width, built.height, trim, where, boxes)
        if p.differs:
            if p.nearest:
                order.add(f"{where} prints {deck.comps[p.nearest - 1].file_part} (the deck's page {p.nearest})")
            else:
                order.add(f"{where} differs from the deck's piece {p.differs}")
        if p.trim is None:
            continue
        tx0, ty0, tx1, ty1 = _pixels(p, p.trim)
        inner = p.ink.crop((tx0, ty0, tx1, ty1))
        if band_range(inner)[0] >= INK:
            ink.add(f"{where} prints nothing inside its trim")
        elif n <= len(printed):
            for c in printed[n - 1].components:
                if not c.visible:
                    why = "stands outside the page" if c.why != BLANK else \
                        "prints blank or one flat colour where it stands (covered or clipped)"
                    ink.add(f"{where}: {c.kind}:{c.value} {why}")
        if n <= len(printed):
            # the trim, or as far as the deck's own piece reaches (art run on into the bleed), in pt
            area = _reach(built, p, p.trim)
            tol = TRIM_TOL / PT
            for c in printed[n - 1].components:
                b = c.box
                if c.visible and (b[0] < area[0] - tol or b[1] < area[1] - tol or b[2] > area[2] + tol
                                  or b[3] > area[3] + tol):
                    inside.add(f"{where}: {c.kind}:{c.value} reaches {_beyond(b, area):.1f} mm past its trim")
        _edge_check(p, where, edges)
        _safe_check(p, Box(*p.trim[:2], p.trim[2] - p.trim[0], p.trim[3] - p.trim[1]), deck.safe, where, safe)
        if p.loose_fonts:
            fonts.add(f"{where} uses {', '.join(sorted(p.loose_fonts))}")
    w_mm, h_mm = (deck.pages[0].trim.w, deck.pages[0].trim.h) if deck.pages and deck.pages[0].trim else (0, 0)
    bleed = deck.claim.bleed
    return [
        boxes.check("page boxes (mm)", f"TrimBox the piece (first {w_mm:.1f} x {h_mm:.1f} mm) at {bleed:g} mm "
                    f"inside MediaBox = BleedBox", "as built"),
        order.check("deck order: each page prints its piece", "the deck's piece on every page, fronts and backs in "
                    "order", "as built"),
        ink.check("ink on every piece", "every piece and its components print", "all print"),
        inside.check("pieces inside their trim", f"within {TRIM_TOL:g} mm of the TrimBox", "all inside"),
        edges.check("art runs on to the bleed edge", "ink at the trim reaches the page edge", "no white sliver"),
        safe.check("safe zone", f"text and symbols at least {deck.safe:g} mm inside the trim", "all inside"),
        fonts.check("fonts embedded", "every font the text uses", "all embedded"),
    ]


def _pixels(p: _Page, box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """A box in pt (PDF space) as pixel bounds on the page's raster."""
    s = DPI / 72
    left, top = p.origin
    w, h = p.ink.size
    x0, x1 = round((box[0] - left) * s), round((box[2] - left) * s)
    y0, y1 = round((top - box[3]) * s), round((top - box[1]) * s)
    return max(0, x0), max(0, y0), min(w, x1), min(h, y1)


def _reach(built: Any, p: _Page, trim: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The trim box (pt, PDF space) grown to cover every component of the
    deck's own page (in mm, y down: art the deck itself runs into the bleed)."""
    from pnp.geometry import Group, apply, extent, tagged

    x0, y0, x1, y1 = trim
    left, top = p.media[0], p.media[3]
    for g, m in tagged(built.items):
        e = extent(Group(g.items, clip=g.clip))  # in the group's own space (its clip too), which m places on the page
        if e is None:
            continue
        pts = [apply(m, x, y) for x in (e[0], e[2]) for y in (e[1], e[3])]
        xs, ys = [left + q[0] / PT for q in pts], [top - q[1] / PT for q in pts]
        x0, y0, x1, y1 = min(x0, *xs), min(y0, *ys), max(x1, *xs), max(y1, *ys)
    return (x0, y0, x1, y1)


def _beyond(b: tuple[float, ...], trim: tuple[float, ...]) -> float:
    return max(trim[0] - b[0], trim[1] - b[1], b[2] - trim[2], b[3] - trim[3]) * PT


def _box_checks(p: _Page, w: float, h: float, trim: Any, where: str, found: _Found) -> None:
    mx0, my0, mx1, my1 = p.media
    if p.rotated:
        found.add(f"{where} is rotated")
    size = ((mx1 - mx0) * PT, (my1 - my0) * PT)
    if abs(size[0] - w) > BOX_TOL or abs(size[1] - h) > BOX_TOL:
        found.add(f"{where} is {size[0]:.2f} x {size[1]:.2f} mm, not {w:.2f} x {h:.2f} mm")
    if p.bleed is None:
        found.add(f"{where} has no BleedBox")
    elif max(abs(a - b) for a, b in zip(p.bleed, p.media, strict=True)) * PT > BOX_TOL:
        found.add(f"{where}: its BleedBox is not the whole page")
    if p.trim is None:
        found.add(f"{where} has no TrimBox")
        return
    # the TrimBox in mm from the page's top left (y down, as the deck lays pages out)
    got = ((p.trim[0] - mx0) * PT, (my1 - p.trim[3]) * PT, (p.trim[2] - p.trim[0]) * PT, (p.trim[3] - p.trim[1]) * PT)
    want = (trim.x, trim.y, trim.w, trim.h)
    if max(abs(a - b) for a, b in zip(got, want, strict=True)) > BOX_TOL:
        found.add(f"{where}: TrimBox {got[2]:.2f} x {got[3]:.2f} mm at {got[0]:.2f}, {got[1]:.2f} mm, not "
                  f"{want[2]:.2f} x {want[3]:.2f} mm at {want[0]:.2f}, {want[1]:.2f} mm")


def _edge_check(p: _Page, where: str, found: _Found) -> None:
    """Along each side, where the pixel just inside the trim carries ink,
    the page's outermost pixel beyond it must too: art that reaches the
    trim runs on to the edge of the bleed."""
    assert p.trim is not None
    x0, y0, x1, y1 = _pixels(p, p.trim)
    w, h = p.ink.size
    if min(x0, y0, w - x1, h - y1) < 2:  # (almost) no bleed: nothing to run on into
        return
    grey = p.ink.tobytes()  # one byte a pixel: the ink image is one band ("L")
    sides = {
        "left": [(x0 + 1, y, 0, y) for y in range(y0, y1)],
        "right": [(x1 - 2, y, w - 1, y) for y in range(y0, y1)],
        "top": [(x, y0 + 1, x, 0) for x in range(x0, x1)],
        "bottom": [(x, y1 - 2, x, h - 1) for x in range(x0, x1)],
    }
    for side, pairs in sides.items():
        white = sum(1 for (ix, iy, ox, oy) in pairs if grey[iy * w + ix] < INK <= grey[oy * w + ox])
        if white > max(2, EDGE_SHARE * len(pairs)):
            found.add(f"{where}: the art stops at the trim on the {side} side ({white * 72 / DPI * PT:.1f} mm of "
                      f"its {len(pairs) * 72 / DPI * PT:.0f} mm is inked at the trim, white at the bleed edge)")


def _safe_check(p: _Page, trim: Any, safe: float, where: str, found: _Found) -> None:
    """Glyphs, and path objects that neither reach the trim (fields) nor
    span half the piece (frames, bands), keep `safe` mm inside the trim."""
    lo_x, lo_y = trim.x + safe / PT, trim.y + safe / PT
    hi_x, hi_y = trim.right - safe / PT, trim.bottom - safe / PT
    tol = SAFE_TOL / PT

    def out(b: tuple[float, float, float, float]) -> float:
        return max(lo_x - b[0], lo_y - b[1], b[2] - hi_x, b[3] - hi_y)

    for ch, b in p.chars:
        if out(b) > tol:
            found.add(f"{where}: the text {ch!r} is {safe - out(b) * PT:.1f} mm from the trim")
            return
    near = FIELD / PT
    for b in p.paths:
        if b[0] < trim.x + near or b[1] < trim.y + near or b[2] > trim.right - near or b[3] > trim.bottom - near:
            continue  # a field run on into the bleed, or a frame on the trim
        if b[2] - b[0] >= trim.w / 2 or b[3] - b[1] >= trim.h / 2:
            continue  # a frame, band or rule
        if out(b) > tol:
            found.add(f"{where}: a symbol is {safe - out(b) * PT:.1f} mm from the trim")
            return


# ---- the PNGs -------------------------------------------------------------------------------------------------------

class PngCheck:
    """The PNGs of a cards PDF, checked one at a time as they come (from
    render, or from the ZIP) against the PDF they were made from: page n
    is rasterised at DPI when PNG n arrives, so one page is in memory."""

    def __init__(self, pdf: bytes, deck: Deck, dpi: int | None = None) -> None:
        from pnp import pdfpages

        self.doc = pdfpages.open_document(pdf)
        self.deck = deck
        self.dpi = dpi  # None: each PNG's own (the ZIP's PNGs say theirs)
        self.n = 0
        self._seen: tuple[float, float, Image.Image, Image.Image] | None = None
        self.names, self.sizes, self.res, self.prints, self.decode = (_Found() for _ in range(5))

    def _page(self, n: int, png_dpi: float | None) -> tuple[float, float, Image.Image]:
        """Page n's size in pt and its raster at DPI, or at the PNG's own
        resolution if that is lower, on the pixel grid a PNG of the page
        has at that resolution."""
        from pnp import pdfpages
        from pnp.render.png import render_page

        with pdfpages.page(self.doc, n - 1) as page:
            w_pt, h_pt = page.get_size()
            return w_pt, h_pt, render_page(page, min(DPI, self.dpi or png_dpi or DPI))

    def look(self, image: Image.Image) -> None:
        """The pixels of the next PNG, as they were encoded (render hands
        them over, so it need not decode what it has just encoded; the PNG
        file's own header is still read by `add`)."""
        n = self.n + 1
        if n <= len(self.doc):
            w_pt, h_pt, ref = self._page(n, self.dpi)
            self._seen = (w_pt, h_pt, ref, image.convert("RGB").resize(ref.size, _resample()))

    def add(self, name: str, data: bytes) -> None:
        from PIL import Image, UnidentifiedImageError

        from pnp.naming import piece_png_name
        from pnp.render.png import pixels

        self.n += 1
        n, deck = self.n, self.deck
        seen, self._seen = self._seen, None
        if n > len(self.doc):
            return  # counted by checks()
        where = _where(deck, n)
        if n <= len(deck.comps):
            want_name = piece_png_name(deck.claim.stem, n, len(deck.comps), deck.comps[n - 1])
            if name != want_name:
                self.names.add(f"PNG {n} is {name}, not {want_name}")
        try:
            with Image.open(io.BytesIO(data)) as im:  # the header only, until the pixels are asked for
                if im.format != "PNG":
                    raise UnidentifiedImageError(f"a {im.format} image")
                dpi_info = im.info.get("dpi")
                size = im.size
                own = dpi_info[0] if dpi_info else None
                dpi = self.dpi or (round(own) if own else None)
                if seen is not None:
                    w_pt, h_pt, ref, small = seen
                else:
                    w_pt, h_pt, ref = self._page(n, own)
                    small = None
                want = (pixels(w_pt, dpi), pixels(h_pt, dpi)) if dpi else None
                if small is None and size == want:  # what the PNG prints, at the resolution its page is read at
                    small = (im if im.mode == "RGB" else im.convert("RGB")).resize(ref.size, _resample())
        except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError) as e:
            self.decode.add(f"{name} is not a PNG that opens ({str(e)[:80]})")
            return
        self._check_size(name, where, dpi, dpi_info, size, want, (w_pt, h_pt))
        if small is None:
            return  # a PNG of another size or resolution is not decoded (it may be a decompression bomb)
        differs = _differs(small, ref)
        if differs:
            blank = band_range(_darkest(ref))[0] < INK <= band_range(_darkest(small))[0]
            self.prints.add(f"{name} is blank where its page has ink" if blank else f"{name} differs from its page {differs}")

    def _check_size(self, name: str, where: str, dpi: int | None, dpi_info: Any, size: tuple[int, int],
                    want: tuple[int, int] | None, page_pt: tuple[float, float]) -> None:
        """A PNG's stated resolution against the run's (and the preset's), and
        its pixel size against its page's at that resolution."""
        preset = self.deck.preset
        if dpi is None or dpi_info is None:
            self.res.add(f"{name} does not say its resolution")
        elif abs(dpi_info[0] - dpi) > PHYS_TOL or abs(dpi_info[1] - dpi) > PHYS_TOL:
            self.res.add(f"{name} says {dpi_info[0]:g} x {dpi_info[1]:g} dpi, not {dpi}")
        elif preset is not None and dpi != preset.dpi:
            self.res.add(f"{name} is {dpi} dpi; {preset.id} asks for {preset.dpi}")
        if want is None:
            return
        if preset is not None and dpi == preset.dpi and want != preset.pixels:
            self.sizes.add(f"{where} is {page_pt[0] * PT:.2f} x {page_pt[1] * PT:.2f} mm: not {preset.id}'s "
                           f"{preset.pixels[0]} x {preset.pixels[1]} px at {preset.dpi} dpi")
        if size != want:
            self.sizes.add(f"{name} is {size[0]} x {size[1]} px, not {want[0]} x {want[1]} px")

    def extra(self) -> None:
        """One more file than the PDF has pages (counted, not read)."""
        self.n += 1

    def checks(self) -> list[Check]:
        from pnp import pdfpages
        from pnp.validation.report import Check

        pdfpages.close(self.doc)
        pages = len(self.deck.pages)
        dpi = self.dpi or (self.deck.preset.dpi if self.deck.preset else None)
        return [
            Check("PNGs", f"{pages} (one per page)", str(self.n), self.n == pages),
            self.names.check("PNG names in deck order", f"{self.deck.claim.stem}-NNN-<piece>.png", "in deck order"),
            self.decode.check("PNGs open", "every file a PNG", "all open"),
            self.res.check("PNG resolution", f"{dpi} dpi" if dpi else "the export's dpi, stated in each PNG", "as asked"),
            self.sizes.check("PNG pixel size", "the page at the export's dpi" + (
                f" ({self.deck.preset.pixels[0]} x {self.deck.preset.pixels[1]} px)" if self.deck.preset else ""),
                "as the page"),
            self.prints.check("PNGs print their page", "what the PDF page prints (not blank where it has ink)",
                              "as the PDF"),
        ]


def _resample() -> Any:
    from PIL import Image

    return Image.Resampling.BOX


def read_zip(data: bytes, pdf: bytes, deck: Deck, max_bytes: int) -> list[Check]:
    """The checks of a cards ZIP (its bytes) against its PDF and deck:
    entries in the archive's order, each at most max_bytes uncompressed."""
    import zipfile

    check = PngCheck(pdf, deck)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            for info in zf.infolist():
                if info.is_dir():
                    continue
                if info.file_size > max_bytes:
                    raise ValidationError(f"holds {info.filename} of {info.file_size // 1_000_000} MB; a card PNG is "
                                          f"a few hundred KB")
                if check.n >= len(deck.pages):
                    check.extra()
                else:
                    check.add(info.filename, zf.read(info))
    except zipfile.BadZipFile as e:
        raise ValidationError(f"is a damaged ZIP file ({e})") from None
    return check.checks()


def zip_pdf(path: Path) -> Path:
    """The cards PDF a ZIP of PNGs comes from: `<stem>-png.zip` lies beside `<stem>.pdf`."""
    from pnp.naming import zip_stem

    stem = zip_stem(path.name)
    if stem is None:
        raise ValidationError("is a ZIP file, but not a pnp cards export (<stem>-png.zip beside <stem>.pdf)")
    return path.with_name(stem + ".pdf")
