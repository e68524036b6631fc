"""Trim the `name` table of the fonts in fonts/ to what a PDF subset needs.

DejaVu's `name` table carries the whole licence text twice (Mac and Windows
records, 15.8 KB per face), and reportlab copies the table into every
subset it embeds: about 5 KB per font in every PDF. This keeps the records
fontTools' subsetter keeps by default (name IDs 0-6: copyright, family,
style, unique id, full name, version, PostScript name; Windows platform
only) and leaves every other table byte for byte as it was. The licence is
in fonts/LICENSE-DejaVu.txt beside the fonts.

fontTools is needed only to run this once, not by pnp:

    python -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools
    /tmp/ft/bin/python scripts/trim_font_names.py fonts/*.ttf
"""

from __future__ import annotations

import sys

from fontTools.ttLib import TTFont


def trim(path: str) -> None:
    font = TTFont(path, recalcTimestamp=False, recalcBBoxes=False)
    table = font["name"]
    table.names = [r for r in table.names if r.platformID == 3 and r.nameID <= 6]
    font.save(path)


if __name__ == "__main__":
    for p in sys.argv[1:]:
        trim(p)
