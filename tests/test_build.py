"""pnp.build: file names, the keywords the validator reads, print variants
and the atomic write."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import pnp.build
from pnp import __version__
from pnp.build import write_atomic
from pnp.errors import OutputError
from pnp.geometry import BLACK, Text, walk
from pnp.kits import get_kit
from pnp.naming import file_stem, kit_claim, read_keywords
from pnp.options import Options
from pnp.paper import get_paper
from tests.helpers import KIT_IDS, LANGS, PAPER_IDS


def test_file_stem_is_kit_lang_paper_by_default():
    assert file_stem("tab", Options("en", get_paper("a4"))) == "tab-en-a4"


def test_file_stem_names_every_non_default_choice():
    opts = Options("de", get_paper("letter"), players=3, backs="gutterfold", back_offset=(0.5, -1.0),
                   variant="greyscale")
    assert file_stem("ludo-cards", opts) == "ludo-cards-de-letter-3p-gutterfold-offset+0.5-1-greyscale"


def test_file_stems_differ_for_every_kit_language_and_paper():
    stems = {file_stem(k, Options(lg, get_paper(p))) for k in KIT_IDS for lg in LANGS for p in PAPER_IDS}
    assert len(stems) == len(KIT_IDS) * len(LANGS) * len(PAPER_IDS)


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_keywords_state_what_the_file_is(built, kit_id):
    b = built(kit_id, "nl", "letter")
    kw = read_keywords(b.keywords)
    assert kw["pnp"] == __version__
    assert (kw["kit"], kw["lang"], kw["paper"]) == (kit_id, "nl", "letter")
    assert kw["pages"] == str(len(b.pages))
    assert kw["players"] == "all" and kw["variant"] == "colour"


def test_keywords_for_a_kit_without_backs_say_none():
    kit = get_kit("tab")
    assert "backs" not in kit.options
    kw = read_keywords(kit_claim(kit.id, "backs" in kit.options, Options("en", get_paper("a4"), backs="gutterfold"), 3).keywords())
    assert kw["backs"] == "none"


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_built_title_names_kit_language_and_paper(built, kit_id):
    from pnp.i18n import load_catalog

    b = built(kit_id, "de", "a4")
    cat = load_catalog(kit_id, "de")
    assert cat.text("title") in b.title and "Deutsch" in b.title and "A4" in b.title
    assert b.subject and b.credits


def _colours(pages):
    for page in pages:
        for s, _, _ in walk(page.items):
            if isinstance(s, Text):
                yield "text", s.color
            else:
                for kind in ("stroke", "fill"):
                    c = getattr(s.style, kind)
                    if c is not None:
                        yield kind, c


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_greyscale_has_no_colour_and_the_same_shapes(built, kit_id):
    colour = built(kit_id, "en", "a4")
    grey = built(kit_id, "en", "a4", variant="greyscale")
    assert len(grey.pages) == len(colour.pages)
    for a, b in zip(colour.pages, grey.pages, strict=True):
        assert [type(s) for s, _, _ in walk(a.items)] == [type(s) for s, _, _ in walk(b.items)]
    for _, (r, g, b) in _colours(grey.pages):
        assert r == pytest.approx(g) and g == pytest.approx(b)


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_ink_saver_lightens_fills_and_keeps_lines_and_text(built, kit_id):
    """The same page data with lighter fills; the one exception is Ludo's
    card backs, which drop their colour field (no tint over the whole
    sheet: tests/kits/test_ludo_printed.py), and the alignment test's back,
    which says so."""
    pages = built(kit_id, "en", "a4").pages
    saver_pages = built(kit_id, "en", "a4", variant="ink-saver").pages
    assert [p.label for p in pages] == [p.label for p in saver_pages]
    keep = [i for i, p in enumerate(pages) if not (kit_id == "ludo-cards" and p.label.startswith(("backs", "alignment back")))]
    assert len(keep) < len(pages) if kit_id == "ludo-cards" else len(keep) == len(pages)
    colour = list(_colours([pages[i] for i in keep]))
    saver = list(_colours([saver_pages[i] for i in keep]))
    assert len(colour) == len(saver)
    for (kind, before), (_, after) in zip(colour, saver, strict=True):
        if kind == "fill":
            assert sum(after) >= sum(before) - 1e-9, "a fill got darker"
            assert after != BLACK, "no solid black fills"
        elif kind == "text" and min(before) > 0.9:
            assert after == BLACK, "white lettering turns black on the light tints"
        else:
            assert after == before


# ---- write_atomic ----------------------------------------------------------

def test_write_atomic_writes_the_bytes(tmp_path):
    target = tmp_path / "sub" / "kit.pdf"
    write_atomic(target, b"%PDF-1.4 data")
    assert target.read_bytes() == b"%PDF-1.4 data"
    assert sorted(p.name for p in target.parent.iterdir()) == ["kit.pdf"]


def test_write_atomic_replaces_an_old_file(tmp_path):
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"old")
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]


def test_write_atomic_leaves_nothing_when_interrupted(tmp_path, monkeypatch):
    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(pnp.build.os, "replace", interrupted)
    target = tmp_path / "kit.pdf"
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"%PDF-1.4 data")
    assert not target.exists()
    assert list(tmp_path.iterdir()) == [], "a temporary file was left behind"


def test_write_atomic_keeps_the_old_file_when_interrupted(tmp_path, monkeypatch):
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"old")

    def failing(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pnp.build.os, "replace", failing)
    with pytest.raises(OutputError, match="kit.pdf: No space left on device"):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]


def test_written_files_get_the_usual_permissions(tmp_path):
    """A rendered kit is readable like any file the user creates (the umask
    decides), not private to its owner."""
    umask = os.umask(0o022)
    os.umask(umask)
    target = tmp_path / "kit.pdf"
    write_atomic(target, b"%PDF-1.4")
    assert oct(target.stat().st_mode & 0o777) == oct(0o666 & ~umask)


def test_an_existing_file_is_not_a_folder(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OutputError, match="cannot write"):
        write_atomic(Path(blocker / "kit.pdf"), b"data")


@pytest.mark.parametrize("where", ["open", "fdopen", "replace"])
def test_an_interrupt_at_any_step_of_write_atomic_leaves_no_part(tmp_path, monkeypatch, where):
    """Ctrl-C just after the temporary file was created (the old code made it
    before its try and left it empty), while it is written, or at the rename."""
    real = getattr(pnp.build.os, where)

    def step_then_interrupt(*args, **kwargs):
        result = real(*args, **kwargs)  # the step happens (the file exists), then the signal
        if where == "fdopen":
            result.close()
        raise KeyboardInterrupt

    monkeypatch.setattr(pnp.build.os, where, step_then_interrupt)
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"old")
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new")
    monkeypatch.undo()
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["kit.pdf"], left
    assert target.read_bytes() == (b"new" if where == "replace" else b"old")
