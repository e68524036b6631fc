"""pnp.validation.printed: the printed page, every placement of a form
judged on its own."""

from __future__ import annotations

from io import BytesIO

import pytest


def _form_placed_twice(page_marks: bool, cover_second: bool) -> bytes:
    """One page drawing a form XObject twice, 300 pt apart. The form holds a
    grey square with a black bar and a line of text; the marks are inside
    the form (around its square) or on the page (around each placement).
    Optionally a white box is painted over the second placement."""
    import pikepdf

    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    square = b"0.5 g 0 0 100 100 re f 0 g 0 40 100 20 re f"
    inner = square if page_marks else b"/pnp <</K (card) /V (inside)>> BDC " + square + b" EMC"
    form = pdf.make_stream(inner + b" BT /F1 12 Tf 0 110 Td (Rules text) Tj ET", Type=pikepdf.Name.XObject,
                           Subtype=pikepdf.Name.Form, BBox=[0, -10, 120, 130],
                           Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))
    placements = []
    for i, y in enumerate((100, 400)):
        draw = f"q 1 0 0 1 100 {y} cm /Fx Do Q".encode()
        placements.append(f"/pnp <</K (card) /V (page-{i})>> BDC ".encode() + draw + b" EMC" if page_marks else draw)
    cover = b" q 1 g 50 380 250 180 re f Q" if cover_second else b""
    content = pdf.make_stream(b" ".join(placements) + cover)
    pdf.add_blank_page(page_size=(595, 842))
    pdf.pages[0].obj.Contents = content
    pdf.pages[0].obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fx=form),
                                                    Font=pikepdf.Dictionary(F1=font))
    out = BytesIO()
    pdf.save(out, deterministic_id=True)
    return out.getvalue()


@pytest.mark.parametrize("page_marks", [False, True], ids=["marks-in-the-form", "marks-around-each-placement"])
def test_each_placement_of_a_form_is_judged_where_it_stands(page_marks):
    from pnp.validation.printed import read_printed

    (page,) = read_printed(_form_placed_twice(page_marks, cover_second=False), want_colour=False)
    assert [c.visible for c in page.components] == [True, True]
    assert page.text.split() == ["Rules", "text"] * 2 and page.hidden_text == 0
    lows = sorted(round(c.box[1]) for c in page.components)
    assert lows[1] - lows[0] == 300  # two places, not one box around both

    (page,) = read_printed(_form_placed_twice(page_marks, cover_second=True), want_colour=False)
    first, second = sorted(page.components, key=lambda c: c.box[1])
    assert first.visible and not second.visible, (first, second)
    assert page.text.split() == ["Rules", "text"] and page.hidden_text == 1
