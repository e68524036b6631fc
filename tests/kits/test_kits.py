"""Kit-generic checks of the page data against each kit's own game facts:
what the rules demand is drawn, and no rules text is lost."""

from __future__ import annotations

from collections import Counter

import pytest

from pnp.geometry import is_inked, tagged, walk
from pnp.i18n import load_catalog
from pnp.kits import Kit, get_kit, registry
from pnp.textflow import parse_blocks, plain
from pnp.validation.checks import counted
from pnp.validation.checks import normalise as unset
from tests.helpers import COMBOS, KIT_IDS, joined_text


def test_every_kit_has_a_templates_folder_and_every_folder_a_kit():
    from pnp.paths import TEMPLATES

    folders = {p.name for p in TEMPLATES.iterdir() if p.is_dir() and p.name != "common"}
    assert "tab" in registry()
    assert set(registry()) == folders
    for kit_id, kit in registry().items():
        assert isinstance(kit, Kit) and kit.id == kit_id
        assert (TEMPLATES / kit_id / "lang" / "en.toml").is_file()


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_game_facts_hold_their_own_invariants(kit_id):
    kit = get_kit(kit_id)
    spec = kit.load_spec()
    invariants = kit.invariants(spec)
    assert invariants, "a kit states at least one invariant of its game facts"
    broken = [(name, detail) for name, holds, detail in invariants if not holds]
    assert not broken


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_player_counts_are_sensible(kit_id):
    kit = get_kit(kit_id)
    counts = kit.player_counts(kit.load_spec())
    assert counts and all(isinstance(n, int) and 1 <= n <= 8 for n in counts)


@pytest.mark.parametrize(("kit_id", "lang", "paper_id"), COMBOS)
def test_pages_draw_the_components_the_rules_demand(built, kit_id, lang, paper_id):
    b = built(kit_id, lang, paper_id)
    kit = b.kit
    found: Counter[tuple[str, str]] = Counter()
    for page in b.pages:
        if page.instead_of:  # a page printed in place of another (Tâb's solid black pieces): counted once, there
            continue
        for g, _ in tagged(page.items):
            if any(is_inked(s) for s, _, _ in walk(g.items)):
                found[g.tag] += 1
    want = kit.expected(kit.load_spec(), b.options)
    assert want
    got, stray = counted(want, found)  # the validator's count (unit-tested in tests/validation)
    for key, n in want.items():
        assert got[key] == n, f"{key}: the rules call for {n}, the pages draw {got[key]}"
    assert not stray, f"components the rules do not call for: {stray[:5]}"


@pytest.mark.parametrize(("kit_id", "lang", "paper_id"), COMBOS)
def test_no_rules_text_is_lost(built, kit_id, lang, paper_id):
    b = built(kit_id, lang, paper_id)
    cat = load_catalog(kit_id, lang)
    if "rules" not in cat.strings:
        pytest.skip(f"{kit_id} has no 'rules' text")
    values = b.kit.text_values(b.kit.load_spec(), b.options)
    blocks = [bl for bl in parse_blocks(cat.blocks("rules", **values)) if bl.kind != "diagram"]
    assert blocks
    # spaces, line breaks and hyphens are the typesetter's; the words are the text's
    text = unset("".join(joined_text(p) for p in b.pages))
    lost = [plain(bl)[:60] for bl in blocks if unset(plain(bl)) not in text]
    assert not lost, f"rules text missing from the pages: {lost[:3]}"


def test_get_kit_finds_each_kit_by_its_module_and_no_other():
    """get_kit imports only the module named after the kit (rendering one kit
    does not load the others' layout), and gives the registry's object."""
    import subprocess
    import sys

    from pnp.kits import get_kit, registry

    for kit_id, kit in registry().items():
        assert get_kit(kit_id) is kit
    code = "import sys; from pnp.kits import get_kit; get_kit('tab'); print(sorted(m for m in sys.modules if m.startswith('pnp.kits.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "['pnp.kits.tab']"
