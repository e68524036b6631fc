"""The validator against broken Kesse Rüben and Ludo kits: each must fail,
naming the component that is wrong."""

from __future__ import annotations

import dataclasses

from pypdf import PdfReader, PdfWriter

from pnp.kits import get_kit
from pnp.kits.ludo_cards import LudoSpec
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from pnp.validate import validate_file


def render(kit, tmp_path, measure, **options):
    result = render_one(kit, Options("en", get_paper("a4"), **options), tmp_path, ("pdf",), 150, measure, validate=False)
    return result.files[0]


def claiming(path, tmp_path, old: str, new: str):
    """A copy of a rendered PDF whose keywords say `new` where they said `old`."""
    writer = PdfWriter(clone_from=PdfReader(path))
    kw = str(writer.metadata["/Keywords"])
    assert old in kw
    writer.add_metadata({"/Keywords": kw.replace(old, new)})
    liar = tmp_path / f"claims-{new}.pdf"
    with liar.open("wb") as f:
        writer.write(f)
    return liar


def failing(report) -> dict[str, tuple[str, str]]:
    return {c.component: (c.expected, c.found) for c in report.checks if not c.ok}


def test_a_three_player_kit_claiming_to_be_for_two_fails(tmp_path, measure):
    path = render(get_kit("kesse-rueben"), tmp_path, measure, players=3)
    assert validate_file(path).ok
    report = validate_file(claiming(path, tmp_path, "players=3", "players=2"))
    assert not report.ok
    bad = failing(report)
    spec = get_kit("kesse-rueben").load_spec()
    for kind in spec.kinds:  # 2 players need 16 of each; the file has 12
        assert bad[f"token:{kind}"] == (str(spec.supply[2]), str(spec.supply[3]))


def test_a_kesse_kit_with_one_token_fewer_fails(tmp_path, measure):
    kit = get_kit("kesse-rueben")
    spec = kit.load_spec()
    short = dataclasses.replace(spec, supply={**spec.supply, 4: spec.supply[4] - 1})
    path = render(dataclasses.replace(kit, load_spec=lambda: short), tmp_path, measure, players=4)
    report = validate_file(path)
    bad = failing(report)
    assert bad["token:carrot"] == (str(spec.supply[4]), str(spec.supply[4] - 1))


def test_a_ludo_kit_with_one_card_fewer_fails(tmp_path, measure, monkeypatch):
    real = LudoSpec.deck

    def deck_without_one(self, colour):
        cards = real(self, colour)
        return [c for c in cards if not (colour.id == "blue" and c == (3, 4))]

    monkeypatch.setattr(LudoSpec, "deck", deck_without_one)
    path = render(get_kit("ludo-cards"), tmp_path, measure, backs="none")
    monkeypatch.undo()
    bad = failing(validate_file(path))
    assert bad["card:blue-3-4"] == ("1", "0")
    # the cards after the missing one move up a place, and their text with them
    assert set(bad) == {"card:blue-3-4", "components page by page", "component places", "text page by page",
                        "what each page prints"}
    assert "lacks card:blue-3-4" in bad["components page by page"][1]


def test_ludo_backs_must_equal_fronts(tmp_path, measure):
    path = render(get_kit("ludo-cards"), tmp_path, measure, players=2)
    assert validate_file(path).ok
    bad = failing(validate_file(claiming(path, tmp_path, "backs=duplex-long", "backs=none")))
    assert bad["back:red"] == ("0", "24") and bad["back:blue"] == ("0", "24")
