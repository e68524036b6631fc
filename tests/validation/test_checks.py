"""pnp.validation.checks, piece by piece: the matcher of the rules' keys and
the count of what prints."""

from __future__ import annotations

from pnp.validation.checks import component_checks, difference, normalise, tags_matching
from pnp.validation.printed import Component, PrintedPage


def _page(*tags: tuple[str, str], hidden: tuple[str, str] | None = None) -> PrintedPage:
    comps = [Component(k, v, (0.0, 0.0, 10.0, 10.0), True) for k, v in tags]
    if hidden:
        comps.append(Component(*hidden, (0.0, 0.0, 10.0, 10.0), False, "covered"))
    return PrintedPage((210.0, 297.0), components=comps)


def test_a_rules_key_matches_its_kind_and_value_and_the_values_it_prefixes():
    """The validator's matcher: "kind" every tag of the kind, "kind:value"
    that value and value-anything, never another kind or a longer word."""
    by_key = tags_matching([("square", "1-1"), ("piece", "light"), ("piece", "lightish"), ("card", "red-3"),
                            ("board", "4x9")])
    assert by_key[("square", "")] == [("square", "1-1")]
    assert by_key[("piece", "light")] == [("piece", "light")]
    assert by_key[("card", "red")] == [("card", "red-3")]
    assert ("piece", "dark") not in by_key
    assert sorted(by_key[("piece", "")]) == [("piece", "light"), ("piece", "lightish")]


def test_component_checks_count_what_prints_and_name_the_rest():
    printed = [_page(("card", "red-1"), ("card", "red-2"), ("card", "blue-1"), ("piece", "light")),
               _page(("card", "red-3"), ("die", "d6"), hidden=("piece", "dark"))]
    checks = {c.component: c for c in component_checks({"card:red": 3, "card:blue": 2, "piece": 1}, printed)}
    assert (checks["card:red"].found, checks["card:red"].ok) == ("3", True)
    assert (checks["card:blue"].found, checks["card:blue"].ok) == ("1", False)
    assert checks["piece"].ok  # the covered dark piece does not count ...
    assert not checks["components that print"].ok  # ... and is named
    assert "page 2: 1 x piece covered" in checks["components that print"].found
    assert checks["components the rules do not call for"].found == "1 (die:d6)"


def test_normalise_drops_what_typesetting_adds():
    assert normalise("Two  play-\ners\x02 take\nturns\u00ad") == "Twoplayerstaketurns"


def test_a_page_difference_is_said_in_words():
    from collections import Counter

    want = Counter({("card", "red-1"): 2, ("die", "d6"): 1})
    got = Counter({("card", "red-1"): 1, ("piece", "dark"): 1})
    assert difference(want, got) == "lacks card:red-1, die:d6 and has extra piece:dark"


def test_a_page_printed_instead_of_another_is_counted_once_and_must_match_it():
    """Tâb's solid black pieces page stands in for page 2 (grey): its pieces are not
    counted a second time, and it must print the very components of the page
    it replaces (one missing is named)."""
    want = {"board": 1, "piece": 2}
    pieces = _page(("piece", "light"), ("piece", "dark"))
    same = [_page(("board", "4x9")), pieces, _page(), _page(("piece", "light"), ("piece", "dark"))]
    checks = {c.component: c for c in component_checks(want, same, {3: 1})}
    assert checks["piece"].found == "2" and checks["piece"].ok
    assert checks["page 4, printed instead of page 2"].ok
    # without knowing that page 4 stands in for page 2, its pieces count twice
    assert not {c.component: c for c in component_checks(want, same)}["piece"].ok
    short = [*same[:3], _page(("piece", "light"))]
    bad = {c.component: c for c in component_checks(want, short, {3: 1})}
    assert bad["piece"].ok  # the count is page 2's
    assert not bad["page 4, printed instead of page 2"].ok
    assert "lacks piece:dark" in bad["page 4, printed instead of page 2"].found
