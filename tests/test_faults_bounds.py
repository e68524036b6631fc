"""Issue 21, round two: any facts file, any data file, bounded.

- The facts the hostile tester used (a million turnips, rows, cards in a
  stack, ten million pieces, a 999 mm token ...) are one line naming file
  and key, in a child process that stays under 500 MB and 10 s.
- Every number of every game.toml at its schema's upper bound (one at a
  time, the game's invariants not asked): the facts are refused, or laid
  out, or refused in layout, each in a forked child held to 500 MB of
  address space and 10 s: the bounds alone bound the work.
- Data files as links to /dev/zero, as pipes, as a file larger than any
  real one: one line, and not a byte more read than a real file holds.
- Catalog strings bounded: a 100 KB label is one line of sensible length.
"""

from __future__ import annotations

import os
import pickle
import resource
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
import tomli_w

import pnp.i18n
import pnp.paths
from pnp.paths import FONTS, TEMPLATES
from tests.helpers import KIT_IDS
from tests.test_faults_data import schema_of, with_value

MEMORY = 500 * 1024 * 1024  # bytes: the bound for any facts file
SECONDS = 10.0
LAUNCH = ("import sys, pathlib, pnp.paths as p; p.TEMPLATES = pathlib.Path(sys.argv[1]); "
          "p.FONTS = pathlib.Path(sys.argv[2]); from pnp.cli import main; main(sys.argv[3:])")


def _cap_memory() -> None:  # a safety net: a regression must not take the machine's memory
    resource.setrlimit(resource.RLIMIT_AS, (2 * MEMORY, 2 * MEMORY))


def run_measured(templates: Path, fonts: Path, *args: str) -> tuple[int, str, float, int]:
    """`pnp ARGS` in a child with the data folders moved: (exit code,
    stderr, wall seconds, peak resident bytes of the child and the workers it waited for)."""
    start = time.monotonic()
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen([sys.executable, "-c", LAUNCH, str(templates), str(fonts), *args], stdout=null,
                                stderr=subprocess.PIPE, preexec_fn=_cap_memory)
        err = b""
        try:
            err = proc.stderr.read()  # type: ignore[union-attr]
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            if proc.returncode is None:
                proc.returncode = 0  # reaped by wait4 above; keep Popen from waiting again
    return os.waitstatus_to_exitcode(status), err.decode(errors="replace"), time.monotonic() - start, \
        usage.ru_maxrss * 1024


@pytest.fixture
def templates(tmp_path: Path) -> Path:
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    return copy


def _edit_game(templates: Path, kit_id: str, **values: object) -> Path:
    path = templates / kit_id / "game.toml"
    data = tomllib.loads(path.read_text("utf-8"))
    data.update(values)
    path.write_text(tomli_w.dumps(data), "utf-8")
    return path


# ---- the facts the issue names, through the command line ---------------------

@pytest.mark.parametrize(("kit_id", "values", "says"), [
    ("kesse-rueben", {"token": 999.0}, "token: should be less than or equal to 284.3, not 999.0"),
    ("kesse-rueben", {"supply": {"2": 1000000, "3": 12, "4": 9}}, "supply.2: should be less than or equal to 560"),
    ("tab", {"rows": 1000000}, "rows: should be less than or equal to 560, not 1000000"),
    ("tab", {"columns": 100000}, "columns: should be less than or equal to 560, not 100000"),
    ("tab", {"columns": 20, "pieces_per_player": 20}, "columns: 20 x square 24 mm is 480 mm; no sheet pnp prints"),
    ("tab", {"pieces_per_player": 10000000}, "pieces_per_player: should be less than or equal to 560"),
    ("tab", {"marker": 1000.0}, "marker: should be less than or equal to 284.3, not 1000.0"),
    ("ludo-cards", {"stack_height": 1000000}, "stack_height: should be less than or equal to 560, not 1000000"),
    ("ludo-cards", {"stack_height": 100}, "card[1]: a card 88.9 mm long has no room for stack_height 100 pawn"),
    ("ludo-cards", {"card": [1000.0, 1000.0]}, "card[0]: should be less than or equal to 284.3, not 1000.0"),
    ("ludo-cards", {"card": [0.1, 0.1]}, "card[1]: a card 0.1 mm long has no room for stack_height 6 pawn"),
    ("ludo-cards", {"card": [63.0, 88.0]}, "the game's rule 'poker size' does not hold: (63.0, 88.0)"),
    ("ludo-cards", {"grid": [100, 100]}, "grid[0]: 100 x card[0] 63.5 mm is 6350 mm"),
    ("ludo-cards", {"values": [1]}, "the game's rule 'a stack per die value 1-4' does not hold"),
])
def test_facts_no_table_can_hold_are_one_line_quickly_in_little_memory(tmp_path, templates, kit_id, values, says):
    path = _edit_game(templates, kit_id, **values)
    out = tmp_path / "out"
    code, err, seconds, peak = run_measured(templates, FONTS, "render", kit_id, "-o", str(out))
    assert code == 1, err
    (line,) = err.splitlines()
    assert line.startswith(f"Error: {path}: ") and says in line, line
    assert len(line) < 300
    assert seconds < SECONDS and peak < MEMORY, (seconds, peak)
    assert not out.exists()


# ---- every number at its schema's bound: the work stays bounded ---------------

def _at_bounds(node: dict[str, Any], value: Any, path: tuple, defs: dict[str, Any]) -> Iterator[tuple[tuple, Any]]:
    """(path, value at its schema's upper bound) for every number and list under `node`."""
    if "$ref" in node:
        node = defs[node["$ref"].rsplit("/", 1)[1]]
    if "anyOf" in node:  # a data kit's component (by its kind) or a value (a number or a word)
        tag = node.get("discriminator", {})
        if tag and isinstance(value, dict) and value.get(tag["propertyName"]) in tag["mapping"]:
            ref = tag["mapping"][value[tag["propertyName"]]]
            node = defs[ref.rsplit("/", 1)[1]]
        else:
            want = "integer" if isinstance(value, int) and not isinstance(value, bool) else "string"
            node = next((n for n in node["anyOf"] if n.get("type") == want), node)
    kind = node.get("type")
    if kind in ("integer", "number") and "maximum" in node:
        yield path, node["maximum"]
    if kind == "array" and isinstance(value, list):
        if "maxItems" in node and value:
            yield path, list(value) + list(value)[-1:] * (node["maxItems"] - len(value))
        for i, sub in enumerate(value):
            child = node["prefixItems"][i] if "prefixItems" in node else node.get("items")
            if child:
                yield from _at_bounds(child, sub, (*path, i), defs)
    if kind == "object" and isinstance(value, dict):
        props = node.get("properties", {})
        for key, sub in value.items():
            child = props.get(key) if props else node.get("additionalProperties")
            if isinstance(child, dict):
                yield from _at_bounds(child, sub, (*path, key), defs)


def bound_cases() -> list[Any]:
    cases = []
    for kit_id in KIT_IDS:
        data = tomllib.loads((TEMPLATES / kit_id / "game.toml").read_text("utf-8"))
        schema = msgspec.json.schema(schema_of(kit_id))
        for path, value in _at_bounds(schema, data, (), schema.get("$defs", {})):
            cases.append(pytest.param(kit_id, path, value, id=f"{kit_id}:{'.'.join(map(str, path))}"))
    return cases


def in_bounded_child(fn: Callable[[], Any]) -> tuple[Any, float]:
    """fn() in a forked child held to MEMORY bytes of address space more than
    this process and SECONDS of wall time: (its result or the name of the
    limit it broke, seconds)."""
    from pnp.validation.bounded import vm_size

    r, w = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            limit = vm_size() + MEMORY
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            try:
                value: Any = fn()
            except MemoryError:
                value = "more than 500 MB"
            except BaseException as e:  # noqa: BLE001 - a finding: carried back as text
                value = f"{type(e).__name__}: {e}"
            os.write(w, pickle.dumps(value))
        finally:
            os._exit(0)
    os.close(w)
    data = b""
    while time.monotonic() - start < SECONDS:
        import select

        if select.select([r], [], [], 0.05)[0]:
            chunk = os.read(r, 1 << 16)
            if not chunk:
                break
            data += chunk
    os.close(r)
    seconds = time.monotonic() - start
    if seconds >= SECONDS:
        os.kill(pid, 9)
    os.waitpid(pid, 0)
    return (pickle.loads(data) if data else f"no answer within {SECONDS:g} s"), seconds


@pytest.mark.parametrize(("kit_id", "path", "value"), bound_cases())
def test_every_number_at_its_bound_is_laid_out_or_refused_within_the_bounds(templates, kit_id, path, value):
    """The schema alone (the game's invariants, which would refuse most of
    these, are not asked) keeps a layout under 500 MB and 10 s."""
    from pnp.build import build_pages
    from pnp.errors import LayoutError, SpecError, UsageError
    from pnp.fonts import Measurer
    from pnp.kits import get_kit
    from pnp.options import Options
    from pnp.paper import get_paper

    data = tomllib.loads((TEMPLATES / kit_id / "game.toml").read_text("utf-8"))
    (templates / kit_id / "game.toml").write_text(tomli_w.dumps(with_value(data, path, value)), "utf-8")
    measure = Measurer()

    def lay_out() -> str:
        pnp.paths.TEMPLATES = templates  # in the child only
        pnp.i18n._load_catalog.cache_clear()
        try:
            pages = build_pages(get_kit(kit_id), Options("en", get_paper("a4")), measure).pages
        except (SpecError, LayoutError, UsageError) as e:
            assert "\n" not in str(e)
            return f"refused: {type(e).__name__}"
        return f"laid out: {len(pages)} pages"

    outcome, seconds = in_bounded_child(lay_out)
    assert outcome.startswith(("refused", "laid out")), f"{outcome} after {seconds:.1f} s"


def test_the_bound_cases_reach_every_number():
    hit = {(c.values[0], c.values[1][0]) for c in bound_cases()}
    for kit_id in KIT_IDS:
        data = tomllib.loads((TEMPLATES / kit_id / "game.toml").read_text("utf-8"))
        numbers = {k for k, v in data.items() if _holds_a_number(v)}  # a data kit's are in its tables
        assert numbers and not {k for k in numbers if (kit_id, k) not in hit}, kit_id


def _holds_a_number(v: Any) -> bool:
    if isinstance(v, dict):
        return any(_holds_a_number(x) for x in v.values())
    if isinstance(v, list):
        return any(_holds_a_number(x) for x in v)
    return isinstance(v, (int, float)) and not isinstance(v, bool)


# ---- data files that are not what they say -----------------------------------

def _zero_link(path: Path) -> None:
    path.unlink()
    path.symlink_to("/dev/zero")


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)  # opening it would wait for a writer forever


def _huge(path: Path) -> None:
    with path.open("ab") as f:
        f.truncate(8 * 1024 * 1024 * 1024)  # 8 GB, sparse: nothing of it is on the disk


@pytest.mark.parametrize("make", [_zero_link, _fifo, _huge], ids=["dev-zero", "fifo", "8GB"])
@pytest.mark.parametrize(("where", "says"), [
    ("templates/tab/game.toml", "game facts file"),
    ("templates/tab/lang/de.toml", "catalog file"),
    ("templates/common/lang/en.toml", "catalog file"),
    ("templates/common/card-presets.toml", "card presets file"),
    ("fonts/DejaVuSansCondensed.ttf", "font file"),
])
def test_a_data_file_that_is_a_device_a_pipe_or_huge_is_one_line(tmp_path, where, says, make):
    root = tmp_path / "data"
    shutil.copytree(TEMPLATES, root / "templates")
    shutil.copytree(FONTS, root / "fonts")
    target = root / where
    make(target)
    args = ["render", "tab", "-o", str(tmp_path / "out")]
    if "presets" in where:
        args += ["--format", "cards", "--preset", "poker-eu"]
    code, err, seconds, peak = run_measured(root / "templates", root / "fonts", *args)
    assert code == 1, err
    (line,) = err.splitlines()
    assert line.startswith(f"Error: {target}: ") and says in line, line
    assert seconds < SECONDS and peak < MEMORY, (seconds, peak)
    assert not (tmp_path / "out").exists()


# ---- catalog strings ------------------------------------------------------------

@pytest.mark.parametrize(("key", "value", "says"), [
    ("title", "Tâb " * 25_000, "key 'title' holds a string of 100000 characters ('Tâb Tâb"),
    ("rules", ["x"] * 101, "key 'rules' is a list of 101 strings; at most 100"),
    ("x" * 100_000, "y", "key 'xxxxxxxx"),
])
def test_an_over_long_catalog_string_is_one_line_of_sensible_length(tmp_path, templates, key, value, says):
    path = templates / "tab" / "lang" / "nl.toml"
    data = tomllib.loads(path.read_text("utf-8"))
    data[key] = value
    path.write_text(tomli_w.dumps(data), "utf-8")
    code, err, seconds, peak = run_measured(templates, FONTS, "render", "tab", "-o", str(tmp_path / "out"))
    assert code == 1
    (line,) = err.splitlines()
    assert line.startswith(f"Error: {path}: ") and says in line, line
    assert len(line) < 300, f"a line of {len(line)} characters"
    assert not (tmp_path / "out").exists()
