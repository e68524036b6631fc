"""Which drawings a renderer writes once and places by reference (a PDF
form XObject, an SVG <defs> entry): the reuse policy, shared by the PDF and
SVG renderers. The page data itself (pnp.geometry) knows nothing of it."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.geometry import Group, Page, Shape


def leaf_count(items: Iterable[Shape]) -> int:
    return sum(leaf_count(s.items) if isinstance(s, Group) else 1 for s in items)


def has_tag(items: Iterable[Shape]) -> bool:
    """Whether a component tag sits anywhere in `items`."""
    return any(isinstance(s, Group) and (s.tag is not None or has_tag(s.items)) for s in items)


# A form (or <defs> entry) costs about as much as writing this many shapes
# more: its dictionary and resources are about 250 bytes, and its stream is
# compressed on its own. Measured on the Ludo deck: four whole cards placed 3
# times each (saving 2 x 10 shapes) made the file 2.2 KB larger as forms.
REUSE_MIN_SAVING = 24


class _Art:
    """A group's contents as a dict key: hashed once (content hashes are
    worked out bottom-up, each shape hashed once), compared shape by shape
    only when two hashes meet."""

    __slots__ = ("items", "h")

    def __init__(self, items: tuple[Shape, ...], h: int) -> None:
        self.items = items
        self.h = h

    def __hash__(self) -> int:
        return self.h

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Art) and (self.items is other.items or self.items == other.items)


def repeated_art(pages: Iterable[Page]) -> dict[int, tuple[Shape, ...]]:
    """Which groups' contents to write once and place by reference.

    Repeated art: a group's `items` (frozen dataclasses compare by value)
    that occur in more than one place, with no component tag inside (a tag
    must stay on the page, one per placement), where writing them once saves
    at least REUSE_MIN_SAVING shapes: (placements - 1) x the shapes written
    for one copy, repeated art inside counting as one shape. A group inside
    a repeated group is counted once, as it is written once.

    Returns id(items) -> the first equal `items` tuple (the same object for
    every copy), for every group whose contents are repeated art; the ids
    hold while `pages` are alive."""
    hashes: dict[int, int] = {}

    def content_hash(items: tuple[Shape, ...]) -> int:
        h = hashes.get(id(items))
        if h is None:
            h = hash(tuple(hash((content_hash(s.items), s.dx, s.dy, s.rotate, s.tag, s.scale, s.clip))
                           if isinstance(s, Group) else hash(s) for s in items))
            hashes[id(items)] = h
        return h

    canon: dict[_Art, _Art] = {}
    of_items: dict[int, _Art] = {}
    placed: dict[int, int] = {}  # id(canonical key) -> placements

    def rec(items: Iterable[Shape], counted: bool) -> None:
        for s in items:
            if isinstance(s, Group):
                key = _Art(s.items, content_hash(s.items))
                key = canon.setdefault(key, key)
                of_items[id(s.items)] = key
                first = id(key) not in placed
                if counted:
                    placed[id(key)] = placed.get(id(key), 0) + 1
                rec(s.items, counted and first)

    for page in pages:
        rec(page.items, True)
    art: set[int] = set()

    def cost(items: tuple[Shape, ...]) -> int:
        return sum(1 if not isinstance(s, Group) or id(of_items[id(s.items)]) in art else cost(s.items)
                   for s in items)

    # smaller art first: what a larger one costs depends on the art inside it
    candidates = [k for k in canon if placed.get(id(k), 0) > 1]
    for key in sorted(candidates, key=lambda k: leaf_count(k.items)):
        if not has_tag(key.items) and (placed[id(key)] - 1) * cost(key.items) >= REUSE_MIN_SAVING:
            art.add(id(key))
    return {i: key.items for i, key in of_items.items() if id(key) in art}
