"""The Ludo cards at the table (issue 23, round 4), read from the rendered
PDFs with PDFium, knowing nothing of the layout's data: our note on who
starts after the original rules; the numbered workflow on the printing guide
with counts that match the card pages; the back pages pointing to the guide;
the labels under the rules' example stacks."""

from __future__ import annotations

import ctypes
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.fonts import Measurer
from pnp.i18n import load_catalog
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from tests.helpers import LANGS, PAPER_IDS
from tests.printer import MM, Box, PageView, inked_share, path_boxes, read_pages
from tests.textlines import page_lines


@pytest.fixture(scope="module")
def ludo(tmp_path_factory):
    """ludo(lang, paper="a4", backs="duplex-long", players=None) -> the PDF, rendered once."""
    folder = tmp_path_factory.mktemp("ludo-guide")
    measure = Measurer()
    cache: dict[tuple, Path] = {}

    def get(lang: str, paper: str = "a4", backs: str = "duplex-long", players: int | None = None) -> Path:
        key = (lang, paper, backs, players)
        if key not in cache:
            out = folder / "-".join(map(str, key))
            opts = Options(lang, get_paper(paper), backs=backs, players=players)  # type: ignore[arg-type]
            (cache[key],) = render_one(get_kit("ludo-cards"), opts, out, ("pdf",), 150, measure, validate=False).files
        return cache[key]

    return get


def norm(text: str) -> str:
    """One space between words; a hyphen PDFium marks as ending a line joins the word again."""
    text = text.replace("\x02\r\n", "").replace("\x02", "").replace("\ufffe", "")
    return " ".join(text.replace("\u00a0", " ").split())


def page_texts(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    try:
        return [norm(doc[i].get_textpage().get_text_range()) for i in range(len(doc))]
    finally:
        doc.close()


def heading(text: str) -> str:
    return text.removeprefix("## ")


def guide_index(pdf: Path, lang: str) -> int:
    """The index of the printing guide's page: the one under its first heading."""
    head = heading(load_catalog("ludo-cards", lang).raw("guide")[0])
    (index,) = [i for i, text in enumerate(page_texts(pdf)) if head in text]
    return index


def rules_indices(pdf: Path, lang: str) -> list[int]:
    """The pages of the rules: from page 1 to the one that ends with our note on who starts."""
    note = heading(load_catalog("ludo-cards", lang).raw("rules_note")[0])
    texts = page_texts(pdf)
    last = next(i for i, text in enumerate(texts) if note in text)
    return list(range(last + 1))


# ---- 1. who starts: our suggestion, after the original rules ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPER_IDS)
def test_who_starts_is_our_note_after_the_original_rules(ludo, lang, paper):
    """The original never says who starts. The rules pages (page 1 and the
    page on its back) say it after the last of the original rules, under a
    heading of its own, and say it is ours."""
    cat = load_catalog("ludo-cards", lang)
    pdf = ludo(lang, paper)
    indices = rules_indices(pdf, lang)
    assert len(indices) <= 2, "the rules fill one sheet"
    page1 = " ".join(page_texts(pdf)[i] for i in indices)
    rules = cat.raw("rules")
    note = cat.raw("rules_note")
    assert isinstance(rules, list) and isinstance(note, list)
    last_rule = norm(rules[-1].removeprefix("- "))
    note_head = heading(note[0])
    assert note_head in page1 and last_rule in page1
    assert page1.index(note_head) > page1.index(last_rule), "the note comes after the original rules"
    ours = {"en": "our suggestion", "nl": "ons voorstel", "de": "unser Vorschlag"}[lang]
    assert ours in page1[page1.index(note_head):], "the note says it is not the original's"
    assert not any(note_head in r for r in rules), "the original rules have no such heading"


# ---- 2. the guide's numbered workflow, its counts those of the card pages ------------------------------------------

def game_facts() -> dict:
    import tomllib

    from pnp.paths import TEMPLATES

    return tomllib.loads((TEMPLATES / "ludo-cards" / "game.toml").read_text("utf-8"))


def full_length_cuts(page: PageView, cards: list) -> int:
    """The straight lines on a page of fronts that run the whole block of
    cards, down or across: each is one cut of a ruler and a knife."""
    x0, y0 = min(c.box.x0 for c in cards), min(c.box.y0 for c in cards)
    x1, y1 = max(c.box.x1 for c in cards), max(c.box.y1 for c in cards)
    down = {round(ln.cx, 1) for ln in page.lines if ln.w < 1.0 and ln.y0 <= y0 + 0.5 and ln.y1 >= y1 - 0.5}
    across = {round(ln.cy, 1) for ln in page.lines if ln.h < 1.0 and ln.x0 <= x0 + 0.5 and ln.x1 >= x1 - 0.5}
    return len(down) + len(across)


def counted(pdf: Path) -> dict[str, object]:
    """The workflow's numbers as the file shows them: the card pages, the
    cards on them, the cuts on a sheet of fronts."""
    pages = read_pages(pdf)
    fronts = [p for p in pages if p.of("card")]
    assert fronts and all(p.number % 2 == 1 for p in fronts), "fronts are odd pages"
    on_sheet = [len(p.of("card")) for p in fronts]
    cuts = {full_length_cuts(p, p.of("card")) for p in fronts}
    assert len(cuts) == 1, cuts
    first_front = fronts[0].number
    last = max(p.number for p in pages if p.of("card") or p.of("back"))  # the spare backs of the appendix follow
    return {"first": first_front - 2, "second": first_front - 1, "third": first_front, "last": last,
            "sheets": len(fronts), "per_sheet": max(on_sheet), "cards": sum(on_sheet), "cuts": cuts.pop()}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("paper", "backs", "players"),
                         [("a4", "duplex-long", None), ("letter", "duplex-long", 2), ("a4", "duplex-short", 3)])
def test_the_guide_walks_from_print_to_sorted_stacks(ludo, lang, paper, backs, players):
    """The guide's page is a numbered workflow: print the test, check it, print the
    cards, cut, sort. Its numbers are those of this file: the pages, the
    sheets of fronts, the cards on a sheet and in all, the full-length cuts
    on a sheet of fronts; the stacks those of the game facts."""
    pdf = ludo(lang, paper, backs, players)
    cat = load_catalog("ludo-cards", lang)
    found = counted(pdf)
    assert found["cards"] == len(game_facts()["values"]) * game_facts()["stack_height"] * (players or 4)
    cuts = found["cuts"]
    guide_raw = cat.raw("guide")
    assert isinstance(guide_raw, list)
    first_section = guide_raw[1:next(i for i, s in enumerate(guide_raw) if i and s.startswith("## "))]
    steps = [s for s in first_section if re.match(r"\d\. ", s)]
    assert [s[0] for s in steps] == ["1", "2", "3", "4", "5"], "five numbered steps"
    text = page_texts(pdf)[guide_index(pdf, lang)]
    values = {**found, "edge": cat.text("edge_long" if backs == "duplex-long" else "edge_short"),
              "edge_dialog": cat.text("edge_long_dialog" if backs == "duplex-long" else "edge_short_dialog"),
              "stacks": len(game_facts()["values"]), "height": game_facts()["stack_height"]}
    # the cut step: the cuts down and across, read from the page, add up to the cuts the file has
    cut_step = next(s for s in steps if "{cuts}" in s)
    pattern = re.escape(norm(cut_step[3:].replace("**", "")))
    for key in ("cuts", "per_sheet", "cards"):
        pattern = pattern.replace(re.escape("{" + key + "}"), str(values[key]))
    pattern = pattern.replace(re.escape("{down}"), r"(\d+)").replace(re.escape("{across}"), r"(\d+)")
    said = re.search(pattern, text)
    assert said, f"the cut step with {cuts} cuts, {values['per_sheet']} a sheet, {values['cards']} cards not on the guide's page"
    assert int(said.group(1)) + int(said.group(2)) == cuts
    for step in steps:
        if step is cut_step:
            continue
        want = norm(step[3:].replace("**", "").format(**values))
        assert want in text, f"not on the guide's page: {want!r}"


# ---- 3. the back pages say the backs are upside down on purpose, and where the guide says why ---------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("paper", "backs"), [("a4", "duplex-long"), ("letter", "duplex-long"), ("a4", "duplex-short")])
def test_back_pages_say_they_are_upside_down_on_purpose(ludo, lang, paper, backs):
    """Every page whose backs are printed turned (their text runs right to
    left on the page) says so in its header and names a page; that page is
    the printing guide, which explains the turn. Upright backs say nothing
    of the kind."""
    pdf = ludo(lang, paper, backs)
    cat = load_catalog("ludo-cards", lang)
    texts = page_texts(pdf)
    pattern = re.escape(norm(cat.text("sheet_backs_upside_down", page=999))).replace("999", r"(\d+)")
    explained = norm(cat.text("guide_upside_down"))
    back_pages = [p for p in read_pages(pdf) if p.of("back")]
    assert back_pages
    for p in back_pages:
        turned = [b for comp in p.of("back") for b in comp.baselines if b[0] < -0.99]
        upright = [b for comp in p.of("back") for b in comp.baselines if b[0] > 0.99]
        assert bool(turned) != bool(upright), f"page {p.number}: backs all one way"
        said = re.search(pattern, texts[p.number - 1])
        if not turned:
            assert said is None, f"page {p.number}: upright backs called upside down"
            continue
        assert said, f"page {p.number}: turned backs, and no word of it"
        guide = int(said.group(1))
        assert guide < p.number and explained in texts[guide - 1], f"page {guide} does not explain the turn"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("paper", "backs", "players"),
                         [("a4", "duplex-long", None), ("letter", "duplex-short", None), ("a4", "duplex-long", 2)])
def test_back_pages_name_the_page_of_their_fronts(ludo, lang, paper, backs, players):
    """The header of a page of backs names, by number, the page its cards'
    fronts are on (native8-nl 14: not "the sheet before", which it is not):
    the page just before it, holding fronts of the same colour, as many as
    there are backs."""
    pdf = ludo(lang, paper, backs, players)
    cat = load_catalog("ludo-cards", lang)
    texts = page_texts(pdf)
    pages = read_pages(pdf)
    back_pages = [p for p in pages if p.of("back")]
    assert back_pages
    for p in back_pages:
        colour = p.of("back")[0].value
        name = cat.text(colour)
        said = norm(cat.text("sheet_backs", colour=name, page=p.number - 1))  # the colour as named
        assert said in texts[p.number - 1], f"page {p.number}: its header does not say {said!r}"
        assert len(re.findall(re.escape(said.split("(")[0]), texts[p.number - 1])) == 1
        fronts = pages[p.number - 2].of("card")
        assert len(fronts) == len(p.of("back")), f"page {p.number - 1}: not the fronts of page {p.number}"
        assert all(c.value.startswith(colour + "-") for c in fronts), f"page {p.number - 1}: another colour"


# ---- 4. the rules' example stacks are named under them -------------------------------------------------------------

def small_text(pdf: Path, index: int, text: str, below_pt: float = 7.3) -> list[tuple[float, float, float]]:
    """Where `text` stands on a page in type smaller than `below_pt` (a
    drawing's label, not the running text): (left, right, top) in mm, y down."""
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[index]
        h = page.get_size()[1]
        tp = page.get_textpage()
        found = []
        search = tp.search(text, match_case=True, match_whole_word=True)
        while (hit := search.get_next()) is not None:
            i, n = hit
            mat = raw.FS_MATRIX()
            raw.FPDFText_GetMatrix(tp.raw, i, ctypes.byref(mat))
            if raw.FPDFText_GetFontSize(tp.raw, i) * (mat.a * mat.a + mat.b * mat.b) ** 0.5 >= below_pt:
                continue  # pt on the page
            boxes = [tp.get_charbox(k) for k in range(i, i + n)]
            found.append((min(b[0] for b in boxes) * MM, max(b[2] for b in boxes) * MM, (h - max(b[3] for b in boxes)) * MM))
        return found
    finally:
        doc.close()


def card_outlines(pdf: Path, index: int, w: float, h: float) -> list[Box]:
    """The outlines the size of a small drawn card (w x h mm) on a page."""
    return [b for b in path_boxes(pdf, index) if abs(b.w - w) < 0.6 and abs(b.h - h) < 0.6]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPER_IDS)
def test_the_example_stacks_are_named_under_them(ludo, lang, paper):
    """Both pictures of RED's stacks name each stack under it, as the rules
    call them ("stack 3"), in the order the rules lay them out (1, 2, 3, 4
    from the left); each name sits under the foot of a drawn card, centred
    on it, and the stacks stand the same way in both pictures. The drawn
    cards are 25 mm wide at least, the names in 7 pt at least (a review
    found 17 mm cards and 5 pt names too small)."""
    pdf = ludo(lang, paper)
    cat = load_catalog("ludo-cards", lang)
    facts = game_facts()
    cw, ch = (v * 0.4 for v in facts["card"])  # the rules draw the cards at 0.4 of their size
    assert cw >= 25.0
    pictures = []  # (page index, the names of one picture)
    for index in rules_indices(pdf, lang):
        cards = card_outlines(pdf, index, cw, ch)
        # a name is a line of its own (page 2's copies of the quick reference say "stack 3" in small type too)
        alone = {norm(ln.text) for ln in page_lines(pdf)[index]}
        names = {v: small_text(pdf, index, cat.text("diagram_stack", value=v)) if cat.text("diagram_stack", value=v) in alone
                 else [] for v in facts["values"]}
        if not any(names.values()):
            continue
        assert len(cards) >= len(facts["values"]), "the drawn cards"
        sizes = [ln.size for ln in page_lines(pdf)[index]
                 if norm(ln.text) in {cat.text("diagram_stack", value=v) for v in facts["values"]}]
        assert sizes and min(sizes) >= 7.0 - 0.05, f"the stacks' names in {min(sizes, default=0):.1f} pt"
        for v, found in names.items():
            assert len(found) in (1, 2), f"stack {v} named {len(found)} times on page {index + 1}"
        for picture in range(len(names[facts["values"][0]])):
            row = [sorted(names[v], key=lambda f: f[2])[picture] for v in facts["values"]]
            pictures.append(row)
            assert all(abs(r[2] - row[0][2]) < 0.2 for r in row), "the names stand on one line"
            lefts = [r[0] for r in row]
            assert lefts == sorted(lefts), "the stacks named 1, 2, 3, 4 from the left"
            for left, right, top in row:
                centre = (left + right) / 2
                over = [c for c in cards if c.x0 < centre < c.x1 and 0 < top - c.y1 < 5.0]
                assert over, f"no drawn card right above the name at {centre:.1f} mm"
                stack = Box(min(c.x0 for c in over), min(c.y0 for c in over), max(c.x1 for c in over),
                            max(c.y1 for c in over))
                assert abs(stack.cx - centre) < 0.5, "the name is centred under its stack"
    assert len(pictures) == 2, "two pictures"
    first, second = ([r[0] for r in row] for row in pictures)
    assert all(abs((a - first[0]) - (b - second[0])) < 0.2 for a, b in zip(first, second, strict=True)), \
        "the stacks stand in the same places in both pictures"


# ---- 5. the appendix: spare backs in light ink, cut like the fronts ------------------------------------------------

def cut_positions(page: PageView, block: tuple[float, float, float, float]) -> tuple[list[float], list[float]]:
    """The x of the lines running the whole block down, the y of those running it across."""
    x0, y0, x1, y1 = block
    down = sorted({round(ln.cx, 1) for ln in page.lines if ln.w < 1.0 and ln.y0 <= y0 + 0.5 and ln.y1 >= y1 - 0.5})
    across = sorted({round(ln.cy, 1) for ln in page.lines if ln.h < 1.0 and ln.x0 <= x0 + 0.5 and ln.x1 >= x1 - 0.5})
    return down, across


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("paper", "backs", "players"), [("a4", "duplex-long", None), ("letter", "duplex-short", 2)])
def test_spare_backs_follow_the_cards_in_light_ink_cut_like_the_fronts(ludo, lang, paper, backs, players):
    """After the last sheet of cards, one page a colour of spare backs: in
    light ink (where a page of the kit's backs is mostly colour), upright,
    as many as a sheet of fronts holds, on the same cut lines as the fronts
    (so a back cut out is a card's size), and its header says how many times
    to print it: the colour's sheets of fronts."""
    pdf = ludo(lang, paper, backs, players)
    cat = load_catalog("ludo-cards", lang)
    pages = read_pages(pdf)
    texts = page_texts(pdf)
    lines = page_lines(pdf)
    last = max(p.number for p in pages if p.of("card") or p.of("back"))
    spares = pages[last:]
    colours = [c["id"] for c in game_facts()["colours"]][: players or None]
    assert len(spares) == len(colours), "a page of spare backs a colour"
    fronts = [p for p in pages if p.of("card")]
    per_sheet = len(fronts[0].of("card"))
    cards = fronts[0].of("card")
    block = (min(k.box.x0 for k in cards), min(k.box.y0 for k in cards),
             max(k.box.x1 for k in cards), max(k.box.y1 for k in cards))
    cuts = cut_positions(fronts[0], block)
    title = norm(cat.text("back_title"))
    colour_back = next(p for p in pages if p.of("back"))
    assert inked_share(pdf, colour_back.number - 1) > 0.45, "the kit's own backs are solid colour"
    for page, colour in zip(spares, colours, strict=True):
        text = texts[page.number - 1]
        assert not page.of("card") and not page.of("back"), "no card of the deck counted twice"
        assert inked_share(pdf, page.number - 1) < 0.25, f"page {page.number}: not light ink"
        upright = " ".join(ln.text for ln in lines[page.number - 1])  # page_lines leaves turned text out
        named = len(re.findall(rf"(?<!\w){re.escape(cat.text(colour).upper())}(?!\w)", upright))
        assert named == per_sheet and text.count(title) >= per_sheet, f"page {page.number}: {named} backs"
        assert cut_positions(page, block) == cuts, f"page {page.number}: cut otherwise than the fronts"
        times = sum(1 for p in fronts if p.of("card")[0].value.startswith(colour + "-"))
        assert norm(cat.text("sheet_spare_backs", colour=cat.text(colour),
                             spare_times=times)) in text, f"page {page.number}: the header"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_steps_without_a_duplex_printer_stay_with_their_heading(ludo, lang, paper):
    """The steps for a printer without duplex are one sequence: their
    heading, its note and all the steps stand in one column of the guide
    page, so that no step sits at the top of the other column, where it
    would read as the rest of the numbered workflow (native5-de 10)."""
    cat = load_catalog("ludo-cards", lang)
    guide = list(cat.raw("guide"))
    start = next(i for i in range(guide.index("[[diagram:flip]]"), len(guide)) if guide[i].startswith("## "))
    steps = []
    for block in guide[start + 1:]:
        if block.startswith("## "):
            break
        if re.match(r"\d+\. ", block):
            steps.append(" ".join(block.split()[:3]))  # "1. Print only", marker and two words, before any {value}
    assert len(steps) >= 3
    pdf = ludo(lang, paper)
    lines = page_lines(pdf)[guide_index(pdf, lang)]
    head = next(ln for ln in lines if norm(ln.text) == heading(guide[start]))
    # the column under the heading: lines starting at its left edge or indented a little, down to the next heading
    column = sorted((ln for ln in lines if head.x - 2 <= ln.x <= head.x + 30 and ln.base < head.base), key=lambda ln: -ln.base)
    below = []
    for ln in column:
        if ln.bold and not re.match(r"\d+\.", ln.text):
            break
        below.append(norm(ln.text))
    for step in steps:
        assert any(text.startswith(step) for text in below), f"{lang} {paper}: {step!r} is not under {heading(guide[start])!r}"


# ---- 5. page 1 opens with the quick route, in a frame of its own -------------------------------------------------

def text_box(pdf: Path, index: int, text: str) -> Box:
    """Where the first `text` stands on a page, in mm (y down)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[index]
        h = page.get_size()[1]
        tp = page.get_textpage()
        hit = tp.search(text, match_case=True).get_next()
        assert hit is not None, f"{text!r} not on page {index + 1}"
        boxes = [tp.get_charbox(k) for k in range(hit[0], hit[0] + hit[1])]
        return Box(min(b[0] for b in boxes) * MM, (h - max(b[3] for b in boxes)) * MM,
                   max(b[2] for b in boxes) * MM, (h - min(b[1] for b in boxes)) * MM)
    finally:
        doc.close()


def inside(inner: Box, outer: Box) -> bool:
    return outer.x0 < inner.x0 and inner.x1 < outer.x1 and outer.y0 < inner.y0 and inner.y1 < outer.y1


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("paper", "backs"), [("a4", "duplex-long"), ("letter", "duplex-short")])
def test_page_1_opens_with_the_quick_route_in_a_frame(ludo, lang, paper, backs):
    """The quick route (the backs only look nice, so print the fronts alone)
    stands first on page 1, in a frame of its own that holds its heading and
    its last line and nothing of the rules; the first rules heading comes
    below the frame."""
    pdf = ludo(lang, paper, backs)
    cat = load_catalog("ludo-cards", lang)
    quick = cat.raw("quick")
    assert isinstance(quick, list)
    head = text_box(pdf, 0, heading(quick[0]))
    last = text_box(pdf, 0, norm(quick[-1].format(guide=guide_index(pdf, lang) + 1))[:30])
    rules_head = text_box(pdf, 0, heading(cat.raw("rules")[0]))
    frames = [b for b in path_boxes(pdf, 0) if inside(head, b) and inside(last, b)]
    assert frames, "no frame around the quick route"
    frame = min(frames, key=lambda b: (b.x1 - b.x0) * (b.y1 - b.y0))
    assert frame.y1 - frame.y0 < 90.0, "the frame is not the page"
    assert not inside(rules_head, frame) and rules_head.y0 > frame.y1, "the rules start below the frame"
    words = norm(page_texts(pdf)[0])
    assert words.index(heading(quick[0])) < words.index(heading(cat.raw("rules")[0])), "the quick route comes first"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("paper", "players"), [("a4", None), ("letter", 2)])
def test_quick_route_names_each_colours_front_pages(ludo, lang, paper, players):
    """Page 1's quick route lists the pages of fronts colour by colour
    ("7, 9, 11 (red), ..."; hobby8): whoever plays with fewer colours prints
    only theirs. Each colour's pages are exactly the pages whose cards are
    of that colour, read from the PDF."""
    pdf = ludo(lang, paper, "duplex-long", players)
    cat = load_catalog("ludo-cards", lang)
    first = page_texts(pdf)[0]
    named = {name: [int(n) for n in nums.split(", ")]
             for nums, name in re.findall(r"((?:\d+, )*\d+) \(([^()\d]+)\)", first)
             if name in {cat.text(c) for c in ("red", "blue", "yellow", "green")}}
    want: dict[str, list[int]] = {}
    for p in read_pages(pdf):
        if p.of("card"):
            (colour,) = {c.value.split("-")[0] for c in p.of("card")}
            want.setdefault(cat.text(colour), []).append(p.number)
    assert len(want) == (players or 4)
    assert named == want
