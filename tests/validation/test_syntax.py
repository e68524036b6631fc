"""pnp.validation.syntax: the PDF's structure as qpdf reads it."""

from __future__ import annotations

from io import BytesIO

import pytest


def _form_on_two_pages(second_has_font: bool) -> bytes:
    """Two pages drawing the same form XObject, which has no resources of
    its own: it shows text in the font /F1 of whichever page draws it."""
    import pikepdf

    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    form = pdf.make_stream(b"BT /F1 12 Tf 10 10 Td (Rules) Tj ET", Type=pikepdf.Name.XObject,
                           Subtype=pikepdf.Name.Form, BBox=[0, 0, 100, 40])
    for i in range(2):
        pdf.add_blank_page(page_size=(595, 842))
        fonts = pikepdf.Dictionary(F1=font) if i == 0 or second_has_font else pikepdf.Dictionary()
        pdf.pages[i].obj.Resources = pdf.make_indirect(pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fx=form), Font=fonts))
        pdf.pages[i].obj.Contents = pdf.make_stream(b"q 1 0 0 1 100 100 cm /Fx Do Q")
    out = BytesIO()
    pdf.save(out, deterministic_id=True)
    return out.getvalue()


def test_a_form_is_read_again_with_each_pages_resources():
    """A form drawn on several pages is parsed once per set of resources it
    is read with: the second page's missing font is still found."""
    from pnp.validation.syntax import Invalid, read_syntax

    assert read_syntax(_form_on_two_pages(second_has_font=True)).pages == 2
    with pytest.raises(Invalid, match="page 2: text uses the font /F1, which the page does not have"):
        read_syntax(_form_on_two_pages(second_has_font=False))
