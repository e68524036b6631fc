"""pnp.plan: the checks across options and the jobs they make, without the
command line."""

from __future__ import annotations

import pytest

from pnp.errors import UsageError
from pnp.modes import Backs, Variant
from pnp.plan import Request, plan


def _jobs(req: Request) -> list[tuple[str, str, str]]:
    return [(kit.id, o.lang, o.paper.id) for kit, o in plan(req).jobs]


def test_a_kit_gets_a_job_for_each_language_and_paper_asked():
    assert _jobs(Request(("tab",), lang="nl")) == [("tab", "nl", "a4"), ("tab", "nl", "letter")]


def test_print_shop_pieces_alone_are_made_once_not_per_paper():
    assert _jobs(Request(("tab",), lang="de", formats=("cards",))) == [("tab", "de", "a4")]


def test_a_kit_gets_only_the_options_it_takes():
    req = Request(("tab", "ludo-cards"), lang="en", paper="a4", backs="gutterfold", backs_given=True,
                  greyscale=True)
    opts = {kit.id: o for kit, o in plan(req).jobs}
    assert opts["ludo-cards"].backs is Backs.GUTTERFOLD and opts["tab"].backs is Backs.DUPLEX_LONG
    assert opts["tab"].variant is opts["ludo-cards"].variant is Variant.GREYSCALE


@pytest.mark.parametrize(("req", "message"), [
    (Request(("tab",), backs="none", backs_given=True), "--backs: tab has no card backs"),
    (Request(("ludo-cards",), backs="gutterfold", back_offset=(1.0, 0.0)), "--back-offset shifts duplex backs"),
    (Request(("tab",), greyscale=True, ink_saver=True), "exclude each other"),
    (Request(("tab",), bleed=2.0), "--bleed and --preset are for --format cards"),
    (Request(("tab",), lang="xx"), "unknown language 'xx'"),
])
def test_a_request_that_makes_no_sense_is_a_usage_error(req, message):
    with pytest.raises(UsageError, match=message):
        plan(req)
