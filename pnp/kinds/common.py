"""What several kinds share: a face (fill, art, symbol, a label from the
catalog), counts per player count, art paths inside the kit's folder, and
the one-line error for a text that does not fit its box."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import msgspec

from pnp.datakit.art import Art, load_art
from pnp.errors import LayoutError, SpecError
from pnp.geometry import PT, Shape, Text, hex_rgb
from pnp.layout.marks import fitted_text, symbol
from pnp.modes import Anchor
from pnp.spec import Count, HexColour, Name, Schema, Symbol
from pnp.textflow import Measure

# a count, or one count for each player count the game is for: {2 = 7, 4 = 5}
PerPlayers = Count | dict[Annotated[int, msgspec.Meta(ge=1)], Count]
ArtFile = Annotated[str, msgspec.Meta(min_length=1, pattern=r"^[^/\\].*\.(svg|png|SVG|PNG)$")]
LABEL_MIN_PT = 6.0  # a label that needs less does not fit its box
SAFE = 3.0  # mm: a face's art, symbol and label keep this far inside its edge


class Face(Schema, kw_only=True, frozen=True):
    """One face of a piece or card: a colour, and on it art, a symbol and a label."""

    fill: HexColour | None = None
    ink: HexColour = "#000000"  # the symbol's and label's colour
    art: ArtFile | None = None
    symbol: Symbol | None = None
    label: Name | None = None  # a catalog key


def count_for(count: Any, players: int | None) -> int:
    """A component's count for `players` (None: the full kit, the most any player count needs)."""
    if isinstance(count, int):
        return count
    return max(count.values()) if players is None else count[players]


def check_counts(count: Any, players: tuple[int, ...], where: str) -> None:
    if isinstance(count, dict) and set(count) != set(players):
        missing = sorted(set(players) - set(count))
        extra = sorted(set(count) - set(players))
        what = f"no count for {', '.join(map(str, missing))} players" if missing else \
            f"a count for {', '.join(map(str, extra))} players, but the game is for {', '.join(map(str, players))}"
        raise SpecError(f"{where}: {what}")


def art_file(folder: Path, rel: str, where: str) -> Art:
    """The art `rel` in the kit's folder (never outside it)."""
    path = (folder / rel).resolve()
    if not path.is_relative_to(folder.resolve()):
        raise SpecError(f"{where}: art {rel!r} lies outside the kit's folder")
    return load_art(path)


def face_art(folder: Path, face: Face | None, where: str) -> Art | None:
    return None if face is None or face.art is None else art_file(folder, face.art, where)


def fitted_label(text: str, key: str, file: Path, box_w: float, size: float, measure: Measure, where: str,
                 font: str = "Sans-Bold") -> tuple[str, float, float]:
    """fitted_text, whose failure names the catalog file and key and the box."""
    try:
        return fitted_text(text, font, box_w, size, measure, LABEL_MIN_PT)
    except LayoutError:
        raise LayoutError(f"{file}: {key} ({text!r}) does not fit its box on {where} ({box_w:.1f} mm wide, "
                          f"at least {LABEL_MIN_PT:g} pt)") from None


def draw_face(face: Face, w: float, h: float, art: Art | None, text: Callable[[str], tuple[str, Path]],
              measure: Measure, where: str) -> tuple[Shape, ...]:
    """A face in its own (0, 0)-(w, h): art in the middle (or a symbol), the
    label under it (or centred, alone). `text(key)` gives the label's
    text and its catalog file."""
    out: list[Shape] = []
    ink = hex_rgb(face.ink)
    # everything keeps SAFE mm inside the face's edge, as a print shop asks (and a miscut forgives)
    iw, ih = w - 2 * SAFE, h - 2 * SAFE
    if iw <= 0 or ih <= 0:
        raise LayoutError(f"{where}: a face of {w:g} x {h:g} mm has no room inside its {SAFE:g} mm safe margin")
    alone = art is None and face.symbol is None
    size = 0.0
    if face.label is not None:
        s, file = text(face.label)
        size = min(12.0, ih * (0.45 if alone else 0.28) / PT)
        t, size, tw = fitted_label(s, face.label, file, iw, size, measure, where)
        # the cap height centred when alone, else the descenders on the safe line
        base = h / 2 + 0.36 * size * PT if alone else h - SAFE - 0.24 * size * PT
        out.append(Text(w / 2, base, t, "Sans-Bold", size, tw, Anchor.MIDDLE, ink))
    top_h = ih - (1.25 * size * PT + 0.5 if size and not alone else 0.0)
    cy = SAFE + top_h / 2
    if art is not None:
        side = min(iw, top_h)
        out.append(art.placed(w / 2 - side / 2, cy - side / 2, side, side))
    elif face.symbol is not None:
        r = min(iw, top_h) / 2 / 1.15  # a symbol reaches about 1.1 r from its centre
        out.append(symbol(face.symbol, w / 2, cy, r, ink))
    return tuple(out)
