"""`pnp new NAME`: a small working data kit to start from: a board, a few
tokens (one- and two-sided), a deck from a CSV file with backs, and rules in
English. Every file is written whole or not at all, and an existing folder
is never touched."""

from __future__ import annotations

from pathlib import Path

from pnp.datakit import KIT_ID
from pnp.errors import UsageError

GAME = '''# {name}: a data kit for pnp. Render it with `pnp render ./{name}`.
# The components are of the kinds board, pieces, deck and rules
# (see the README, "Your own game"); the schema is docs/game.schema.json.
players = [2, 3, 4]
values = {{ goal = 10 }}   # numbers the texts use: {{goal}} in lang/en.toml
needs = ["need_card", "need_glue", "need_knife"]

[[components]]
kind = "rules"
text = "rules"

[[components]]
kind = "board"
heading = "board_heading"
rows = 5
columns = 5
square = 30.0
[[components.special]]
squares = [[3, 3]]
art = "art/star.svg"
label = "label_goal"

[[components]]
kind = "pieces"
id = "token"
shape = "circle"
size = 20.0
heading = "tokens_heading"
[[components.sets]]
id = "coin"
count = {{ 2 = 6, 3 = 9, 4 = 12 }}   # one count for each player count
front = {{ fill = "#F2C14E", symbol = "circle", ink = "#7A5C00" }}

[[components]]
kind = "pieces"
id = "marker"
size = 18.0
sides = 2                                # folded over: a front and a back
[[components.sets]]
id = "player"
count = {{ 2 = 2, 3 = 3, 4 = 4 }}
front = {{ fill = "#2E6FB7", label = "marker_front", ink = "#FFFFFF" }}
back = {{ fill = "#2E6FB7", label = "marker_back", ink = "#FFFFFF" }}

[[components]]
kind = "deck"
id = "card"
card = [63.5, 88.9]                      # mm: poker size
csv = "cards.csv"                        # one row a card; "count" copies of it
back = {{ fill = "#1F3A5F", art = "art/star.svg", label = "title", ink = "#FFFFFF" }}

[[contents]]
name = "contents_board"
tags = ["board"]
[[contents]]
name = "contents_coins"
tags = ["token"]
[[contents]]
name = "contents_markers"
tags = ["marker"]
[[contents]]
name = "contents_cards"
tags = ["card"]
'''

CARDS = '''title,text,value,symbol,colour,count
$card_step,$card_step_text,1,circle,#FFF4D6,6
$card_leap,$card_leap_text,3,triangle,#E3F1FF,3
Swap,Swap places with any other player's marker.,0,diamond,#F6E3FF,1
'''

STAR = '''<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <polygon points="50,5 61,38 96,38 68,59 79,93 50,72 21,93 32,59 4,38 39,38" fill="#7A5C00"/>
  <polygon points="50,14 58.5,40.5 86,40.5 63.5,57 72,83 50,67 28,83 36.5,57 14,40.5 41.5,40.5" fill="#F2C14E"/>
</svg>
'''

EN = '''# {name}, English: every text of the kit. Block syntax in "rules":
# "## " heading, "- " bullet, plain = paragraph; **bold**, *italic*.
title = "{title}"
subtitle = "A game for {{players_min}}-{{players_max}} players"
board_heading = "Board: glue onto card and cut out along the outer line"
tokens_heading = "Coins and markers: glue onto card, cut out; fold each marker on its dashed line and glue it"
label_goal = "Goal"
marker_front = "Go"
marker_back = "Wait"
card_step = "Step"
card_step_text = "Move your marker one square."
card_leap = "Leap"
card_leap_text = "Move your marker up to three squares in a straight line."
contents_board = "{{n}} board"
contents_coins = "{{n}} coins"
contents_markers = "{{n}} markers, folded and glued"
contents_cards = "{{n}} cards, printed front and back"
rules = [
  "## Goal",
  "Be the first to collect {{goal}} coins.",
  "## Playing",
  "- On your turn, play a card and do what it says.",
  "- Landing on the Goal square earns a coin.",
  "## Printing",
  "Print the kit at 100 % on {{paper}} paper, double-sided for the cards.",
]
'''


def new_kit(folder: Path) -> list[Path]:
    """Write the starter kit into `folder`, which must not exist yet; the
    folder's name is the kit's id. Returns the files written."""
    name = folder.name
    if not KIT_ID.match(name):
        raise UsageError(f"{name!r}: a kit's name is lower case letters, digits and dashes, such as my-game")
    if folder.exists():
        raise UsageError(f"{folder}: exists already; choose a new name")
    title = name.replace("-", " ").capitalize()
    files = {
        "game.toml": GAME.format(name=name),
        "cards.csv": CARDS,
        "art/star.svg": STAR,
        "lang/en.toml": EN.format(name=name, title=title),
    }
    from pnp.atomic import atomic_folder, write_atomic

    with atomic_folder(folder) as tmp:
        for rel, text in files.items():
            write_atomic(tmp / rel, text.encode())
    return [folder / rel for rel in files]
