"""A hostile corpus, made at test time from pnp's own rendered kits.

Each case is a function that writes one file into a folder and returns its
path; CASES pairs it with the verdict the validator must give: GOOD (the
file passes) or a phrase the one failing line must contain. Files are
small on disk (the largest, a compressed stream that inflates to 600 MB,
is under 1 MB) and nothing is kept between runs.

    python -m tests.hostile OUT_DIR    # write the corpus to look at it
"""

from __future__ import annotations

import subprocess
import sys
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pikepdf

GOOD = "ok"

Source = Callable[[str, dict[str, object]], Path]  # (kit, options) -> a good rendered PDF


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[Source, Path], Path]
    verdict: str  # GOOD, or a phrase of the failing line (" … " between parts that follow each other in it)


def _qpdf(src: Path, out: Path, *args: str) -> Path:
    subprocess.run(["qpdf", *args, str(src), str(out)], check=True, capture_output=True)
    return out


def _edit(src: Path, out: Path, fn: Callable[[pikepdf.Pdf], None], **save: object) -> Path:
    with pikepdf.open(src) as pdf:
        fn(pdf)
        # streams as they are: no decoding (a bomb would inflate here) and no recompression
        pdf.save(out, deterministic_id=True, stream_decode_level=pikepdf.StreamDecodeLevel.none, **save)  # type: ignore[arg-type]
    return out


def _wrap(pdf: pikepdf.Pdf, index: int, before: bytes = b"", after: bytes = b"") -> None:
    """Put instructions before and after the content of one page."""
    page = pdf.pages[index]
    page.contents_coalesce()
    data = page.obj.Contents.read_bytes()
    page.obj.Contents = pdf.make_stream(before + b"\n" + data + b"\n" + after)


def _claim(pdf: pikepdf.Pdf, old: str, new: str) -> None:
    kw = str(pdf.docinfo["/Keywords"])
    assert old in kw, (old, kw)
    pdf.docinfo["/Keywords"] = kw.replace(old, new)


def _size(pdf: pikepdf.Pdf, index: int) -> tuple[float, float]:
    box = [float(v) for v in pdf.pages[index].mediabox]
    return box[2] - box[0], box[3] - box[1]


# ---- good files in other clothes ---------------------------------------------

def back_offset(src: Source, d: Path) -> Path:
    """A kit whose backs were shifted for a printer's drift (--back-offset)."""
    return src("ludo-cards", {"players": 2, "back_offset": (3.0, 0.0)})


def linearised(src: Source, d: Path) -> Path:
    return _qpdf(src("tab", {}), d / "linearised.pdf", "--linearize")


def object_streams(src: Source, d: Path) -> Path:
    return _qpdf(src("tab", {}), d / "object-streams.pdf", "--object-streams=generate")


def uncompressed_qdf(src: Source, d: Path) -> Path:
    return _qpdf(src("tab", {}), d / "qdf.pdf", "--qdf", "--object-streams=disable")


def recompressed(src: Source, d: Path) -> Path:
    """Every stream inflated and compressed again, at another level."""
    return _qpdf(src("ludo-cards", {"players": 2}), d / "recompressed.pdf", "--recompress-flate", "--compression-level=1")


def aes256_owner_only(src: Source, d: Path) -> Path:
    return _qpdf(src("tab", {}), d / "aes256.pdf", "--encrypt", "", "owner-secret", "256", "--")


def pypdf_rewritten(src: Source, d: Path) -> Path:
    from pypdf import PdfWriter

    out = d / "pypdf.pdf"
    writer = PdfWriter(clone_from=src("tab", {}))
    with out.open("wb") as f:
        writer.write(f)
    return out


def page_as_form_xobject(src: Source, d: Path) -> Path:
    """Every page's content moved into a form XObject the page draws: the
    same print, another structure (marks inside the form)."""
    def fn(pdf: pikepdf.Pdf) -> None:
        for page in pdf.pages:
            page.contents_coalesce()
            form = pdf.make_stream(page.obj.Contents.read_bytes(), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                                   BBox=page.mediabox, Resources=page.Resources)
            name = page.add_resource(form, pikepdf.Name.XObject, prefix="Fx")
            page.obj.Contents = pdf.make_stream(b"q " + str(name).encode() + b" Do Q")
    return _edit(src("ludo-cards", {"players": 2}), d / "forms.pdf", fn)


def numbers_rounded(src: Source, d: Path) -> Path:
    """Every number in every page's and form's drawing instructions rounded
    to two decimals, as a tool that writes fewer digits would: the page's
    scale 2.834646 becomes 2.83 (0.16 % smaller, 0.5 mm at most on A4) and
    glyphs and lines move by a fraction of a 36 dpi pixel. It prints the
    same to any eye and within every tolerance of the validator."""
    from decimal import Decimal

    def rounded(stream: pikepdf.Object) -> bytes:
        out = []
        for inst in pikepdf.parse_content_stream(stream):
            if isinstance(inst, pikepdf.ContentStreamInlineImage):
                out.append(inst)
                continue
            ops = [round(Decimal(str(v)), 2) if isinstance(v, Decimal) else v for v in inst.operands]
            out.append(pikepdf.ContentStreamInstruction(ops, inst.operator))
        return pikepdf.unparse_content_stream(out)

    def fn(pdf: pikepdf.Pdf) -> None:
        done = set()
        for page in pdf.pages:
            page.contents_coalesce()
            page.obj.Contents = pdf.make_stream(rounded(page))
            for form in page.Resources.get("/XObject", {}).values():
                if form.objgen not in done:
                    done.add(form.objgen)
                    form.write(rounded(form))
    return _edit(src("ludo-cards", {"players": 2}), d / "rounded.pdf", fn)


def form_draws_itself(src: Source, d: Path) -> Path:
    """A page whose content is a form XObject that draws itself."""
    def fn(pdf: pikepdf.Pdf) -> None:
        page = pdf.pages[1]
        form = pdf.make_stream(b"", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form, BBox=page.mediabox,
                               Resources=pikepdf.Dictionary())
        form.Resources.XObject = pikepdf.Dictionary(Self=form)
        form.write(b"q 0.9 0 0 0.9 1 1 cm /Self Do Q 0 0 10 10 re f")
        page.Resources.XObject = pikepdf.Dictionary(Self=form)
        _wrap(pdf, 1, after=b"/Self Do")
    return _edit(src("tab", {}), d / "form-loop.pdf", fn)


# ---- tampered: the file lies or hides what it claims -------------------------

def white_box_over_page(src: Source, d: Path) -> Path:
    def fn(pdf: pikepdf.Pdf) -> None:
        w, h = _size(pdf, 1)
        _wrap(pdf, 1, after=f"q 1 1 1 rg 0 0 {w:.2f} {h:.2f} re f Q".encode())
    return _edit(src("tab", {}), d / "white-box.pdf", fn)


def clipped_to_nothing(src: Source, d: Path) -> Path:
    return _edit(src("tab", {}), d / "clipped.pdf", lambda pdf: _wrap(pdf, 1, before=b"0 0 0 0 re W n"))


def tiny_crop_box(src: Source, d: Path) -> Path:
    def fn(pdf: pikepdf.Pdf) -> None:
        for page in pdf.pages:
            page.obj.CropBox = pikepdf.Array([0, 0, 1, 1])
    return _edit(src("tab", {}), d / "crop-1pt.pdf", fn)


def scaled_to_one_percent(src: Source, d: Path) -> Path:
    return _edit(src("kesse-rueben", {}), d / "scaled.pdf", lambda pdf: _wrap(pdf, 1, before=b"0.01 0 0 0.01 0 0 cm"))


def huge_page(src: Source, d: Path) -> Path:
    def fn(pdf: pikepdf.Pdf) -> None:
        pdf.pages[0].obj.MediaBox = pikepdf.Array([0, 0, 14400, 14400])
    return _edit(src("tab", {}), d / "huge-page.pdf", fn)


def scaled_to_half(src: Source, d: Path) -> Path:
    return _edit(src("kesse-rueben", {}), d / "scaled-half.pdf", lambda pdf: _wrap(pdf, 1, before=b"0.5 0 0 0.5 0 0 cm"))


def invisible_rules(src: Source, d: Path) -> Path:
    return _edit(src("tab", {}), d / "invisible-rules.pdf", lambda pdf: _wrap(pdf, 2, before=b"3 Tr"))


def nan_operands(src: Source, d: Path) -> Path:
    return _edit(src("tab", {}), d / "nan.pdf", lambda pdf: _wrap(pdf, 1, before=b"nan nan nan rg"))


def unknown_operator(src: Source, d: Path) -> Path:
    return _edit(src("tab", {}), d / "unknown-op.pdf", lambda pdf: _wrap(pdf, 0, after=b"1 2 frobnicate"))


def _font_stream(pdf: pikepdf.Pdf) -> pikepdf.Stream:
    for page in pdf.pages:
        for font in page.Resources.Font.values():
            return font.FontDescriptor.FontFile2
    raise AssertionError("no embedded font")


def font_bytes_flipped(src: Source, d: Path) -> Path:
    """200 bytes flipped inside the compressed font program."""
    def fn(pdf: pikepdf.Pdf) -> None:
        stream = _font_stream(pdf)
        raw = bytearray(stream.read_raw_bytes())
        mid = len(raw) // 2
        for i in range(mid, mid + 200):
            raw[i] ^= 0xFF
        stream.write(bytes(raw), filter=pikepdf.Name.FlateDecode)
    return _edit(src("kesse-rueben", {}), d / "font-flipped.pdf", fn)


def font_glyphs_missing(src: Source, d: Path) -> Path:
    """The font program decompresses and parses, but its character map
    no longer has the letters the text shows."""
    import io

    from fontTools.ttLib import TTFont

    def fn(pdf: pikepdf.Pdf) -> None:
        stream = _font_stream(pdf)
        font = TTFont(io.BytesIO(stream.read_bytes()))
        for table in font["cmap"].tables:
            table.cmap = {c: g for c, g in table.cmap.items() if c < 40}
        buf = io.BytesIO()
        font.save(buf)
        stream.write(zlib.compress(buf.getvalue()), filter=pikepdf.Name.FlateDecode)
    return _edit(src("kesse-rueben", {}), d / "font-cmap.pdf", fn)


def fronts_and_backs_swapped(src: Source, d: Path) -> Path:
    """The first page of card fronts and the page of their backs change places."""
    def fn(pdf: pikepdf.Pdf) -> None:
        kinds = [{str(op.operands[1].get("/K")) for op in pikepdf.parse_content_stream(p, "BDC")
                  if str(op.operands[0]) == "/pnp"} for p in pdf.pages]
        front = next(i for i, k in enumerate(kinds) if "card" in k)
        back = next(i for i, k in enumerate(kinds) if i > front and "back" in k)
        kids = pdf.Root.Pages.Kids
        a, b = kids[front], kids[back]
        kids[front], kids[back] = b, a
    return _edit(src("ludo-cards", {"players": 2}), d / "swapped.pdf", fn)


def page_duplicated_claim_raised(src: Source, d: Path) -> Path:
    def fn(pdf: pikepdf.Pdf) -> None:
        n = len(pdf.pages)
        pdf.pages.insert(0, pdf.pages[0])
        _claim(pdf, f"pages={n}", f"pages={n + 1}")
    return _edit(src("ludo-cards", {"players": 2}), d / "duplicated.pdf", fn)


def duplex_claims_gutterfold(src: Source, d: Path) -> Path:
    return _edit(src("ludo-cards", {"players": 2}), d / "claims-gutterfold.pdf",
                 lambda pdf: _claim(pdf, "backs=duplex-long", "backs=gutterfold"))


def gutterfold_claims_duplex(src: Source, d: Path) -> Path:
    return _edit(src("ludo-cards", {"players": 2, "backs": "gutterfold"}), d / "claims-duplex.pdf",
                 lambda pdf: _claim(pdf, "backs=gutterfold", "backs=duplex-long"))


def long_edge_claims_short_edge(src: Source, d: Path) -> Path:
    return _edit(src("ludo-cards", {"players": 2}), d / "claims-short-edge.pdf",
                 lambda pdf: _claim(pdf, "backs=duplex-long", "backs=duplex-short"))


def offset_not_claimed(src: Source, d: Path) -> Path:
    """Backs shifted 3 mm for a printer's drift, the claim of it removed."""
    return _edit(src("ludo-cards", {"players": 2, "back_offset": (3.0, 0.0)}), d / "offset-unclaimed.pdf",
                 lambda pdf: _claim(pdf, "; offset=3,0", ""))


def colour_claims_greyscale(src: Source, d: Path) -> Path:
    return _edit(src("kesse-rueben", {}), d / "claims-greyscale.pdf",
                 lambda pdf: _claim(pdf, "variant=colour", "variant=greyscale"))


def claims_zero_players(src: Source, d: Path) -> Path:
    return _edit(src("kesse-rueben", {"players": 3}), d / "zero-players.pdf",
                 lambda pdf: _claim(pdf, "players=3", "players=0"))


def claims_other_players(src: Source, d: Path) -> Path:
    return _edit(src("kesse-rueben", {"players": 3}), d / "claims-2.pdf",
                 lambda pdf: _claim(pdf, "players=3", "players=2"))


def _claiming(old: str, new: str, kit: str = "tab") -> Callable[[Source, Path], Path]:
    def make(src: Source, d: Path) -> Path:
        name = "".join(c if c.isalnum() else "-" for c in new)
        return _edit(src(kit, {}), d / f"claims-{name}.pdf", lambda pdf: _claim(pdf, old, new))
    return make


def no_keywords(src: Source, d: Path) -> Path:
    def fn(pdf: pikepdf.Pdf) -> None:
        del pdf.docinfo["/Keywords"]
    return _edit(src("tab", {}), d / "no-keywords.pdf", fn)


def user_password(src: Source, d: Path) -> Path:
    return _qpdf(src("tab", {}), d / "locked.pdf", "--encrypt", "user-secret", "owner-secret", "256", "--")


def truncated(src: Source, d: Path) -> Path:
    data = src("tab", {}).read_bytes()
    out = d / "truncated.pdf"
    out.write_bytes(data[: len(data) // 2])
    return out


# ---- tampered so that the print is wrong while marks and text stay right ------

def _page_content(pdf: pikepdf.Pdf, index: int) -> bytes:
    page = pdf.pages[index]
    page.contents_coalesce()
    return bytes(page.obj.Contents.read_bytes())


def _card_block(content: bytes, value: str) -> tuple[int, int]:
    """Where one card's marked content begins and ends in a page's content."""
    import re

    m = re.search(rb"/pnp\s*<<\s*/K\s*\(card\)\s*/V\s*\(" + value.encode() + rb"\)\s*>>\s*BDC", content)
    assert m is not None, value
    return m.start(), content.index(b"EMC", m.start())


_PAWNS = b"/FormXob.A3 Do", b"/FormXob.A4 Do"  # a Ludo card's filled and empty pawn (forms written once)
# the Ludo PDF (duplex): the rules' sheet, the guide, the die, the alignment test, then the red fronts and their backs
RED_FRONTS = 6  # page index
RED_BACKS = RED_FRONTS + 1


def _pawn_row(pdf: pikepdf.Pdf, block: bytes) -> tuple[float, float, float, float]:
    """The box of a card's pawn row in the card's own space (mm, y down):
    the six pawn forms where the card places them, with their bounding boxes."""
    import re

    places = [(float(x), float(y), name) for x, y, name in
              re.findall(rb"1 0 0 1 ([-\d.]+) ([-\d.]+) cm\s*(/FormXob\.A[34]) Do", block)]
    assert len(places) == 6, block
    boxes = [[float(v) for v in pdf.pages[RED_FRONTS].Resources.XObject[name.decode()].BBox] for _, _, name in places]
    return (min(x + b[0] for (x, _, _), b in zip(places, boxes, strict=True)),
            min(y + b[1] for (_, y, _), b in zip(places, boxes, strict=True)),
            max(x + b[2] for (x, _, _), b in zip(places, boxes, strict=True)),
            max(y + b[3] for (_, y, _), b in zip(places, boxes, strict=True)))


def card_shows_other_pawn_row(src: Source, d: Path) -> Path:
    """Card red-1-2 keeps its mark and its "card 2 of 6", but its second
    pawn is drawn empty: the pawn row of card 1 (two cards show one pawn,
    none two)."""
    def fn(pdf: pikepdf.Pdf) -> None:
        data = _page_content(pdf, RED_FRONTS)
        a, b = _card_block(data, "red-1-2")
        block = data[a:b]
        filled, empty = _PAWNS
        assert block.count(filled) == 2, block  # the second of six pawns is the last one filled
        at = block.rindex(filled)
        block = block[:at] + empty + block[at + len(filled):]
        pdf.pages[RED_FRONTS].obj.Contents = pdf.make_stream(data[:a] + block + data[b:])
    return _edit(src("ludo-cards", {}), d / "pawn-row.pdf", fn)


def white_band_over_a_pawn_row(src: Source, d: Path) -> Path:
    """A white band over card red-1-2's pawn row only, inside its own marked
    content (the card keeps ink: its frame, die and text)."""
    def fn(pdf: pikepdf.Pdf) -> None:
        data = _page_content(pdf, RED_FRONTS)
        a, b = _card_block(data, "red-1-2")
        x0, y0, x1, y1 = _pawn_row(pdf, data[a:b])  # card space, mm, y down
        band = f"\nq 1 1 1 rg {x0 - 1:.2f} {y0 - 1:.2f} {x1 - x0 + 2:.2f} {y1 - y0 + 2:.2f} re f Q\n".encode()
        pdf.pages[RED_FRONTS].obj.Contents = pdf.make_stream(data[:b] + band + data[b:])
    return _edit(src("ludo-cards", {}), d / "white-band.pdf", fn)


def digits_swapped_under_tounicode(src: Source, d: Path) -> Path:
    """On every page, the body font's codes for '1' and '7' swapped in the
    text shown, and swapped back in a copy of the font's ToUnicode map: the
    page prints "76" where the kit says 16, text extraction still reads 16."""
    one, seven = ord("1"), ord("7")

    def swap(b: bytes) -> bytes:
        return b.translate(bytes.maketrans(b"17", b"71"))

    def fn(pdf: pikepdf.Pdf) -> None:
        copies: dict[tuple[int, int], pikepdf.Dictionary] = {}
        for index, page in enumerate(pdf.pages):
            fonts = page.Resources.get("/Font")
            if fonts is None:
                continue
            # the body font only (the regular face): bold or italic digits elsewhere on the page keep their codes
            body = {str(name) for name, font in fonts.items()
                    if not any(w in str(font.get("/BaseFont", "")) for w in ("Bold", "Oblique", "Italic"))}
            ops = pikepdf.parse_content_stream(page)
            current = None
            out = []
            for inst in ops:
                op = str(inst.operator)
                operands = list(inst.operands)
                if op == "Tf":
                    current = str(operands[0])
                elif op in ("Tj", "TJ", "'", '"') and current in body:
                    if op == "TJ":
                        operands[-1] = pikepdf.Array([pikepdf.String(swap(bytes(x))) if isinstance(x, pikepdf.String)
                                                      else x for x in operands[-1]])
                    else:
                        operands[-1] = pikepdf.String(swap(bytes(operands[-1])))
                out.append(pikepdf.ContentStreamInstruction(operands, inst.operator))
            new_fonts = pikepdf.Dictionary()
            for name, font in fonts.items():
                if str(name) not in body:
                    new_fonts[name] = font
                    continue
                key = font.objgen
                if key not in copies:
                    copy = pdf.make_indirect(pikepdf.Dictionary({k: v for k, v in font.items()}))
                    cmap = bytes(font.ToUnicode.read_bytes())
                    cmap = (cmap.replace(f"<{one:02X}> <0031>".encode(), b"<31> <TMP>")
                            .replace(f"<{seven:02X}> <0037>".encode(), b"<37> <0031>").replace(b"<31> <TMP>", b"<31> <0037>"))
                    assert b"<37> <0031>" in cmap and b"<31> <0037>" in cmap, cmap[:400]
                    copy.ToUnicode = pdf.make_stream(cmap)
                    copies[key] = copy
                new_fonts[name] = copies[key]
            page.obj.Resources = pikepdf.Dictionary({k: v for k, v in page.Resources.items()})
            page.obj.Resources.Font = new_fonts
            page.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(out))
            del index
    return _edit(src("kesse-rueben", {}), d / "digits-swapped.pdf", fn)


def font_one_made_blank(src: Source, d: Path) -> Path:
    """Every embedded font's glyph for '1' emptied (no outline): the font is
    intact and has a glyph for every code shown, but a '1' prints nothing."""
    import io

    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables._g_l_y_f import Glyph

    def fn(pdf: pikepdf.Pdf) -> None:
        done = set()
        for page in pdf.pages:
            for font in page.Resources.get("/Font", {}).values():
                stream = font.FontDescriptor.FontFile2
                if stream.objgen in done:
                    continue
                done.add(stream.objgen)
                tt = TTFont(io.BytesIO(stream.read_bytes()))
                name = tt["cmap"].getcmap(1, 0).cmap[ord("1")]  # pnp's fonts are simple: code = character
                tt["glyf"][name] = Glyph()
                buf = io.BytesIO()
                tt.save(buf)
                stream.write(zlib.compress(buf.getvalue()), filter=pikepdf.Name.FlateDecode)
    return _edit(src("kesse-rueben", {}), d / "blank-one.pdf", fn)


def _optional_card(pdf: pikepdf.Pdf, ocg: pikepdf.Dictionary) -> None:
    """Card red-1-2 wrapped in optional content `ocg`."""
    data = _page_content(pdf, RED_FRONTS)
    a, b = _card_block(data, "red-1-2")
    page = pdf.pages[RED_FRONTS]
    page.Resources.Properties = pikepdf.Dictionary(OCx=ocg)
    pdf.pages[RED_FRONTS].obj.Contents = pdf.make_stream(data[:a] + b"/OC /OCx BDC\n" + data[a:b + 3] + b"\nEMC" + data[b + 3:])


def card_in_optional_content_off(src: Source, d: Path) -> Path:
    def fn(pdf: pikepdf.Pdf) -> None:
        ocg = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.OCG, Name=pikepdf.String("hidden")))
        pdf.Root.OCProperties = pikepdf.Dictionary(OCGs=pikepdf.Array([ocg]), D=pikepdf.Dictionary(
            OFF=pikepdf.Array([ocg]), Order=pikepdf.Array([ocg])))
        _optional_card(pdf, ocg)
    return _edit(src("ludo-cards", {}), d / "oc-off.pdf", fn)


def card_shown_on_screen_not_in_print(src: Source, d: Path) -> Path:
    """A card in optional content that is ON on screen and OFF when printed
    (usage /Print /PrintState /OFF, applied on the print event)."""
    def fn(pdf: pikepdf.Pdf) -> None:
        _optional_card(pdf, screen_only_group(pdf))
    return _edit(src("ludo-cards", {}), d / "oc-print-off.pdf", fn)


def screen_only_group(pdf: pikepdf.Pdf) -> pikepdf.Object:
    """An optional-content group that is ON on screen and OFF when printed
    (usage /Print /PrintState /OFF, applied on the print event), made the
    document's default configuration."""
    ocg = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.OCG, Name=pikepdf.String("screen only"),
        Usage=pikepdf.Dictionary(Print=pikepdf.Dictionary(PrintState=pikepdf.Name.OFF),
                                 View=pikepdf.Dictionary(ViewState=pikepdf.Name.ON))))
    usage = pikepdf.Dictionary(Event=pikepdf.Name.Print, OCGs=pikepdf.Array([ocg]),
                               Category=pikepdf.Array([pikepdf.Name.Print]))
    pdf.Root.OCProperties = pikepdf.Dictionary(OCGs=pikepdf.Array([ocg]), D=pikepdf.Dictionary(
        ON=pikepdf.Array([ocg]), Order=pikepdf.Array([ocg]), AS=pikepdf.Array([usage])))
    return ocg


def red_backs_print_blue(src: Source, d: Path) -> Path:
    """The "Backs: Red" sheet (page 8) prints its backs and their bleed
    blue: marks, words ("RED") and title still say red."""
    def fn(pdf: pikepdf.Pdf) -> None:
        red, blue = b".898039 .188235 .12549 rg", b".12549 .345098 .8 rg"
        sheet = pdf.pages[RED_BACKS]
        sheet.obj.Resources = pikepdf.Dictionary({k: v for k, v in sheet.Resources.items()})
        forms = pikepdf.Dictionary()
        for name, form in sheet.Resources.XObject.items():
            data = bytes(form.read_bytes())
            assert red in data
            copy = pdf.make_stream(data.replace(red, blue))
            for k, v in form.items():
                if k not in ("/Length", "/Filter", "/DecodeParms"):
                    copy[k] = v
            forms[name] = copy
        sheet.obj.Resources.XObject = forms
        data = _page_content(pdf, RED_BACKS)
        assert red in data
        sheet.obj.Contents = pdf.make_stream(data.replace(red, blue))
    return _edit(src("ludo-cards", {}), d / "blue-backs.pdf", fn)


def white_annotation_over_a_card(src: Source, d: Path) -> Path:
    """A printable square annotation, filled white by its appearance
    stream, over card red-1-2's pawn row: the page's content is untouched.
    (The page draws in mm from its top left: `2.834646 0 0 -2.834646 0 H cm`.)"""
    def fn(pdf: pikepdf.Pdf) -> None:
        import re

        page = pdf.pages[RED_FRONTS]
        data = _page_content(pdf, RED_FRONTS)
        a, b = _card_block(data, "red-1-2")
        px0, py0, px1, py1 = _pawn_row(pdf, data[a:b])  # card space, mm, y down
        m = re.match(rb"[^\n]*BDC\s*1 0 0 1 ([-\d.]+) ([-\d.]+) cm", data[a:b])
        assert m is not None
        cx, cy = float(m.group(1)), float(m.group(2))  # the card on the page, mm from the top left
        mm, h = 72 / 25.4, float(page.mediabox[3])
        x0, x1 = (cx + px0) * mm, (cx + px1) * mm
        y0, y1 = h - (cy + py1) * mm, h - (cy + py0) * mm
        w, hh = x1 - x0, y1 - y0
        ap = pdf.make_stream(f"1 1 1 rg 0 0 {w:.2f} {hh:.2f} re f".encode(), Type=pikepdf.Name.XObject,
                             Subtype=pikepdf.Name.Form, BBox=[0, 0, w, hh])
        annot = pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Square, Rect=[x0, y0, x1, y1], F=4,
            IC=[1, 1, 1], C=[1, 1, 1], AP=pikepdf.Dictionary(N=ap)))
        page.obj.Annots = pdf.make_indirect(pikepdf.Array([annot]))
    return _edit(src("ludo-cards", {}), d / "white-annotation.pdf", fn)


def page_upside_down(src: Source, d: Path) -> Path:
    """Tâb's pieces page turned upside down (/Rotate 180): every piece
    stands where another piece of its kind stood, so only the print shows it."""
    def fn(pdf: pikepdf.Pdf) -> None:
        pdf.pages[1].obj.Rotate = 180
    return _edit(src("tab", {}), d / "upside-down.pdf", fn)


def user_unit_2(src: Source, d: Path) -> Path:
    def fn(pdf: pikepdf.Pdf) -> None:
        for page in pdf.pages:
            page.obj.UserUnit = 2
    return _edit(src("tab", {}), d / "user-unit.pdf", fn)


def crop_box_corners_swapped(src: Source, d: Path) -> Path:
    """The crop box written upper right first (the spec allows any two
    opposite corners): it prints the same."""
    def fn(pdf: pikepdf.Pdf) -> None:
        for page in pdf.pages:
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            page.obj.CropBox = pikepdf.Array([x1, y1, x0, y0])
    return _edit(src("tab", {}), d / "crop-swapped.pdf", fn)


def white_inline_image(src: Source, d: Path) -> Path:
    """A 1 x 1 white inline image (BI ... ID ... EI) in a margin: it prints the same."""
    return _edit(src("tab", {}), d / "inline-image.pdf",
                 lambda pdf: _wrap(pdf, 1, after=b"q 1 0 0 1 5 5 cm BI /W 1 /H 1 /CS /G /BPC 8 ID \xff EI Q"))


# ---- damaged: a reader has to repair these before it can show them -----------

def _stream_offset(data: bytes, pdf_path: Path, index: int) -> tuple[int, int]:
    with pikepdf.open(pdf_path) as pdf:
        raw = bytes(pdf.pages[index].obj.Contents.read_raw_bytes())
    at = data.index(raw)
    return at, len(raw)


def bytes_flipped_in_a_stream(src: Source, d: Path) -> Path:
    """Eight bytes flipped inside page 2's compressed content stream, in
    the file as it is (no rewrite)."""
    good = src("tab", {})
    data = bytearray(good.read_bytes())
    at, n = _stream_offset(bytes(data), good, 1)
    for i in range(at + n // 2, at + n // 2 + 8):
        data[i] ^= 0x20
    out = d / "flipped-stream.pdf"
    out.write_bytes(bytes(data))
    return out


def checksum_flipped_in_a_stream(src: Source, d: Path) -> Path:
    """One byte of page 2's compressed stream's own checksum flipped: the
    stream inflates as before, but it is not the stream that was written."""
    good = src("tab", {})
    data = bytearray(good.read_bytes())
    at, n = _stream_offset(bytes(data), good, 1)
    data[at + n - 2] ^= 0x01
    out = d / "flipped-checksum.pdf"
    out.write_bytes(bytes(data))
    return out


def xref_cut_off(src: Source, d: Path) -> Path:
    """The cross-reference table's second half cut out; the trailer and
    %%EOF stay."""
    data = src("tab", {}).read_bytes()
    x = data.rindex(b"\nxref\n") + 1
    t = data.index(b"trailer", x)
    lines = data[x:t].split(b"\n")
    out = d / "xref-cut.pdf"
    out.write_bytes(data[:x] + b"\n".join(lines[: len(lines) // 2]) + b"\n" + data[t:])
    return out


def data_after_eof(src: Source, d: Path) -> Path:
    """2000 bytes of data after %%EOF: more than the 1024 readers search."""
    out = d / "after-eof.pdf"
    out.write_bytes(src("tab", {}).read_bytes() + b"% appended\n" + b"x" * 1989)
    return out


def whitespace_after_eof(src: Source, d: Path) -> Path:
    out = d / "whitespace-after-eof.pdf"
    out.write_bytes(src("tab", {}).read_bytes() + b"\r\n  \n\n")
    return out


# ---- bombs: small files that cost a naive reader its memory or time -----------

def _with_content(src: Source, d: Path, name: str, content: bytes, compress: bool = True) -> Path:
    """Page 2's content replaced; FONT in it names the page's first font."""
    def fn(pdf: pikepdf.Pdf) -> None:
        page = pdf.pages[1]
        font = next(iter(page.Resources.Font.keys())).encode()
        nonlocal content
        content = content.replace(b"FONT", font)
        if compress:
            page.obj.Contents = pikepdf.Stream(pdf, zlib.compress(content, 9))
            page.obj.Contents.Filter = pikepdf.Name.FlateDecode
        else:
            page.obj.Contents = pikepdf.Stream(pdf, content)
    return _edit(src("tab", {}), d / name, fn)


def nested_marked_content(src: Source, d: Path) -> Path:
    n = 20_000
    return _with_content(src, d, "nested-marks.pdf", b"/P BMC\n" * n + b"BT FONT 12 Tf (x) Tj ET\n" + b"EMC\n" * n)


def escaped_characters(src: Source, d: Path) -> Path:
    body = b"\\(" * 20_000
    return _with_content(src, d, "escapes.pdf", b"BT FONT 12 Tf (" + body + b") Tj ET\n")


def nested_marks_in_a_form(src: Source, d: Path) -> Path:
    """The nested marked-content bomb inside a form XObject the page draws."""
    n = 20_000

    def fn(pdf: pikepdf.Pdf) -> None:
        page = pdf.pages[1]
        form = pdf.make_stream(zlib.compress(b"/P BMC\n" * n + b"0 0 1 1 re f\n" + b"EMC\n" * n, 9),
                               Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form, BBox=page.mediabox,
                               Filter=pikepdf.Name.FlateDecode)
        name = page.add_resource(form, pikepdf.Name.XObject, prefix="Fx")
        _wrap(pdf, 1, after=str(name).encode() + b" Do")
    return _edit(src("tab", {}), d / "nested-in-form.pdf", fn)


def inflates_to_600mb(src: Source, d: Path) -> Path:
    """A content stream of 600 MB of spaces, 0.6 MB compressed."""
    comp = zlib.compressobj(9)
    chunk = b" " * (1 << 20)
    data = b"".join(comp.compress(chunk) for _ in range(600)) + comp.flush()

    def fn(pdf: pikepdf.Pdf) -> None:
        stream = pikepdf.Stream(pdf, data)
        stream.Filter = pikepdf.Name.FlateDecode
        pdf.pages[1].obj.Contents = stream
    return _edit(src("tab", {}), d / "inflates.pdf", fn)


def many_objects(src: Source, d: Path) -> Path:
    def fn(pdf: pikepdf.Pdf) -> None:
        pdf.Root.Junk = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(N=i)) for i in range(60_000)])
    return _edit(src("tab", {}), d / "many-objects.pdf", fn, object_stream_mode=pikepdf.ObjectStreamMode.generate)


CASES: list[Case] = [
    Case("backs shifted by --back-offset", back_offset, GOOD),
    Case("linearised by qpdf", linearised, GOOD),
    Case("object streams by qpdf", object_streams, GOOD),
    Case("uncompressed qpdf --qdf", uncompressed_qdf, GOOD),
    Case("every stream recompressed by qpdf", recompressed, GOOD),
    Case("AES-256, owner password only", aes256_owner_only, GOOD),
    Case("rewritten by pypdf", pypdf_rewritten, GOOD),
    Case("every page drawn through a form XObject", page_as_form_xobject, GOOD),
    Case("every number rounded to two decimals", numbers_rounded, GOOD),
    Case("white box painted over a page", white_box_over_page, "components that print"),
    Case("every component clipped to nothing", clipped_to_nothing, "components that print"),
    Case("1 x 1 pt crop box", tiny_crop_box, "paper size"),
    Case("token page scaled to 1 %", scaled_to_one_percent, "components that print"),
    Case("token page scaled to 50 %", scaled_to_half, "component sizes"),
    Case("a page 5 m wide", huge_page, "has a page of 5080 x 5080 mm"),
    Case("rules in invisible text", invisible_rules, "text that prints"),
    Case("nan operands", nan_operands, "'nan', which is not a PDF operator"),
    Case("an unknown operator", unknown_operator, "'frobnicate', which is not a PDF operator"),
    Case("200 bytes flipped in a font", font_bytes_flipped, "(the embedded font /AAAAAA+DejaVuSansCondensed"),
    Case("font without the glyphs shown", font_glyphs_missing, "has no glyph for character code"),
    Case("fronts and backs swapped", fronts_and_backs_swapped, "components page by page"),
    Case("page 1 duplicated, page claim raised", page_duplicated_claim_raised, "pages: expected"),
    Case("duplex-long kit claiming gutterfold", duplex_claims_gutterfold, "pages: expected"),
    Case("gutterfold kit claiming duplex-long", gutterfold_claims_duplex, "pages: expected"),
    # page 1 and the guide name the flip edge, so the text differs before the backs' places are compared
    Case("long-edge kit claiming short-edge backs", long_edge_claims_short_edge, "text page by page"),
    Case("backs shifted 3 mm, the shift not claimed", offset_not_claimed, "component places"),
    Case("colour kit claiming greyscale", colour_claims_greyscale, "greyscale: no colour"),
    Case("claim of 0 players", claims_zero_players, "claims to be for '0' players, but kesse-rueben is for 2-4"),
    Case("3-player kit claiming 2", claims_other_players, "token:carrot: expected 16, found 12"),
    Case("user password", user_password, "locked with a password"),
    Case("a page count that is not a number", _claiming("pages=4", "pages=three"), "claims a page count of 'three'"),
    Case("unknown backs mode", _claiming("backs=duplex-long", "backs=sideways", "ludo-cards"), "claims card backs 'sideways'"),
    Case("backs on a kit without cards", _claiming("backs=none", "backs=gutterfold"), "tab has no cards with backs"),
    Case("unknown variant", _claiming("variant=colour", "variant=sepia"), "claims the print variant 'sepia'"),
    Case("a back offset of a metre", _claiming("pages=4", "pages=4; offset=1000,0"), "pnp shifts backs by at most 10 mm"),
    Case("unknown paper", _claiming("paper=a4", "paper=a3"), "unknown paper 'a3'"),
    Case("a kit pnp does not make", _claiming("kit=tab", "kit=chess"), "unknown kit 'chess'"),
    Case("no pnp keywords", no_keywords, "pnp did not make"),
    Case("truncated", truncated, "truncated"),
    Case("a card showing another card's pawn row", card_shows_other_pawn_row, "prints differently"),
    Case("a white band over one card's pawn row", white_band_over_a_pawn_row, "prints differently"),
    Case("digits swapped in content, swapped back in ToUnicode", digits_swapped_under_tounicode,
         "draws the glyph of '1' for character code 49, which its text (ToUnicode) reads as '7'"),
    Case("the embedded fonts' '1' made blank", font_one_made_blank,
         "draws nothing for character code 49, which its text (ToUnicode) reads as '1'"),
    Case("a card in optional content that is OFF", card_in_optional_content_off, "card:red-1-2"),
    Case("a card ON on screen, OFF in print", card_shown_on_screen_not_in_print, "card:red-1-2"),
    Case("'Backs: Red' printing blue backs", red_backs_print_blue, "prints differently"),
    Case("a white printable annotation over a card's pawns", white_annotation_over_a_card,
         "what each page prints: … page 7: card:red-1-2"),
    Case("the pieces page upside down", page_upside_down, "what each page prints: … page 2: piece:"),
    Case("/UserUnit 2", user_unit_2, "sets /UserUnit 2"),
    Case("a language claim that is a path", _claiming("lang=en", "lang=../lang/en"), "unknown language '../lang/en'"),
    Case("a language claim reaching /etc", _claiming("lang=en", "lang=../../etc/passwd"), "unknown language '../../etc/passwd'"),
    Case("crop box with its corners swapped", crop_box_corners_swapped, GOOD),
    Case("a 1 x 1 white inline image", white_inline_image, GOOD),
    Case("bytes flipped inside a compressed stream", bytes_flipped_in_a_stream,
         "is damaged: stream object … at byte … (page 2's content): its compressed data is corrupt"),
    Case("a compressed stream's checksum flipped", checksum_flipped_in_a_stream,
         "is damaged: stream object … (page 2's content): its compressed data is corrupt (incorrect data check)"),
    Case("xref table cut off", xref_cut_off, "is damaged: xref table, offset"),
    Case("2000 bytes after %%EOF", data_after_eof, "bytes follow its end-of-file marker (%%EOF at byte"),
    Case("a little whitespace after %%EOF", whitespace_after_eof, GOOD),
    Case("20,000 nested marked-content sequences", nested_marked_content, "nests more than"),
    Case("40 KB of escaped characters", escaped_characters, "components page by page"),
    Case("20,000 nested marked-content sequences in a form", nested_marks_in_a_form, "nests more than"),
    Case("stream inflating to 600 MB", inflates_to_600mb, "inflate to more than 64 MB"),
    Case("60,000 objects", many_objects, "objects"),
    Case("a form XObject that draws itself", form_draws_itself, "nests form XObjects more than 8 deep"),
]

BOMBS = (
    "20,000 nested marked-content sequences",
    "20,000 nested marked-content sequences in a form",
    "40 KB of escaped characters",
    "stream inflating to 600 MB",
    "60,000 objects",
    "a form XObject that draws itself",
)


def main(out: Path) -> None:  # pragma: no cover - a tool to look at the corpus
    from pnp.fonts import Measurer
    from pnp.kits import get_kit
    from pnp.options import Options
    from pnp.outputs import render_one
    from pnp.paper import get_paper

    out.mkdir(parents=True, exist_ok=True)
    measure = Measurer()

    def src(kit: str, options: dict[str, object]) -> Path:
        folder = out / "good"
        folder.mkdir(exist_ok=True)
        result = render_one(get_kit(kit), Options("en", get_paper("a4"), **options), folder, ("pdf",), 150,  # type: ignore[arg-type]
                            measure, validate=False)
        return result.files[0]

    for case in CASES:
        print(case.make(src, out), "->", case.verdict)


if __name__ == "__main__":  # pragma: no cover
    main(Path(sys.argv[1]))
