"""Kesse Rüben at the table (issue 23, the hobbyist's round 4), read from
the rendered PDFs with PDFium: what the paper pawns are, how to fold one,
the tinted tokens, the fold note above the sheet, the scale check on one
line. Expected values come from the game facts and the catalogs."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from pnp.i18n import load_catalog
from pnp.kits.kesse_rueben import load_spec
from pnp.paper import PAPERS
from tests.helpers import LANGS
from tests.textlines import page_lines

KIT = "kesse-rueben"
KESSE_PAGES = 4  # the colour pages, then the low-ink pages printed instead of them (round 14)
SPEC = load_spec()
# the box the rules take their pawns from, in each language's own words: as the
# original rules spell it, and as our own note on page 2 does
BOX = {"en": "Ludo-box", "nl": "Mens Erger Je Niet-doos", "de": "Mensch-ärgere-dich-nicht-Schachtel"}
# (round 9: the Dutch note spells the game's name as the original does, "*Mens Erger Je Niet*")
# round 18: the DE note says "Schachtel von „Mensch ärgere dich nicht“", no compound to split at a line end,
# the game's name in quotes (native DE 17/7)
NOTE_BOX = {"en": "Ludo-box", "nl": "Mens Erger Je Niet-pionnen", "de": "Schachtel von „Mensch ärgere dich nicht“"}


def _card(paper: str, lang: str = "en") -> str:
    """The card size step 2 names (round 18), as the kit words it for that paper
    and language (Letter: "in" / "inch" / "Zoll", native NL/DE 17)."""
    from pnp.kits.kesse_rueben import card_size, folded_frame

    return card_size(PAPERS[paper], *folded_frame(PAPERS[paper]), load_catalog(KIT, lang))


def _norm(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").replace("\u00ad", "").replace("\u2011", "-").split())


def page_text(pdf, index: int, broken: str = "-") -> str:
    """The page's text; `broken`: what a hyphen pdfium marks as a line end's (U+FFFE) becomes."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return _norm(doc[index].get_textpage().get_text_range().replace("\r\n", " ").replace("\x02", "-").replace("\ufffe", broken))
    finally:
        doc.close()


def joined(pdf, index: int) -> str:
    """The page's text with words broken at a line end joined again."""
    return re.sub(r"(\w)- (\w)", r"\1\2", page_text(pdf, index, broken=""))  # "voor-|stel" in one text line: U+FFFE


@pytest.mark.parametrize("lang", LANGS)
def test_the_paper_pawns_are_the_pawns_the_rules_ask_for(rendered, lang):
    """Page 1 lists the paper pawns as the pawns the rules ask for (or in their stead); the rules take them
    from a Ludo box; page 2 says the paper pawns replace those."""
    pdf = rendered(KIT, lang, "a4")
    cat = load_catalog(KIT, lang)
    first, second = joined(pdf, 0), joined(pdf, 1)
    pawns = _norm(cat.text("contents_pawns", n=len(SPEC.kinds)))  # a pawn for each kind of turnip
    assert pawns in first
    # the list says which pawns they are: the rules' (NL) or instead of which (EN, DE)
    assert any(w in pawns for w in {"en": ("rules", "instead of the Ludo pawns"), "nl": ("regels", "in plaats van"),
                                    "de": ("statt der Spielfiguren",)}[lang]), "the list says whose pawns they replace"
    assert BOX[lang] in first, "the rules take the pawns from a Ludo box"
    note = _norm(f"{cat.text('pawns_heading')}: {cat.text('pawns_note')}".replace("*", ""))
    assert note[:60] in second
    assert NOTE_BOX[lang] in second, "the pawns' note names the box (or the pawns) the paper pawns replace"
    if lang == "nl":  # one spelling of the game's name on the sheet, the original's, in italics on both pages
        for page, text in enumerate((first, second)):
            assert not re.search("(?i)mens-erger", text), f"page {page + 1} spells the name with hyphens"
            assert _oblique(pdf, page, "Mens Erger Je Niet")


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_a_label_and_its_sentence_follow_the_language(rendered, lang, paper):
    """After a label's colon the sentence runs on in lower case in English
    and Dutch (as the tokens' note does: 'Printed on one side on purpose: a
    token ...') and starts with a capital in German: the pawns' note, the
    tokens' note, the turn in brief."""
    pdf = rendered(KIT, lang, paper)
    pages = (page_text(pdf, 0), page_text(pdf, 1))
    cat = load_catalog(KIT, lang)
    for page, label in ((1, cat.text("pawns_heading")), (1, cat.text("tokens_one_sided").split(":")[0]),
                        (0, cat.raw("turn_aid").split(":")[0].strip("*"))):
        found = re.search(re.escape(_norm(label)) + r": (\w)", pages[page])
        assert found, f"{label!r}: not on page {page + 1}"
        first = found.group(1)
        assert first.isupper() if lang == "de" else first.islower(), f"{lang}: {label}: {first}"


def _fills(pdf, index: int) -> list[tuple[tuple[float, float, float, float], tuple[int, int, int], tuple | None]]:
    """Every filled path on a page: its box in mm (y down), its fill colour
    (0-255) and the component tag that holds it."""
    import ctypes

    import pypdfium2.raw as c

    from tests.printer import MM, _bounds, _objects, _utf16

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[index]
        h = page.get_size()[1]
        top = [c.FPDFPage_GetObject(page.raw, i) for i in range(c.FPDFPage_CountObjects(page.raw))]
        out = []
        for raw, m, holder in _objects(top, None, None):
            if c.FPDFPageObj_GetType(raw) != c.FPDF_PAGEOBJ_PATH:
                continue
            mode, stroked = ctypes.c_int(), ctypes.c_int()
            c.FPDFPath_GetDrawMode(raw, ctypes.byref(mode), ctypes.byref(stroked))
            if not mode.value:
                continue
            rgba = [ctypes.c_uint() for _ in range(4)]
            c.FPDFPageObj_GetFillColor(raw, *(ctypes.byref(v) for v in rgba))
            x0, y0, x1, y1 = _bounds(raw, m)
            tag = None if holder is None else (_utf16(c.FPDFPageObjMark_GetParamStringValue, holder[0], b"K"),
                                               _utf16(c.FPDFPageObjMark_GetParamStringValue, holder[0], b"V"))
            out.append(((x0 * MM, (h - y1) * MM, x1 * MM, (h - y0) * MM), (rgba[0].value, rgba[1].value, rgba[2].value),
                        tag))
        return out
    finally:
        doc.close()


def _token_cuts(pdf, kind: str) -> list[tuple[float, float, float, float]]:
    """Where the ink of each of a kind's token outlines ends (PDFium pads a stroke's bounds by its width)."""
    from tests.kits.test_table_ready import page_objects

    cuts = [o for o in page_objects(pdf, 1) if o.tag == ("token", kind) and o.kind == "path" and o.stroke > 0
            and not o.filled and o.w > 15]
    assert cuts
    return [o.ink() for o in cuts]


def _covered(x: float, y: float, boxes) -> bool:
    return any(b[0] <= x + 1e-6 and x - 1e-6 <= b[2] and b[1] <= y + 1e-6 and y - 1e-6 <= b[3] for b in boxes)


def _hex(code: str) -> tuple[int, int, int]:
    return tuple(int(code[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


TINT_PAST = 2.0  # mm: how far a kind's tint runs past the outer edge of its tokens' cut lines


@pytest.mark.parametrize("players", [None, 4])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_each_kind_of_token_lies_on_its_tint_running_2_mm_past_the_cut(render_players, paper, players):
    """The tint of each kind (from the facts) lies under its tokens and runs
    TINT_PAST mm past the outer edge of their cut lines on every side (every
    point TINT_PAST mm out from a token's cut is tinted), so a cut that
    misses by less shows no white edge; no tint where there is no token (a
    short last row); the tints of two kinds do not touch; each tint is light
    enough for black text in greyscale (luminance 0.75 or more) and the four
    differ."""
    import tomllib

    from pnp import paths

    with (paths.TEMPLATES / KIT / "game.toml").open("rb") as f:
        looks = tomllib.load(f)["look"]
    pdf = render_players(KIT, "en", paper, players)
    fills = _fills(pdf, 1)
    fields = {}
    for kind in SPEC.kinds:
        want = _hex(looks[kind]["tint"])
        cuts = _token_cuts(pdf, kind)
        tints = [b for b, rgb, tag in fills if tag is None and max(abs(p - q) for p, q in zip(rgb, want, strict=True)) <= 1]
        assert tints, f"{kind}: no tint"
        d = TINT_PAST - 0.02
        for x0, y0, x1, y1 in cuts:
            for k in range(21):
                f = k / 20
                for px, py in ((x0 - d, y0 - d + f * (y1 - y0 + 2 * d)), (x1 + d, y0 - d + f * (y1 - y0 + 2 * d)),
                               (x0 - d + f * (x1 - x0 + 2 * d), y0 - d), (x0 - d + f * (x1 - x0 + 2 * d), y1 + d)):
                    assert _covered(px, py, tints), f"{kind}: white {TINT_PAST} mm from a token's cut at ({px:.1f}, {py:.1f})"
        for b in tints:  # every tinted place is a token's, or within the bleed of one
            for px, py in ((b[0] + 3, b[1] + 3), (b[2] - 3, b[1] + 3), (b[0] + 3, b[3] - 3), (b[2] - 3, b[3] - 3)):
                assert _covered(px, py, cuts), f"{kind}: tint without a token at ({px:.1f}, {py:.1f})"
        fields[kind] = (min(b[0] for b in tints), min(b[1] for b in tints), max(b[2] for b in tints), max(b[3] for b in tints))
        lum = (0.2126 * want[0] + 0.7152 * want[1] + 0.0722 * want[2]) / 255
        assert lum >= 0.75, f"{kind}: tint luminance {lum:.2f}"
    boxes = sorted(fields.values(), key=lambda b: b[1])
    for a, b in zip(boxes, boxes[1:], strict=False):
        assert b[1] - a[3] >= 1.0, "white between two kinds' tints"
    assert len({looks[k]["tint"] for k in SPEC.kinds}) == len(SPEC.kinds)


@pytest.fixture(scope="module")
def render_players(tmp_path_factory):
    from pnp.fonts import Measurer
    from pnp.kits import get_kit
    from pnp.options import Options
    from pnp.outputs import render_one
    from pnp.paper import get_paper

    folder = tmp_path_factory.mktemp("kesse-table")
    measure = Measurer()
    cache = {}

    def get(kit_id, lang, paper, players):
        key = (kit_id, lang, paper, players)
        if key not in cache:
            out = folder / "-".join(str(k) for k in key)
            (cache[key],) = render_one(get_kit(kit_id), Options(lang, get_paper(paper), players=players), out, ("pdf",),
                                       150, measure, validate=False).files
        return cache[key]

    return get


def _margin_lines(render, lang: str, paper: str):
    """The fold sheet's text lines (in mm, y down), its trim's cut line (the
    middle of the line) and the fold's x."""
    from tests.kits.test_table_ready import _fold_sheet
    from tests.printer import MM

    objs, trim, fold, pdf = _fold_sheet(render, lang, paper)
    page_h = 215.9 if paper == "letter" else 210.0
    lines = [(_norm(ln.text), ln.x * MM, ln.right * MM, page_h - (ln.base + 0.93 * ln.size) * MM,
              page_h - (ln.base - 0.24 * ln.size) * MM) for ln in page_lines(pdf)[0]]
    return lines, trim.line(), fold


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_folding_note_is_at_the_top_outside_the_trim(render, lang, paper):
    """How to fold and glue, and which way, is read first: in the top margin
    the last cut takes away (round 10: on the rules' half, the board's half
    holds the picture of the steps), clear of the cut line, the fold mark and
    the page count; the sheet's text inside the trim keeps 4 mm from the cut
    (tests/kits/test_table_ready.py)."""
    lines, (cx0, cy0, cx1, cy1), fold = _margin_lines(render, lang, paper)
    cat = load_catalog(KIT, lang)
    note = _norm(cat.text("fold_note", card=_card(paper, lang)).replace("**", ""))
    here, count = _norm(cat.text("fold_here")), _norm(cat.text("page", i=1, n=KESSE_PAGES))
    (label,) = [ln for ln in lines if ln[0] == here and ln[4] < cy0]
    (page_count,) = [ln for ln in lines if ln[0] == count]
    mine = [ln for ln in lines if ln[4] < cy0 and ln[1] > fold and ln[0] not in (here, count)]
    text = re.sub(r"(\w)- (\w)", r"\1\2", " ".join(ln[0] for ln in mine))
    assert text == note, text
    for _, x0, x1, top, bottom in mine:
        assert bottom <= cy0 - 0.8, "the note stays above the top cut line"
        assert x0 >= fold + 2.0 and x0 >= label[2] + 1.0, "the note stays on the rules' half, clear of the fold and its label"
        assert bottom < page_count[3] or top > page_count[4] or x1 <= page_count[1] - 1.0, "clear of the page count"
    assert not [ln for ln in lines if ln[3] > cy1 and ln[0] in note and len(ln[0]) > 20], "nothing of it at the foot"


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_scale_check_reads_on_one_line_below_the_trim(render, lang, paper):
    """The scale sentence is one line in the bottom margin of the board's
    half: below the cut line, left of the fold, nothing of it wrapped."""
    from pnp.build import scale_sentence
    from pnp.paper import get_paper

    lines, (cx0, cy0, cx1, cy1), fold = _margin_lines(render, lang, paper)
    sentence = _norm(scale_sentence(load_catalog(KIT, lang), get_paper(paper)))
    (line,) = [ln for ln in lines if ln[0] == sentence]
    _, x0, x1, top, bottom = line
    assert top >= cy1 + 0.5 and x1 <= fold - 2.0, f"the scale sentence at {x0:.1f}-{x1:.1f}, {top:.1f} mm"


@pytest.fixture(scope="module")
def render(rendered):
    return rendered


# sentences of the originals (seeds/000 English, seeds/002 Dutch), word for word as the sheet must print them
ORIGINAL = {
    "en": ("All choose a differently coloured pawn from their Ludo-box",
           "Every player gets the turnips (carrots, sugar-beets, radishes or beetroots) chosen by him in his supply",
           "If you place your pawn on a square with an enemy turnip, you may put that turnip in the barn."),
    "nl": ("Ieder kiest een andere kleur pion uit zijn Mens Erger Je Niet-doos en zet die ergens op het bord",
           "Als je pion op een veld komt met een knol van een andere boer, mag je die knol in de schuur leggen."),
}


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_rules_keep_the_originals_words(rendered, lang, paper):
    """The English and Dutch rules are the originals' own words (only scan
    errors mended), read from the rendered sheet."""
    first = joined(rendered(KIT, lang, paper), 0)
    for sentence in ORIGINAL[lang]:
        assert sentence in first, sentence


# ---- round 5: our two notes in the rules, marked as ours, where they are needed -------------------------------------

# the mark each note opens with, in each language: the kit's own note, and our suggestion where the original is silent
KIT_MARK = {"en": "In this kit:", "nl": "In deze set:", "de": "In diesem Set:"}
OURS_MARK = {"en": "Not in the original rules; our suggestion:", "nl": "Niet in de oorspronkelijke regels; ons voorstel:",
             "de": "Nicht in den Originalregeln; unser Vorschlag:"}


def _oblique(pdf, index: int, phrase: str) -> bool:
    """Every letter of the first occurrence of phrase on the page is set in
    an oblique (italic) font, as PDFium reads the page."""
    import ctypes

    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(pdf)
    try:
        tp = doc[index].get_textpage()
        n = tp.count_chars()
        text = "".join(chr(raw.FPDFText_GetUnicode(tp.raw, i)) for i in range(n)).replace("\u00a0", " ")
        start, end = _span_at(text, phrase)
        assert start >= 0, f"{phrase!r} not on page {index + 1}"
        buf = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        fonts = set()
        for i in range(start, end):
            if text[i].isalpha():
                raw.FPDFText_GetFontInfo(tp.raw, i, buf, 256, ctypes.byref(flags))
                fonts.add(buf.value.decode())
        return bool(fonts) and all("Oblique" in f or "Italic" in f for f in fonts)
    finally:
        doc.close()


def _span_at(text: str, phrase: str) -> tuple[int, int]:
    """Where phrase starts and ends in the raw page text, a line break (one
    or two characters) read as the space it stands for, and a word broken at
    a line end (pdfium's U+0002 or U+FFFE between its parts) read whole; (-1, -1) if not there."""
    m = re.search(r"\s+".join("[\x02\ufffe]?".join(re.escape(ch) for ch in w) for w in phrase.split(" ")), text)
    return (m.start(), m.end()) if m else (-1, -1)


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_our_notes_in_the_rules_are_marked_and_in_place(rendered, lang, paper):
    """Page 1, as printed: right after the original's preparation (which
    takes a pawn from a Ludo box) the kit says the paper pawn of your kind,
    page 2, is your pawn; right after the duel (the original is silent on
    the turnips in the fists) our suggestion, marked as not the original's,
    sends them back to the supply. Both marks in italics; the original's
    sentences around them unchanged and in their order."""
    pdf = rendered(KIT, lang, paper)
    cat = load_catalog(KIT, lang)
    page = joined(pdf, 0)
    rules = [_norm(re.sub(r"\*+", "", r)) for r in cat.blocks("rules", **_values())]
    prep_end = {"en": "The oldest player starts the game.", "nl": "De oudste speler begint.",
                "de": "Der älteste Spieler beginnt."}[lang]
    turn_end = {"en": "correctly guessed turnips.", "nl": "goed geraden knollen.", "de": "richtig geratenen Rüben."}[lang]
    actions = {"en": "The following actions can be performed:", "nl": "De volgende acties zijn mogelijk:",
               "de": "Folgende Aktionen sind möglich:"}[lang]
    turn_head = [r for r in rules if r.startswith("## ")][1].removeprefix("## ")
    kit, ours = page.find(KIT_MARK[lang]), page.find(OURS_MARK[lang])
    assert kit >= 0 and ours >= 0, "both notes are on the rules face"
    assert page.find(prep_end) < kit < page.find(turn_head), "the pawn note follows the preparation"
    end_head = [r for r in rules if r.startswith("## ")][2].removeprefix("## ")
    last_action = {"en": "add it to your supply.", "nl": "weer bij je voorraad leggen.",
                   "de": "wieder deinem Vorrat hinzufügen."}[lang]
    # round 8: after the list of actions, at the end of the turn (between the duel and its actions it broke the flow)
    assert page.find(turn_end) < page.find(actions) < page.find(last_action) < ours < page.find(end_head), \
        "the suggestion ends the turn, after the actions"
    pawn_note = page[kit:page.find(turn_head)]
    assert {"en": "paper pawn", "nl": "papieren pion", "de": "deine Spielfigur"}[lang] in pawn_note
    assert {"en": "(page 2 or 4)", "nl": "(pagina 2 of 4)", "de": "(Seite 2 oder 4)"}[lang] in pawn_note  # round 15
    # page 2 is where the paper pawns are
    assert _norm(cat.text("pawns_heading")) in joined(pdf, 1)
    suggestion = page[ours:page.find(end_head)]
    # and what a player with fewer than 2 turnips in supply does (the original is silent)
    assert {"en": "Fewer than 2 turnips", "nl": "minder dan 2 knollen", "de": "weniger als 2 Rüben"}[lang] in suggestion
    assert {"en": "suppl", "nl": "voorraad", "de": "Vorrat"}[lang] in suggestion
    assert {"en": "fists", "nl": "vuist", "de": "Fäuste"}[lang] in suggestion
    # round 9 (hobbyist): how many pawns the barn holds (the original is silent), in the marked suggestion
    # (round 16: and the turnips put in it)
    assert {"en": "The barn holds any number of pawns", "nl": "In de schuur mogen meerdere pionnen staan",
            "de": "Die Scheune fasst beliebig viele Spielfiguren"}[lang] in suggestion
    for mark in (KIT_MARK[lang], OURS_MARK[lang]):
        assert _oblique(pdf, 0, mark), f"{mark!r} is not set in italics"
    # who guesses first: the Dutch original says it ("de speler die aan de beurt is"), so does the German;
    # the English original's "he" gets our gloss in italic square brackets, the original's words around it kept
    if lang == "en":
        assert "Then he [the challenger] guesses the total number of turnips in both fists." in page
        assert _oblique(pdf, 0, "the challenger")
    else:
        assert {"nl": "Dan raadt de speler die aan de beurt is", "de": "Dann rät der Spieler, der am Zug ist,"}[lang] in page
    if lang == "nl":  # the name of the game set as the original 002 sets it, in italics
        assert _oblique(pdf, 0, "Mens Erger Je Niet")
    # the original's sentences are all there, in their order, none changed by the notes
    originals = [r for r in rules if not r.startswith((KIT_MARK[lang], OURS_MARK[lang]))]
    assert len(originals) == len(rules) - 2
    flat = re.sub(r"[-\s]", "", page)  # a word broken at a line's end, however the reader joins it
    at = 0
    for r in originals:
        r = re.sub(r"[-\s]", "", r.removeprefix("## ").removeprefix("- "))
        found = flat.find(r[:40], at)
        assert found >= 0, f"{r[:40]!r} missing or out of order"
        at = found


def _values() -> dict[str, object]:
    from pnp.kits.kesse_rueben import text_values
    from pnp.options import Options
    from pnp.paper import get_paper

    return text_values(SPEC, Options("en", get_paper("a4")))


# ---- round 10: thin card is the default, the original's way an 'or' -------------------------------------------------


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_thin_card_is_the_default_and_the_originals_way_an_or_at_the_foot(render, lang, paper):
    """Round 10 (the hobbyist's 9th report: two layers of paper alone curl):
    the steps glue thin card between the halves, the default; the original's
    way ("fold and stick together", no card) is an 'or' in the bottom margin
    of the rules' half, beside the fold mark's label, above the paper's
    edge, whole, at 6.5 pt or more (read from the PDF). The halves of the
    cut line mirror each other about the fold (within 0.1 mm), so the card
    pushed into the fold lies under both."""
    lines, (cx0, cy0, cx1, cy1), fold = _margin_lines(render, lang, paper)
    cat = load_catalog(KIT, lang)
    note = _norm(cat.text("fold_note", card=_card(paper, lang)).replace("**", ""))
    steps = re.split(r"(?:^|\s)[123] ", note)
    card = {"en": "thin card", "nl": "dun karton", "de": "dünnen Karton"}[lang]
    assert card in steps[2] and card not in steps[1] + steps[3], "the card goes in at step 2, the glue step"
    other = _norm(cat.text("card_note").replace("**", ""))
    here = _norm(cat.text("fold_here"))
    (label,) = [ln for ln in lines if ln[0] == here and ln[3] > cy1]
    mine = [ln for ln in lines if ln[3] > cy1 and ln[1] > fold and ln[0] != here]
    text = re.sub(r"(\w)- (\w)", r"\1\2", " ".join(ln[0] for ln in mine))
    assert text == other, text
    page_h = {"a4": 210.0, "letter": 215.9}[paper]
    for _, x0, _x1, top, bottom in mine:
        assert x0 >= label[2] + 1.0, "beside the fold mark's label"
        assert top >= cy1 + 0.8 and bottom <= page_h - 6.35 + 0.05, "between the cut line and the paper's edge"
    sizes = [ln.size for ln in page_lines(render(KIT, lang, paper))[0] if _norm(ln.text) in {m[0] for m in mine}]
    assert sizes and min(sizes) >= 6.5 - 0.01, f"the other way at {min(sizes):.2f} pt"
    words = {"en": ("Or", "original", "no card"), "nl": ("Of", "origineel", "zonder karton"),
             "de": ("Oder", "Original", "ohne Karton")}[lang]
    assert all(w in other for w in words)
    assert fold - cx0 == pytest.approx(cx1 - fold, abs=0.1), f"cut line {cx0:.2f}-{cx1:.2f}, fold {fold:.2f} mm"


# ---- round 5: room on a square for a token and a standing pawn ------------------------------------------------------

PAWN_MIN_FACE = 17.0  # mm: a standing pawn's face from its top fold to its foot (round 7: was 14)
LABEL_MIN_PT = 6.0  # the smallest a token's name may be set (pnp.kinds.common: a label that needs less does not fit)


@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_standing_pawn_fits_on_a_token_on_a_square(render, paper):
    """Measured in the PDF: the smallest board square (page 1, inside its
    line), a token (page 2, its cut line) and each paper pawn (page 2: the
    length along its folds, and its base between the second and third fold,
    flat on the table when it stands). Round 18: the base is 18 mm deep so
    the pawn stands (the tent's feet let it tip over), and the standing pawn
    fits on a token, and the token on a square, so a pawn stands on the
    turnip it planted and on the barn's pile."""
    from tests.kits.test_table_ready import page_objects

    pdf = render(KIT, "en", paper)
    fields = [o for o in page_objects(pdf, 0) if o.tag and o.tag[0] in ("field", "barn") and o.kind == "path"
              and o.filled and o.stroke > 0 and o.w > 20 and abs(o.w - (o.y1 - o.y0)) < 0.1]  # a square, not the barn's picture
    assert len(fields) == SPEC.board**2
    inner = min(min(o.line()[2] - o.line()[0], o.line()[3] - o.line()[1]) - o.stroke for o in fields)
    objs = page_objects(pdf, 1)
    tokens = [o for o in objs if o.tag and o.tag[0] == "token" and o.kind == "path" and o.stroke > 0 and not o.filled
              and o.w > 10]
    assert tokens
    t = max(max(o.line()[2] - o.line()[0], o.line()[3] - o.line()[1]) for o in tokens)
    for kind in SPEC.kinds:
        mine = [o for o in objs if o.tag == ("pawn", kind) and o.kind == "path" and o.stroke > 0]
        cut = max((o for o in mine if not o.dashed), key=lambda o: o.w)  # round 10: the faces' hatching beside it
        folds = sorted((o.x0 + o.x1) / 2 for o in mine if o.dashed)
        assert len(folds) == 3, "round 18: face | face | base | tab, three folds"
        x0, y0, x1, y1 = cut.line()
        along = y1 - y0  # the strip lies across the page: its folds run down it
        base = folds[2] - folds[1]  # round 18: the prism's base, flat on the table
        assert base >= 18.0 - 0.02, f"{kind}: a base {base:.2f} mm deep, too little to stand on"
        assert t <= inner + 0.01, f"{kind}: token {t:.2f} mm on a square of {inner:.2f} mm"
        assert along <= t + 0.01 and base <= t + 0.01, f"{kind}: the pawn ({along:.2f} x {base:.2f} mm) stands on a token"
        # round 7: a few mm taller than the 14 mm faces the hobbyist found small to pick up
        faces = (folds[0] - x0, folds[1] - folds[0])
        assert min(faces) >= PAWN_MIN_FACE - 0.05, f"{kind}: faces {faces[0]:.2f} and {faces[1]:.2f} mm tall"


@pytest.mark.parametrize("players", [None, 2, 3, 4])
def test_a_pawn_for_every_kind_whatever_the_player_count(render_players, players):
    """Round 18, read from the PDF's page 2: one pawn for each kind of turnip
    in the game facts, whatever the player count (a player chooses a kind)."""
    from tests.kits.test_table_ready import page_objects

    objs = page_objects(render_players(KIT, "en", "a4", players), 1)
    cuts = {o.tag[1] for o in objs if o.tag and o.tag[0] == "pawn" and o.kind == "path" and o.stroke > 0 and not o.dashed}
    assert sorted(cuts) == sorted(SPEC.kinds)
    assert sum(1 for o in objs if o.tag and o.tag[0] == "pawn" and o.kind == "path" and o.dashed) == 3 * len(SPEC.kinds)


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_smaller_tokens_keep_their_names_legible(rendered, lang, paper):
    """Every token's name is printed, whole, at LABEL_MIN_PT or more (read
    from page 2 of the PDF): the tokens shrank, their names did not."""
    from pnp.layout.marks import cap

    pdf = rendered(KIT, lang, paper)
    cat = load_catalog(KIT, lang)
    lines = page_lines(pdf)[1]
    n = max(SPEC.supply.values())
    for kind in SPEC.kinds:
        name = _norm(cap(cat.text(kind)))
        mine = [ln for ln in lines if _norm(ln.text) == name]
        assert len(mine) == n, f"{name}: {len(mine)} of {n} tokens read"
        assert min(ln.size for ln in mine) >= LABEL_MIN_PT - 0.01, f"{name} at {min(ln.size for ln in mine):.2f} pt"


# ---- round 7: folding steps a reader follows, ticks of the fold on the cut line, card in the list ------------------

STEP_MIN_PT = 8.0


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_fold_is_dashed_on_the_cut_line_itself(render, paper):
    """Besides the marks in the margins, the fold is marked inside the cut
    line: round 19 (hobbyist: ticks at its ends only left the middle
    unmarked), one dashed line the whole height, from the cut line's top side
    to its bottom side, on the same x as the margin marks, the sheet's
    middle (read from the PDF)."""
    from tests.kits.test_table_ready import _fold_sheet, page_objects

    objs = page_objects(render(KIT, "en", paper), 0)
    _, trim, fold, _ = _fold_sheet(render, "en", paper)
    cx0, cy0, cx1, cy1 = trim.line()
    dashed = [o for o in objs if o.kind == "path" and o.dashed and o.w < 1.0]
    inner = [o.line() for o in dashed if o.line()[3] > cy0 + 1.0 and o.line()[1] < cy1 - 1.0]
    margins = [o for o in dashed if o.line()[3] <= cy0 + 0.05 or o.line()[1] >= cy1 - 0.05]
    assert len(margins) == 2 and len(inner) == 1, f"{len(margins)} margin marks, {len(inner)} inside"
    width = {"a4": 297.0, "letter": 279.4}[paper]
    assert fold == pytest.approx(width / 2, abs=0.05), "the fold is the sheet's middle"
    ((x0, y0, x1, y1),) = inner
    assert (x0 + x1) / 2 == pytest.approx(fold, abs=0.05), "the dashes off the fold line"
    assert y0 == pytest.approx(cy0, abs=0.05) and y1 == pytest.approx(cy1, abs=0.05), \
        f"fold dashes {y0:.2f}-{y1:.2f}, cut {cy0:.2f}-{cy1:.2f}"


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_folding_steps_are_numbered_at_8_pt_beside_a_picture(render, lang, paper):
    """Fold, glue, cut: the three steps numbered 1, 2, 3 in that order, set
    at 8 pt or more in the top margin of the rules' half; on the board's
    half a picture of the three steps (paths; no words but its numbers),
    round 10 (the hobbyist: 'the picture is tiny'): its numbers at 11 pt or
    more, one panel each, the panels at least 35 mm apart, the drawing at
    least 90 mm wide and 8 mm tall (it was 27 x 7 mm for all three)."""
    from tests.kits.test_table_ready import page_objects
    from tests.printer import MM

    _, (cx0, cy0, cx1, cy1), fold = _margin_lines(render, lang, paper)
    cat = load_catalog(KIT, lang)
    note = _norm(cat.text("fold_note", card=_card(paper, lang)).replace("**", ""))
    pdf = render(KIT, lang, paper)
    page_h = {"a4": 210.0, "letter": 215.9}[paper]
    skip = {_norm(cat.text("fold_here")), _norm(f"{cat.text('title')} · {cat.text('language_name')}"),
            _norm(cat.text("page", i=1, n=KESSE_PAGES)),
            _norm(cat.text("print_caption", a=3, b=4))}  # round 17: the header says which pages to print
    top = [ln for ln in page_lines(pdf)[0] if page_h - ln.base * MM < cy0 and _norm(ln.text) not in skip]
    mine = [ln for ln in top if ln.x * MM > fold]
    text = re.sub(r"(\w)- (\w)", r"\1\2", " ".join(_norm(ln.text) for ln in mine))
    assert text == note, text
    assert [int(d) for d in re.findall(r"(?:^|\. )([123]) ", text)] == [1, 2, 3], "the steps in order, numbered"
    assert min(ln.size for ln in mine) >= STEP_MIN_PT - 0.01, f"the steps at {min(ln.size for ln in mine):.2f} pt"
    numbers = sorted((ln for ln in top if ln.right * MM < fold), key=lambda ln: ln.x)
    assert [_norm(ln.text) for ln in numbers] == ["1", "2", "3"], "the picture's words are its numbers, those of the steps"
    assert min(ln.size for ln in numbers) >= 11.0 - 0.01, f"its numbers at {min(ln.size for ln in numbers):.2f} pt"
    xs = [ln.x * MM for ln in numbers]
    assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 35.0, f"panels at {xs}"
    drawing = [o for o in page_objects(pdf, 0) if o.kind == "path" and not o.dashed and o.x1 < fold - 1.0
               and o.y1 < cy0 - 0.5 and o.y0 > 6.0]
    x0, x1 = min(o.x0 for o in drawing), max(o.x1 for o in drawing)
    y0, y1 = min(o.y0 for o in drawing), max(o.y1 for o in drawing)
    assert len(drawing) >= 24 and x1 - x0 >= 90.0 and y1 - y0 >= 8.0, \
        f"{len(drawing)} strokes, {x1 - x0:.1f} x {y1 - y0:.1f} mm"
    for i, x in enumerate(xs):  # each panel holds a drawing of its own
        end = xs[i + 1] if i + 1 < len(xs) else fold
        assert len([o for o in drawing if x < o.x0 and o.x1 < end]) >= 6, f"panel {i + 1}"


@pytest.mark.parametrize("lang", LANGS)
def test_you_also_need_names_thin_card_for_the_board_too(rendered, lang):
    """The list under the rules names the thin card the sheet is made with
    (round 10: no longer optional) and the card page 2 is glued onto, in
    one line, the card named once (read from page 1)."""
    first = joined(rendered(KIT, lang, "a4"), 0)
    cat = load_catalog(KIT, lang)
    need = first[first.find(_norm(cat.text("kit_needs"))):]
    line = _norm(cat.text("need_tokens_card", pawns_page=cat.text("pages_or", a=2, b=4)).replace("\n", " "))
    assert line in need
    thin = {"en": "thin card", "nl": "dun karton", "de": "Dünnkarton"}[lang]
    assert need.count(thin) == 1, need
    # round 18 (native NL: which half goes where): half a sheet for the board, one for the tokens' page
    for word in {"en": ("½ sheet (board)", "1 sheet (page 2 or 4)"), "nl": ("½ vel (bord)", "1 vel (pagina 2 of 4)"),
                 "de": ("1½ Bogen (Brett", "Seite 2 oder 4)")}[lang]:
        assert word in line, word
    assert {"en": "optional", "nl": "optioneel", "de": "optional"}[lang] not in need


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_turn_in_brief_and_the_steps_say_what_the_rules_say(rendered, lang, paper):
    """Round 9 (native NL reader), read from page 1: the turn in brief under
    the board sets no timing the rules do not ("als je pion op zijn veld
    komt", not "net ... is gekomen"), and the steps call the fold line what
    the fold marks call it: the dashed line (not "between the dashed marks")."""
    first = joined(rendered(KIT, lang, paper), 0)
    said = {"en": ("when your pawn is on its square", "when your pawn moves into the barn"),
            "nl": ("als je pion op dat veld komt", "als je pion op de schuur komt"),
            "de": ("wenn die Figur auf deren Feld zieht", "wenn die Figur hineinzieht")}[lang]
    for phrase in said:
        assert phrase in first, phrase
    for timing in {"en": ("has just moved",), "nl": ("net op", "net in", "is gekomen"), "de": ("gerade",)}[lang]:
        assert timing not in first, timing
    line = {"en": "Fold back on the dashed line", "nl": "Vouw langs de stippellijn naar achteren",
            "de": "Falte an der gestrichelten Linie nach hinten"}[lang]
    assert line in first
    for other in {"en": ("dashed marks",), "nl": ("streepjes",), "de": ("Strichen",)}[lang]:
        assert other not in first


def _pawn_colours(pdf) -> dict[str, tuple[tuple[int, int, int], set[tuple[int, int, int]]]]:
    """Page 2, for each paper pawn: the colour of its largest filled field
    (the body) and the colours its lines (cut outline, fold dashes) are stroked in."""
    import ctypes

    import pypdfium2.raw as c

    from tests.printer import _bounds, _objects, _utf16

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[1]
        top = [c.FPDFPage_GetObject(page.raw, i) for i in range(c.FPDFPage_CountObjects(page.raw))]
        bodies: dict[str, tuple[float, tuple[int, int, int]]] = {}
        lines: dict[str, set[tuple[int, int, int]]] = {}
        for raw, m, holder in _objects(top, None, None):
            if c.FPDFPageObj_GetType(raw) != c.FPDF_PAGEOBJ_PATH or holder is None:
                continue
            if _utf16(c.FPDFPageObjMark_GetParamStringValue, holder[0], b"K") != "pawn":
                continue
            pawn = _utf16(c.FPDFPageObjMark_GetParamStringValue, holder[0], b"V")
            mode, stroked = ctypes.c_int(), ctypes.c_int()
            c.FPDFPath_GetDrawMode(raw, ctypes.byref(mode), ctypes.byref(stroked))
            rgba = [ctypes.c_uint() for _ in range(4)]
            if mode.value:
                c.FPDFPageObj_GetFillColor(raw, *(ctypes.byref(v) for v in rgba))
                x0, y0, x1, y1 = _bounds(raw, m)
                area = (x1 - x0) * (y1 - y0)
                if area > bodies.get(pawn, (0.0, None))[0]:
                    bodies[pawn] = (area, (rgba[0].value, rgba[1].value, rgba[2].value))
            elif stroked.value:
                c.FPDFPageObj_GetStrokeColor(raw, *(ctypes.byref(v) for v in rgba))
                lines.setdefault(pawn, set()).add((rgba[0].value, rgba[1].value, rgba[2].value))
        return {p: (bodies[p][1], lines.get(p, set())) for p in bodies}
    finally:
        doc.close()


def _luma(rgb: tuple[int, int, int]) -> float:
    return (0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]) / 255


@pytest.mark.parametrize("greyscale", [False, True])
def test_the_lines_on_every_pawn_stand_out_from_its_colour(tmp_path, greyscale):
    """Round 9 (hobbyist): the cut outline and fold dashes of each paper pawn,
    read from page 2, differ from the pawn's colour by a quarter of the grey
    scale at least (luma), in colour and in greyscale (dark grey on dark red
    and purple all but vanished: 0.1 or less)."""
    from pnp.fonts import Measurer
    from pnp.kits import get_kit
    from pnp.options import Options
    from pnp.outputs import render_one
    from pnp.paper import get_paper

    options = Options("en", get_paper("a4"), variant="greyscale" if greyscale else "colour")
    (pdf,) = render_one(get_kit(KIT), options, tmp_path, ("pdf",), 150, Measurer(), validate=False).files
    pawns = _pawn_colours(pdf)
    assert sorted(pawns) == sorted(SPEC.kinds)
    for pawn, (body, strokes) in pawns.items():
        assert strokes, f"{pawn}: no lines"
        for s in strokes:
            assert abs(_luma(s) - _luma(body)) >= 0.25, f"{pawn}: line {s} on body {body}"


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_first_heading_clears_the_setup_table(rendered, lang, paper):
    """Round 9 (native DE reader): the rules' first heading stood right on
    the setup table's last rule. Read from page 1: the lowest line drawn
    above the heading, in its column, ends 2 mm or more above the heading's
    capitals (about what the other headings have above them; it was 1.5)."""
    from tests.kits.test_table_ready import page_objects

    pdf = rendered(KIT, lang, paper)
    cat = load_catalog(KIT, lang)
    first_heading = cat.blocks("rules", **_values())[0].removeprefix("## ")
    (head,) = [ln for ln in page_lines(pdf)[0] if _norm(ln.text) == first_heading]
    h_mm = pdfium.PdfDocument(pdf)[0].get_size()[1] * 25.4 / 72
    base = h_mm - head.base * 25.4 / 72  # mm from the page's top
    caps = base - 0.73 * head.size * 25.4 / 72
    x = head.x * 25.4 / 72
    rules = [o for o in page_objects(pdf, 0) if o.kind == "path" and o.stroke > 0 and o.y1 - o.y0 < 1.0
             and o.x0 <= x + 2.0 and o.x1 >= x + 10.0 and o.y1 < base]
    rule = max(rules, key=lambda o: o.y1)
    assert caps - rule.ink()[3] >= 2.0, f"{caps - rule.ink()[3]:.2f} mm from the table's rule to {first_heading!r}"


# ---- round 10: the native readers' points, read from the rendered pages ----------------------------------------------


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_native_readers_round_10_wording(rendered, paper):
    """DE: the steps say 'bedruckte Seiten' (not 'Druck', read as pressure);
    the pawns go on any square (NL original 002: 'ergens op het bord'); the
    turn in brief puts a turnip on the pawn's turnip-free square (the pawn
    stands on it: it is not empty); no comma after 'Oder'. NL: the brand
    name on page 2 is never split over two lines (read line by line)."""
    de = joined(rendered(KIT, "de", paper), 0)
    for said in ("nach hinten, bedruckte Seiten nach außen", "stellt sie auf ein beliebiges Feld, aber nicht in die Scheune",
                 "auf das rübenfreie Feld deiner Figur", "Oder wie im Original:"):
        assert said in de, said
    for gone in ("Druck nach außen", "auf das leere Feld", "Oder,"):
        assert gone not in de, gone
    en = joined(rendered(KIT, "en", paper), 0)
    assert "empty square" not in en and "on your pawn’s square if no turnip lies there" in en
    nl = page_lines(rendered(KIT, "nl", paper))[1]
    brand = [ln for ln in nl if "Mens" in ln.text or "Niet" in ln.text]
    assert brand and all("Mens Erger Je Niet" in _norm(ln.text) for ln in brand), [ln.text for ln in brand]


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_pawns_faces_are_not_hatched_and_the_note_says_which_side_is_glued(rendered, lang, paper):
    """Round 12 (the hobbyist's 12th report): hatching on the printed faces
    read as "glue here", while the blank backs are what is glued, and hid
    the dashes of the middle fold. Read from page 2: each pawn's three folds
    are dashed, and no other stroke lies on it but its cut outline; the
    note beside the pawns says to fold printed side out and (round 18, the
    prism) where its tab is glued."""
    from tests.kits.test_table_ready import page_objects

    pdf = rendered(KIT, lang, paper)
    objs = [o for o in page_objects(pdf, 1) if o.tag and o.tag[0] == "pawn"]
    assert sorted({o.tag[1] for o in objs if o.tag}) == sorted(SPEC.kinds)
    for kind in SPEC.kinds:
        mine = [o for o in objs if o.tag == ("pawn", kind) and o.kind == "path"]
        folds = sorted((o for o in mine if o.dashed and o.w < 1.0), key=lambda o: o.x0)
        assert len(folds) == 3, f"{kind}: {len(folds)} folds"
        strokes = [o for o in mine if o.stroke > 0 and not o.dashed and not o.filled]
        assert len(strokes) == 1, f"{kind}: {len(strokes)} solid strokes (only the cut outline)"
    cat = load_catalog(KIT, lang)
    # round 18: the prism, printed side out, its tab glued inside the other end
    said = {"en": ("printed side out", "glue the tab inside the other end"),
            "nl": ("met de bedrukte kant naar buiten", "plak het plakrandje binnen in het andere uiteinde"),
            "de": ("der bedruckten Seite nach außen", "klebe die Lasche innen in das andere Ende")}[lang]
    text = joined(pdf, 1)
    for words in said:
        assert words in cat.text("pawns_note") and words in text, words
    assert not any(w in cat.text("pawns_note") for w in ("hatched", "gearceerde", "schraffiert"))


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_step_2_says_how_large_the_card_is(render, lang, paper):
    """Round 18 (hobbyist: 'half a sheet only just covers the folded frame,
    and the step gives no size'). Read from the PDF: step 2 in the top margin
    names the card's size, in mm on A4 and in inches with mm on Letter, and
    that card covers the folded frame measured on the page (the cut line's
    half from its left edge to the fold, by its height) with 2 to 8 mm to spare."""
    lines, (cx0, cy0, cx1, cy1), fold = _margin_lines(render, lang, paper)
    text = re.sub(r"(\w)- (\w)", r"\1\2", " ".join(ln[0] for ln in lines if ln[4] < cy0 and ln[1] > fold))
    step2 = text[text.find("2 "):text.find("3 ", text.find("2 "))]
    found = re.search(r"(\d+) × (\d+) mm", step2)
    assert found, step2
    w, h = (float(v) for v in found.groups())
    if paper == "letter":
        inch = re.search(r"(\d)([¼½¾]?) × (\d)([¼½¾]?) (?:in / |inch \(|Zoll \()", step2)
        assert inch, step2
        # native NL/DE 17: the inch in each language's own word, as the rest of that kit has it
        assert {"en": " in / ", "nl": " inch (", "de": " Zoll ("}[lang] in step2, step2
        q = {"": 0.0, "¼": 0.25, "½": 0.5, "¾": 0.75}
        iw, ih = int(inch[1]) + q[inch[2]], int(inch[3]) + q[inch[4]]
        assert (w, h) == (round(iw * 25.4), round(ih * 25.4)), (iw, ih, w, h)
    frame_w, frame_h = fold - cx0, cy1 - cy0
    assert 2.0 <= w - frame_w <= 8.0 and 2.0 <= h - frame_h <= 8.0, (w, h, frame_w, frame_h)


# the duel's last original sentence, the turn passing in our marked suggestion (native NL/DE 17: the bracketed
# "[Then the next player's turn.]" inside the original's paragraph was an unmarked addition), and a bracket word
TURN_AFTER = {"en": ("correctly guessed turnips.", "our suggestion: after the duel,",
                     "and the next player (clockwise) has the turn.", "[Then"),
              "nl": ("goed geraden knollen.", "ons voorstel: na het duel", "en is de volgende aan de beurt.", "[Daarna"),
              "de": ("richtig geratenen Rüben.", "unser Vorschlag: Nach dem Duell", "der Nächste ist dran.", "[Danach")}


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_the_turn_passes_after_a_won_duel_too(rendered, lang, paper):
    """Round 18: the originals (seeds 000-002) pass the turn clockwise when
    both guess wrong and say nothing after a won duel. Native NL/DE 17: our
    reading is stated in the marked suggestion block (after any duel), not
    in brackets inside the original's paragraph. Read from page 1 of the PDF:
    the duel's paragraph ends with the original's sentence, no bracketed
    turn follows it, our block says the turn passes, and the original's
    clockwise sentence is kept."""
    first = joined(rendered(KIT, lang, paper), 0)
    end, label, ours, bracket = TURN_AFTER[lang]
    at = first.find(end)
    assert at >= 0 and bracket not in first, first[at - 20:at + 80]
    assert at < first.index(label) < first.index(ours, first.index(label)), first[at:at + 600]
    assert {"en": "next player's turn (in clockwise order)", "nl": "volgende speler (met de klok mee)",
            "de": "im Uhrzeigersinn"}[lang] in first.replace("’", "'")
