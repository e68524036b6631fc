"""pnp.naming writes and reads the same names: what a file is called and
what its keywords claim come back as they went in."""

from __future__ import annotations

import pytest

from pnp.errors import ValidationError
from pnp.modes import Backs, Variant
from pnp.naming import KitClaim, kit_claim, read_keywords, zip_name, zip_stem
from pnp.options import Options
from pnp.paper import get_paper


@pytest.mark.parametrize("backs", list(Backs))
def test_a_kit_claim_reads_back_as_written(backs):
    opts = Options("nl", get_paper("letter"), 3, backs, (0.5, -1.0) if backs.is_duplex else (0.0, 0.0),
                   Variant.INK_SAVER)
    kw = read_keywords(kit_claim("ludo-cards", True, opts, 17).keywords())
    assert (kw["kit"], kw["lang"], kw["paper"], kw["players"]) == ("ludo-cards", "nl", "letter", "3")
    assert KitClaim.parse_modes(kw, "ludo-cards", True) == (backs, Variant.INK_SAVER)
    assert KitClaim.parse_pages(kw) == 17
    assert KitClaim.parse_offset(kw) == opts.back_offset


def test_a_kit_without_backs_claims_none_and_refuses_others():
    kw = read_keywords(kit_claim("tab", False, Options("en", get_paper("a4"), backs="gutterfold"), 3).keywords())
    assert kw["backs"] == "none"
    with pytest.raises(ValidationError, match="has no cards with backs"):
        KitClaim.parse_modes({"backs": "duplex-long"}, "tab", False)
    with pytest.raises(ValidationError, match="pnp prints backs as one of duplex-long, duplex-short, gutterfold, none"):
        KitClaim.parse_modes({"backs": "duplex"}, "ludo-cards", True)


def test_a_zip_name_gives_back_its_stem():
    assert zip_name("tab-de-cards") == "tab-de-cards-png.zip"
    assert zip_stem("tab-de-cards-png.zip") == "tab-de-cards"
    assert zip_stem("tab-de-cards.zip") is None
